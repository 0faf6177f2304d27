import {
  type NzPlay,
  nzStandings,
  oneBoardReasons,
  outOfNightVerdicts,
  sessionEligibility,
  visitorVerdicts,
} from '../../../src/rulesets/nz-club/standings';
import { amended, params, series } from './helpers';

const summary = (vs: { rule: string; scope: string; ok: boolean; subject: string }[]) =>
  vs.map((v) => `${v.rule} ${v.subject} ${v.scope} ${v.ok ? 'ok' : 'NO'}`);

describe('NZ-8e a Monday or Wednesday player on a Tuesday', () => {
  const mon = { id: 'mia', homeNight: 'monday' as const };
  const tue = (date: string, event?: string): NzPlay => ({
    date,
    night: 'tuesday',
    event,
    pair: 'P',
  });

  it('NZ-8e allows 3 Tuesdays a year, not counting the 4 Wellesley and 3 Wilkinson nights; the 4th is not permitted', () => {
    const plays = [
      tue('2026-02-03'),
      ...['2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24'].map((d) =>
        tue(d, 'wellesley-pairs'),
      ),
      ...['2026-05-05', '2026-05-12', '2026-05-19'].map((d) => tue(d, 'wilkinson-individual')),
      tue('2026-06-02'),
      tue('2026-07-07'),
      tue('2026-08-04'),
    ];
    const vs = outOfNightVerdicts(mon, plays, params);
    expect(vs.filter((v) => v.reason.includes('not counted'))).toHaveLength(7);
    const counted = vs.filter((v) => !v.reason.includes('not counted'));
    expect(counted.map((v) => [v.rule, v.scope, v.ok])).toEqual([
      ['NZ-8e', 'play', true],
      ['NZ-8e', 'play', true],
      ['NZ-8e', 'play', true],
      ['NZ-8e', 'play', false],
    ]);
    expect(counted[3]!.reason).toBe(
      '2026-08-04: a monday player on a Tuesday, the 4th this year (at most 3): not permitted',
    );
  });

  it('NZ-8e a 5th Wellesley night is not among the 4 left out', () => {
    const plays = ['2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31'].map((d) =>
      tue(d, 'wellesley-pairs'),
    );
    const vs = outOfNightVerdicts(mon, plays, params);
    expect(vs[4]!.reason).toBe(
      '2026-03-31: a monday player on a Tuesday, the 1st this year (at most 3)',
    );
  });

  it('NZ-8e counts per club year: a new year starts again (and yearStarts moves the boundary)', () => {
    const plays = ['2026-10-06', '2026-11-03', '2026-12-01', '2027-01-05'].map((d) => tue(d));
    expect(outOfNightVerdicts(mon, plays, params).every((v) => v.ok)).toBe(true);
    const april = amended({ yearStarts: '04-01' });
    expect(outOfNightVerdicts(mon, plays, april).map((v) => v.ok)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('NZ-8f a Tuesday player on a Wednesday', () => {
  it('NZ-8f allows two Wednesdays; the 3rd disqualifies the pair', () => {
    const vs = outOfNightVerdicts(
      { id: 'tom', homeNight: 'tuesday' },
      ['2026-02-04', '2026-03-04', '2026-04-01'].map((date) => ({
        date,
        night: 'wednesday' as const,
        pair: 'tom+wes',
      })),
      params,
    );
    expect(summary(vs)).toEqual([
      'NZ-8f tom play ok',
      'NZ-8f tom play ok',
      'NZ-8f tom+wes event NO',
    ]);
    expect(vs[2]!.reason).toMatch(
      /the 3rd this year \(at most 2\): the pair or team is disqualified$/,
    );
  });

  it('NZ-8f a disqualification verdict leaves the pair listed but unplaced in the standings', () => {
    const [, , third] = outOfNightVerdicts(
      { id: 'tom', homeNight: 'tuesday' },
      ['2026-02-04', '2026-03-04', '2026-04-01'].map((date) => ({
        date,
        night: 'wednesday' as const,
        pair: 'TW',
      })),
      params,
    );
    const rows = nzStandings(
      { kind: 'short-pairs', sessions: 3 },
      [
        { competitor: 'TW', scores: series('70', '70', '70'), verdicts: [third!] },
        { competitor: 'WW', scores: series('50', '50', '50') },
      ],
      params,
    );
    expect(rows.map((r) => [r.competitor, r.place])).toEqual([
      ['WW', 1],
      ['TW', null],
    ]);
  });
});

describe('NZ-8g a Tuesday player on a Monday', () => {
  const mondays = ['2026-02-02', '2026-03-02', '2026-04-06'].map((date) => ({
    date,
    night: 'monday' as const,
    pair: 'P',
  }));
  it('NZ-8g an Intermediate or Open may play two Mondays; the 3rd disqualifies as in f', () => {
    for (const rank of ['intermediate', 'open'] as const) {
      const vs = outOfNightVerdicts({ id: 'x', homeNight: 'tuesday', rank }, mondays, params);
      expect(summary(vs)).toEqual(['NZ-8g x play ok', 'NZ-8g x play ok', 'NZ-8g P event NO']);
    }
  });

  it('NZ-8g a Junior plays Mondays freely but does not qualify for any Monday event', () => {
    const vs = outOfNightVerdicts(
      { id: 'j', homeNight: 'tuesday', rank: 'junior' },
      mondays,
      params,
    );
    expect(vs.filter((v) => v.scope === 'play').every((v) => v.ok)).toBe(true);
    expect(vs.filter((v) => v.scope === 'event').map((v) => v.reason)).toEqual([
      '2026-02-02: a Tuesday Junior does not qualify for any Monday event',
      '2026-03-02: a Tuesday Junior does not qualify for any Monday event',
      '2026-04-06: a Tuesday Junior does not qualify for any Monday event',
    ]);
  });

  it('NZ-8g needs the NZCBA rank, and a bad date is named', () => {
    expect(() => outOfNightVerdicts({ id: 'x', homeNight: 'tuesday' }, mondays, params)).toThrow(
      'NZ-8g: x.rank is needed for a Tuesday player on a Monday',
    );
    expect(() =>
      outOfNightVerdicts(
        { id: 'x', homeNight: 'monday' },
        [{ date: '2026-2-3', night: 'tuesday' }],
        params,
      ),
    ).toThrow("NZ-8: plays[0].date must be YYYY-MM-DD, got '2026-2-3'");
  });

  it('NZ-8e NZ-8f NZ-8g the limits are parameters (nightLimits.tuesdayToWednesday 3)', () => {
    const vs = outOfNightVerdicts(
      { id: 'tom', homeNight: 'tuesday' },
      ['2026-02-04', '2026-03-04', '2026-04-01'].map((date) => ({
        date,
        night: 'wednesday' as const,
      })),
      amended({ 'nightLimits.tuesdayToWednesday': 3 }),
    );
    expect(vs.every((v) => v.ok)).toBe(true);
  });
});

describe('NZ-8 a–d C-point eligibility in one session', () => {
  it('NZ-8a a member on own night with a lower-graded partner qualifies in own grade; the partner for C points', () => {
    const vs = sessionEligibility(
      {
        night: 'tuesday',
        players: [
          { id: 'tue', status: 'member', homeNight: 'tuesday' },
          { id: 'mon', status: 'member', homeNight: 'monday' },
        ],
      },
      params,
    );
    expect(summary(vs)).toEqual([
      'NZ-8a tue event ok',
      'NZ-8 tue c-points ok',
      'NZ-8a mon c-points ok',
    ]);
  });

  it('NZ-8b a Tuesday player on a Wednesday qualifies for C points after the one-board penalty', () => {
    const players = [
      { id: 'tue', status: 'member', homeNight: 'tuesday' },
      { id: 'wed', status: 'member', homeNight: 'wednesday' },
    ] as const;
    const vs = sessionEligibility({ night: 'wednesday', players }, params);
    expect(vs.find((v) => v.subject === 'tue')).toMatchObject({
      rule: 'NZ-8b',
      scope: 'c-points',
      ok: true,
    });
    expect(oneBoardReasons('wednesday', players)).toEqual(['tuesday-player']);
  });

  it('NZ-8c a member with a guest qualifies for C points; the guest only with a valid NZCBA number', () => {
    const withNumber = sessionEligibility(
      {
        night: 'monday',
        players: [
          { id: 'm', status: 'member', homeNight: 'monday' },
          { id: 'g', status: 'non-member', nzcbaNumberValid: true },
        ],
      },
      params,
    );
    expect(summary(withNumber)).toEqual(['NZ-8c m c-points ok', 'NZ-8c g c-points ok']);
    const without = sessionEligibility(
      {
        night: 'monday',
        players: [
          { id: 'm', status: 'member', homeNight: 'monday' },
          { id: 'g', status: 'non-member' },
        ],
      },
      params,
    );
    expect(summary(without)).toEqual(['NZ-8c m c-points ok', 'NZ-8c g c-points NO']);
    expect(
      oneBoardReasons('monday', [
        { id: 'm', status: 'member', homeNight: 'monday' },
        { id: 'g', status: 'non-member' },
      ]),
    ).toEqual(['partner-non-member']);
  });

  it('NZ-8d NZ-10 a member asked by the Secretary to play with a visitor qualifies for event and C points; the visitor for no prize', () => {
    const vs = sessionEligibility(
      {
        night: 'wednesday',
        requestedBySecretary: true,
        players: [
          { id: 'm', status: 'member', homeNight: 'wednesday' },
          { id: 'v', status: 'visitor' },
        ],
      },
      params,
    );
    expect(summary(vs)).toEqual([
      'NZ-8d m event ok',
      'NZ-8d m c-points ok',
      'NZ-8c v c-points NO',
      'NZ-10 v prizes NO',
    ]);
  });

  it('NZ-7 a player whose nomination is posted counts as a member', () => {
    const vs = sessionEligibility(
      {
        night: 'monday',
        players: [
          { id: 'n', status: 'nominee', homeNight: 'monday' },
          { id: 'm', status: 'member', homeNight: 'monday' },
        ],
      },
      params,
    );
    expect(summary(vs)).toEqual(['NZ-8 n c-points ok', 'NZ-8 m c-points ok']);
  });
});

describe('NZ-10 visitors', () => {
  it('NZ-10 a visitor plays at most 3 times a year and never qualifies for prizes', () => {
    const vs = visitorVerdicts(
      'v',
      ['2026-05-01', '2026-02-01', '2026-03-01', '2026-04-01', '2027-01-10'],
      params,
    );
    expect(vs.map((v) => [v.scope, v.ok])).toEqual([
      ['play', true],
      ['play', true],
      ['play', true],
      ['play', false],
      ['play', true],
      ['prizes', false],
    ]);
    expect(vs[3]!.reason).toBe(
      "2026-05-01: the visitor's 4th play this year (at most 3): not permitted",
    );
  });

  it('NZ-10 visitorMaxPerYear is a parameter', () => {
    const vs = visitorVerdicts(
      'v',
      ['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01'],
      amended({ visitorMaxPerYear: 4 }),
    );
    expect(vs.filter((v) => v.scope === 'play').every((v) => v.ok)).toBe(true);
  });
});

describe('NZ-8 NZ-10 verdicts on a play carry its date', () => {
  it('NZ-8e NZ-8f NZ-10 each play verdict has the play’s date as a field (in date order, given out of order); "no prizes" has none', () => {
    const wed = { id: 'tom', homeNight: 'tuesday' as const };
    const plays: NzPlay[] = ['2026-03-18', '2026-03-04'].map((date) => ({
      date,
      night: 'wednesday',
      pair: 'P',
    }));
    expect(outOfNightVerdicts(wed, plays, params).map((v) => v.date)).toEqual([
      '2026-03-04',
      '2026-03-18',
    ]);
    const vs = visitorVerdicts('v', ['2026-05-01', '2026-02-01'], params);
    expect(vs.map((v) => [v.scope, v.date])).toEqual([
      ['play', '2026-02-01'],
      ['play', '2026-05-01'],
      ['prizes', undefined],
    ]);
  });
});
