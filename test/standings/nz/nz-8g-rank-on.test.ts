import { nzClub } from '../../../src/rulesets/nz-club/preset';
import {
  NzInputError,
  nzcbaRankOn,
  outOfNightVerdicts,
} from '../../../src/rulesets/nz-club/standings';

/** RULES.md NZ-8g: the NZCBA rank on the day of the session (`nzcbaRankOn`), pure. */
describe('NZ-8g nzcbaRankOn: the rank on a date', () => {
  const recorded = [
    { from: '2026-06-01', rank: 'intermediate' as const },
    { from: '2026-09-01', rank: 'open' as const },
    { from: '2026-09-01', rank: 'intermediate' as const },
  ];

  it('NZ-8g the latest rank from a day on or before the date; the same day counts, the day after does not', () => {
    expect(nzcbaRankOn(recorded, '2026-06-01', 'junior')).toEqual({
      rank: 'intermediate',
      from: '2026-06-01',
    });
    expect(nzcbaRankOn(recorded, '2026-05-31', 'junior')).toEqual({ rank: 'junior' });
    expect(nzcbaRankOn(recorded, '2026-08-31')).toEqual({
      rank: 'intermediate',
      from: '2026-06-01',
    });
  });

  it('NZ-8g edge: two ranks from one day, the later recorded decides; none and no roster rank: undefined', () => {
    expect(nzcbaRankOn(recorded, '2026-12-31')).toEqual({
      rank: 'intermediate',
      from: '2026-09-01',
    });
    expect(nzcbaRankOn(recorded, '2026-01-01')).toBeUndefined();
    expect(nzcbaRankOn(undefined, '2026-01-01', 'open')).toEqual({ rank: 'open' });
  });

  it('NZ-8g bad input: an unknown rank (recorded or the roster’s) is refused naming the field', () => {
    const bad = [{ from: '2026-06-01', rank: 'expert' as never }];
    expect(() => nzcbaRankOn(bad, '2026-06-01', 'junior', 'tom.rank')).toThrow(
      new NzInputError(
        'NZ-8g',
        'tom.rank[0]',
        "must be one of junior, intermediate, open, got 'expert'",
      ),
    );
    expect(() => nzcbaRankOn(undefined, '2026-06-01', 'master', 'tom.rank')).toThrow(
      "NZ-8g: tom.rank must be one of junior, intermediate, open, got 'master'",
    );
    // A bad rank from a later day is not read for an earlier date.
    expect(nzcbaRankOn(bad, '2026-05-31', 'junior')).toEqual({ rank: 'junior' });
  });
});

describe('NZ-8g outOfNightVerdicts: each Monday judged by its own rank', () => {
  const tom = { id: 'tom', homeNight: 'tuesday' as const, rank: 'open' as const };
  const monday = (date: string, rank?: 'junior' | 'intermediate') => ({
    date,
    night: 'monday' as const,
    pair: 'TM',
    ...(rank ? { rank, rankFrom: '2026-06-01' } : {}),
  });

  it('NZ-8g a Junior’s Mondays do not count towards the Intermediate limit: the 3rd Intermediate Monday disqualifies', () => {
    const v = outOfNightVerdicts(
      tom,
      [
        monday('2026-05-11', 'junior'),
        monday('2026-05-18', 'junior'),
        monday('2026-06-08', 'intermediate'),
        monday('2026-06-15', 'intermediate'),
        monday('2026-07-06', 'intermediate'),
      ],
      nzClub.params,
    );
    expect(v.filter((x) => x.reason.includes('intermediate')).map((x) => [x.scope, x.ok])).toEqual([
      ['play', true],
      ['play', true],
      ['event', false],
    ]);
    expect(v.filter((x) => x.reason.includes('Junior') && !x.ok).map((x) => x.date)).toEqual([
      '2026-05-11',
      '2026-05-18',
    ]);
  });

  it('NZ-8g a play without its own rank takes the player’s', () => {
    const v = outOfNightVerdicts(
      tom,
      [monday('2026-05-11', 'junior'), monday('2026-05-18')],
      nzClub.params,
    );
    expect(v.map((x) => x.reason)).toEqual([
      '2026-05-11: a Tuesday Junior (NZCBA rank from 2026-06-01) may play on Mondays as often as they wish',
      '2026-05-11: a Tuesday Junior (NZCBA rank from 2026-06-01) does not qualify for any Monday event',
      '2026-05-18: a Tuesday open on a Monday, the 1st this year (at most 2)',
    ]);
  });
});
