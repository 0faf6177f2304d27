import { fold } from '../../src/kernel/projection';
import { competitions, standingsOf } from '../../src/contexts/pairs/projection';
import type { NzStanding } from '../../src/rulesets/nz-club/standings';
import type { FactLog } from '../support/ledger';
import {
  importedResult,
  numberedPairs,
  nzClubWithRoster,
  nzCompetitionEntered,
  tuesdayMembers,
} from '../support/nz-ledger';

const C = 'club-pairs';
const dates = Array.from({ length: 10 }, (_, i) => `2026-02-${String(3 + i).padStart(2, '0')}`);
const CLUB_PAIRS = {
  name: 'Club Pairs',
  season: '2026',
  kind: 'pairs-series',
  format: 'club-pairs',
};

/** A ten-session Club Pairs with three pairs; `scores[pair][session-1]` (null: not played). */
function clubPairs(
  scores: Record<string, Array<number | null>>,
  extra: (log: FactLog) => void = () => {},
) {
  const log = nzClubWithRoster({
    ...tuesdayMembers(3),
    guest: { name: 'Guest', status: 'non-member' },
    sub: { name: 'Sub', status: 'member' },
  });
  nzCompetitionEntered(log, C, CLUB_PAIRS, dates, numberedPairs('p', 3));
  extra(log);
  for (let s = 1; s <= 10; s++) {
    for (const [pairId, row] of Object.entries(scores)) {
      const pct = row[s - 1];
      if (pct === null) continue;
      const n = pairId.slice(1);
      const subbed = log.events.find(
        (e) =>
          e.type === 'SubstitutePlayed' &&
          (e.data as { session: number; pairId: string }).session === s &&
          (e.data as { pairId: string }).pairId === pairId,
      );
      const players = subbed
        ? [`a${n}`, (subbed.data as { substituteId: string }).substituteId]
        : [`a${n}`, `b${n}`];
      const result = { session: s, pairId, players, percentage: pct };
      importedResult(log, C, result, 25, `${dates[s - 1]}T22:30`);
    }
  }
  return log;
}

const sub = (pairId: string, session: number, substituteId: string) => (log: FactLog) =>
  log.add(
    `competition-${C}`,
    'SubstitutePlayed',
    { competitionId: C, session, pairId, absentPlayerId: `b${pairId.slice(1)}`, substituteId },
    `${dates[session - 1]}T19:00`,
  );

const rows = (log: FactLog) => {
  const view = standingsOf(fold(competitions, log.events), C);
  if (view.kind !== 'nz') throw new Error('not NZ');
  return Object.fromEntries(view.rows.map((r) => [r.competitor, r])) as Record<string, NzStanding>;
};

const ten = (x: number) => Array.from({ length: 10 }, () => x);

describe('NZ standings from the ledger', () => {
  it('NZ-1 counts the best 9 of 10 and ranks by total', () => {
    const r = rows(clubPairs({ p1: [...ten(55).slice(0, 9), 40], p2: ten(50), p3: ten(45) }));
    expect(r.p1).toMatchObject({ place: 1, total: 49500, dropped: [10] });
    expect(r.p2).toMatchObject({ place: 2, total: 45000 });
  });

  it('NZ-4 a substitute session is penalised 1 % at the end of the event', () => {
    const r = rows(clubPairs({ p1: ten(55), p2: ten(50), p3: ten(45) }, sub('p2', 1, 'sub')));
    // All ten played: the lowest after penalties (the substitute session at 49) is dropped.
    expect(r.p2).toMatchObject({ total: 45000, dropped: [1] });
  });

  it('NZ-5 a player partnering a non-club member loses one board: 4 % of 25 boards', () => {
    const r = rows(clubPairs({ p1: ten(55), p2: ten(50), p3: ten(45) }, sub('p3', 2, 'guest')));
    const s2 = r.p3.sessions.find((s) => s.session === 2)!;
    expect(s2.beforeSubstitutePenalty).toBe(4500 - 400);
    expect(r.p3.explain.some((e) => e.rule === 'NZ-5')).toBe(true);
  });

  it('NZ-3 a pair with substitutes in 5 of 10 sessions is listed, not placed', () => {
    const extra = (log: FactLog) => [1, 2, 3, 4, 5].forEach((s) => sub('p3', s, 'sub')(log));
    const r = rows(clubPairs({ p1: ten(55), p2: ten(50), p3: ten(70) }, extra));
    expect(r.p3).toMatchObject({ place: null, qualifies: false });
    expect(r.p1.place).toBe(1);
  });

  it('an amendment to best 8 of 10 changes the totals on replay', () => {
    const scores = { p1: [...ten(55).slice(0, 8), 40, 40], p2: ten(50), p3: ten(45) };
    const amended = clubPairs(scores, (log) =>
      log.add('club-karori', 'RulebookAmended', {
        clubId: 'karori',
        changes: { 'tenSession.counted': 8 },
        effectiveFrom: '2026-02-01',
      }),
    );
    expect(rows(clubPairs(scores)).p1.total).toBe(48000);
    expect(rows(amended).p1.total).toBe(44000);
  });

  it('NZ-5 an amended one-board penalty applies from its date: the sessions before it keep one board', () => {
    const amended = (effectiveFrom: string) =>
      clubPairs({ p1: ten(55), p2: ten(50), p3: ten(45) }, (log) => {
        log.add(
          'club-karori-players',
          'PlayerStatusChanged',
          { playerId: 'b3', status: 'non-member' },
          '2026-01-10T10:00',
        );
        log.add('club-karori', 'RulebookAmended', {
          clubId: 'karori',
          changes: { 'oneBoardPenalty.boards': 2 },
          effectiveFrom,
        });
      });
    const penalties = (log: FactLog) =>
      rows(log).p3.sessions.map((s) => s.raw - s.beforeSubstitutePenalty);
    // Sessions 1-5 are 3-7 February, 6-10 are 8-12 February: one board is 4 % of 25, two 8 %.
    expect(penalties(amended('2026-02-08'))).toEqual([
      ...Array(5).fill(400),
      ...Array(5).fill(800),
    ]);
    // Effective before the event: every session; after it: none of them.
    expect(penalties(amended('2026-01-15'))).toEqual(ten(800));
    expect(penalties(amended('2026-03-01'))).toEqual(ten(400));
  });
});

describe('the roster as it was on the day', () => {
  it('NZ-5 a partner who joins the club mid-event costs a board only in the sessions before', () => {
    const log = clubPairs({ p1: ten(55), p2: ten(50), p3: ten(45) }, (l) => {
      l.add(
        'club-karori-players',
        'PlayerStatusChanged',
        { playerId: 'b3', status: 'non-member' },
        '2026-01-10T10:00',
      );
      l.add(
        'club-karori-players',
        'PlayerStatusChanged',
        { playerId: 'b3', status: 'member', reason: 'elected' },
        '2026-02-08T10:00',
      );
    });
    const p3 = rows(log).p3;
    const penalised = p3.explain
      .filter((e) => e.rule === 'NZ-5' && e.amount !== undefined && e.amount < 0)
      .map((e) => e.session);
    // Sessions 1-5 are 3-7 February; b3 was elected on 8 February.
    expect(penalised).toEqual([1, 2, 3, 4, 5]);
  });
});
