import { catalogue } from '../../src/contexts/catalogue';
import { competitions, cPointsOf, type CPointsView } from '../../src/contexts/pairs/projection';
import { fold } from '../../src/kernel/projection';
import type { FactLog } from '../support/ledger';
import { weekly } from '../support/nz-club';
import {
  importedResult,
  numberedPairs,
  nzClubWithRoster,
  nzCompetitionEntered,
  tuesdayMembers,
} from '../support/nz-ledger';

/** RULES.md NZ-8c from the ledger: PlayerRegistered.nationalNumber is the guest's NZCBA number. */
const ROSTER = {
  ...tuesdayMembers(9),
  gus: { status: 'non-member', nationalNumber: '123456' },
  gil: { status: 'non-member' },
  gab: { status: 'non-member', nationalNumber: 'NZ-123' },
  viv: { status: 'visitor', nationalNumber: '7654321' },
  vic: { status: 'visitor' },
};

const DATES = weekly('2026-03-03', 4);

/**
 * Karori (nz-club) and a four-session Tuesday event: pairs p1 … p9 (a<n>, b<n>) score 70, 68 …;
 * in session 1 `seat` puts other players at a pair's table. `night: null`: the event has none.
 */
function ledger(
  seat: Record<string, [string, string]>,
  { night = 'tuesday' as string | null, extra = (_log: FactLog) => {} } = {},
) {
  const log = nzClubWithRoster(ROSTER);
  extra(log);
  const c = { name: 'Short Pairs', season: '2026', kind: 'short-pairs' };
  const format = 'three-four-session-pairs';
  nzCompetitionEntered(
    log,
    'cp',
    { ...c, format, ...(night ? { night } : {}) },
    DATES,
    numberedPairs('p', 9),
  );
  DATES.forEach((date, i) => {
    for (let n = 1; n <= 9; n++) {
      const players = (i === 0 && seat[`p${n}`]) || [`a${n}`, `b${n}`];
      const result = { session: i + 1, pairId: `p${n}`, players, percentage: 70 - 2 * (n - 1) };
      importedResult(log, 'cp', result, 25, `${date}T22:30`);
    }
  });
  return log;
}

const view = (log: FactLog) => cPointsOf(fold(competitions, log.events), 'cp');

/** Session 1's C points by player. */
const points = (v: CPointsView) =>
  Object.fromEntries(v.awards[0]!.awards.map((a) => [a.player, a.points]));

const explainOf = (v: CPointsView, player: string) =>
  v.awards[0]!.awards.find((a) => a.player === player)!.explain.map((e) => `${e.rule} ${e.effect}`);

describe('NZ-8c from the ledger: a guest with a valid NZCBA number on the roster earns C points', () => {
  it('NZ-8c a member with a guest whose PlayerRegistered has a valid national number: both get the 1st place’s 40 C', () => {
    const v = view(ledger({ p1: ['a1', 'gus'] }));
    expect(points(v)).toMatchObject({ a1: '40', gus: '40', a2: '27' });
    expect(explainOf(v, 'gus')).toEqual([
      'NZ-8 1st of 9 in the session (one field) on 70.00 %; places 1–3 earn C points (the top 1/3, rounded down)',
      'NZ-8c c-points: ok — 2026-03-03: a guest with a valid NZCBA number',
      'NZ-8 40 C',
    ]);
    expect(v.totals.find((t) => t.player === 'gus')).toEqual({
      player: 'gus',
      points: '40',
      sessions: [1],
    });
  });

  it('NZ-8c a guest with no national number on the roster gets none; the member still gets the 40 C', () => {
    const v = view(ledger({ p1: ['a1', 'gil'] }));
    expect(points(v)).toMatchObject({ a1: '40', gil: '0' });
    expect(explainOf(v, 'gil').at(-1)).toBe(
      'NZ-8c no C points: NZ-8c 2026-03-03: a guest without a valid NZCBA number',
    );
  });

  it('NZ-8c bad input: a guest whose national number is not an NZCBA number (letters, a dash) gets none, and is told why', () => {
    const v = view(ledger({ p2: ['a2', 'gab'] }));
    expect(points(v)).toMatchObject({ a2: '27', gab: '0' });
    expect(explainOf(v, 'gab').at(-1)).toBe(
      'NZ-8c no C points: NZ-8c 2026-03-03: a guest whose recorded NZCBA number is not valid (reading: 1 to 10 digits, not zero)',
    );
  });

  it('NZ-8c NZ-10 a visitor with a valid NZCBA number earns C points (not prizes); one without, none', () => {
    const v = view(ledger({ p1: ['a1', 'viv'], p2: ['a2', 'vic'] }));
    expect(points(v)).toMatchObject({ a1: '40', viv: '40', a2: '27', vic: '0' });
    expect(explainOf(v, 'viv')).toContain(
      'NZ-10 prizes: no — a visitor does not qualify for prizes (not a C-point verdict: explained only)',
    );
  });

  it('NZ-8c edge: the number restated nowhere is kept — a later PlayerRegistered without it and a PlayerStatusChanged leave it on the roster', () => {
    const later = (log: FactLog) => {
      log.add(
        'club-karori-players',
        'PlayerRegistered',
        { playerId: 'gus', name: 'Gus', status: 'non-member' },
        '2026-02-01T12:00',
      );
      log.add(
        'club-karori-players',
        'PlayerStatusChanged',
        { playerId: 'gus', status: 'visitor', reason: 'moved away' },
        '2026-02-15T12:00',
      );
    };
    const v = view(ledger({ p1: ['a1', 'gus'] }, { extra: later }));
    expect(points(v)).toMatchObject({ a1: '40', gus: '40' });
    expect(explainOf(v, 'gus')).toContain(
      'NZ-8c c-points: ok — 2026-03-03: a visitor with a valid NZCBA number',
    );
  });

  it('NZ-8c edge: a table the a–d verdicts cannot judge (the event names no night) still reads the roster’s number', () => {
    const v = view(
      ledger({ p1: ['a1', 'gus'], p2: ['a2', 'gil'], p3: ['a3', 'gab'] }, { night: null }),
    );
    expect(points(v)).toMatchObject({ gus: '40', gil: '0', gab: '0' });
    expect(explainOf(v, 'gus')).toContain(
      'NZ-8c c-points: ok — a non-member from outside the club with a valid NZCBA number',
    );
    expect(explainOf(v, 'gil').at(-1)).toBe(
      'NZ-8c no C points: NZ-8c a non-member from outside the club without an NZCBA number on the roster',
    );
    expect(explainOf(v, 'gab').at(-1)).toBe(
      'NZ-8c no C points: NZ-8c a non-member from outside the club whose recorded NZCBA number is not valid (reading: 1 to 10 digits, not zero)',
    );
  });

  it('NZ-8c bad input on append: an empty or over-long national number is refused at the field', () => {
    const fields = (nationalNumber: string) =>
      catalogue
        .validate(
          {
            type: 'PlayerRegistered',
            data: {
              clubId: 'karori',
              playerId: 'g',
              name: 'G',
              status: 'non-member',
              nationalNumber,
            },
          },
          'e',
        )
        .map((i) => i.field);
    expect(fields('123456')).toEqual([]);
    expect(fields('')).toEqual(['e.data.nationalNumber']);
    expect(fields('1'.repeat(41))).toEqual(['e.data.nationalNumber']);
  });
});
