import { applyChanges } from '../../../src/rulebooks/rulebook';
import { clubChampionship, placingPoints } from '../../../src/standings/dsb';
import type { CompetitionInput, PairInput, SessionEntry } from '../../../src/standings/dsb';
import { P, pair, played, steadyGroup, withPair } from './builders';

const pts = (group: string, rank: number, tied = 1, params = P) => {
  const r = placingPoints(params, group, rank, tied);
  return r.points.toString();
};

/** Six sessions at `pct`, the first `original` in the original composition, then with a
 * substitute of the same group (DSB-10.2(1): the score is unchanged). */
const subs = (id: string, pct: number, original: number, more: Partial<PairInput> = {}) =>
  pair(
    id,
    [1, 2, 3, 4, 5, 6].map((s): SessionEntry =>
      s <= original
        ? played(s, pct)
        : played(s, pct, { players: [`${id}-n`], substitute: { case: 'sameGroup' } }),
    ),
    more,
  );

const comp = (id: string, ...pairs: PairInput[]): CompetitionInput => {
  let a = steadyGroup('A', 7);
  let b = steadyGroup('B', 7);
  for (const p of pairs) {
    if (p.pairId.startsWith('A')) a = withPair(a, p);
    else b = withPair(b, p);
  }
  return { id, groups: [a, b] };
};

describe('DSB-11.4 placing points by group and final rank', () => {
  it('DSB-11.4 the table: A rank 1 100, B rank 1 74, E rank 13 2', () => {
    expect(pts('A', 1)).toBe('100');
    expect(pts('B', 1)).toBe('74');
    expect(pts('E', 13)).toBe('2');
  });
  it('DSB-11.4 the seed’s header "Rg 5, Rg 5": the first is rank 4 (A 70, C 38), the second rank 5', () => {
    expect(pts('A', 4)).toBe('70');
    expect(pts('A', 5)).toBe('60');
    expect(pts('C', 4)).toBe('38');
  });
  it('DSB-11.4 rank 14 and beyond share the last column', () => {
    expect(pts('A', 14)).toBe('10');
    expect(pts('A', 20)).toBe('10');
    expect(pts('E', 15)).toBe('1');
    expect(placingPoints(P, 'E', 15).explain.effect).toBe(
      'rank 15 in group E (column 14+): 1 placing points',
    );
  });
  it('DSB-11.3 reading: tied pairs share the average of the ranks they cover', () => {
    expect(pts('A', 4, 2)).toBe('65'); // (70 + 60) / 2
    expect(pts('A', 13, 2)).toBe('25/2'); // (15 + 10) / 2
    expect(pts('A', 13, 3)).toBe('35/3'); // (15 + 10 + 10) / 3, exact
    expect(placingPoints(P, 'A', 13, 3).explain.amount).toBe(11.67);
  });
  it('DSB-11.3 reading: with tiePoints "higher" each tied pair gets the higher rank’s points', () => {
    const higher = applyChanges(P, { 'championship.tiePoints': 'higher' });
    expect(pts('A', 4, 2, higher)).toBe('70');
  });
  it('DSB-11.4 refuses an unknown group and a rank below 1', () => {
    expect(() => placingPoints(P, 'F', 1)).toThrow(/DSB-5: group is an unknown group "F"/);
    expect(() => placingPoints(P, 'A', 0)).toThrow('DSB-11.4: rank must be an integer ≥ 1, got 0');
  });
  it('DSB-11.4 an amended table changes the points', () => {
    const p = applyChanges(P, {
      'championship.placingPoints.A': [120, 90, 80, 70, 60, 50, 45, 40, 35, 30, 25, 20, 15, 10],
    });
    expect(pts('A', 1, 1, p)).toBe('120');
  });
});

describe('DSB-11 the club championship over a season', () => {
  it('DSB-11.5 season totals of placing points, ranked with ties', () => {
    const { table, awards } = clubChampionship(P, { competitions: [comp('c1'), comp('c2')] });
    expect(awards.filter((a) => a.pairId === 'A1').map((a) => a.points)).toEqual([100, 100]);
    expect(table.slice(0, 3).map((r) => [r.pairId, r.rank, r.points])).toEqual([
      ['A1', 1, 200],
      ['A2', 2, 180],
      ['A3', 3, 160],
    ]);
    const b1 = table.find((r) => r.pairId === 'B1')!;
    expect(b1.points).toBe(148);
    // A real tie: A1 and A2 swap places between the competitions (100 + 90 each).
    const [g1, g2] = steadyGroup('A', 7).pairs;
    const swapped = comp('c1', { ...g1, entries: g2.entries }, { ...g2, entries: g1.entries });
    const t = clubChampionship(P, { competitions: [swapped, comp('c2')] }).table;
    expect(
      t
        .slice(0, 2)
        .map((r) => [r.pairId, r.rank, r.points])
        .sort(),
    ).toEqual([
      ['A1', 1, 190],
      ['A2', 1, 190],
    ]);
    expect(t[2].rank).toBe(3);
  });

  it('DSB-11.3 tied pairs in a competition share the average of their ranks’ points', () => {
    const tied = { ...steadyGroup('A', 7).pairs[4], entries: steadyGroup('A', 7).pairs[3].entries };
    const { awards } = clubChampionship(P, { competitions: [comp('c1', tied)] });
    const a4 = awards.find((a) => a.pairId === 'A4')!;
    const a5 = awards.find((a) => a.pairId === 'A5')!;
    expect([a4.rank, a4.points, a5.rank, a5.points]).toEqual([4, 65, 4, 65]);
    expect(a5.explain.at(-1)!.effect).toMatch(/shared by 2 pairs: the average of ranks 4..5/);
  });

  it('DSB-11.2 exactly 75 % of the sessions in the original composition qualifies; fewer does not', () => {
    const season = {
      competitions: [
        comp('c1', subs('A2', 5900, 3), subs('A3', 5800, 4)),
        comp('c2', subs('A3', 5800, 4)),
      ],
    };
    const { table } = clubChampionship(P, season);
    const a2 = table.find((r) => r.pairId === 'A2')!;
    const a3 = table.find((r) => r.pairId === 'A3')!;
    expect(a2).toMatchObject({
      eligible: true,
      originalSessions: 9,
      seasonSessions: 12,
      points: 180,
    });
    expect(a3).toMatchObject({ eligible: false, rank: null, originalSessions: 8 });
    expect(a3.explain.at(-1)).toEqual({
      rule: 'DSB-11.2',
      effect: '8 of 12 sessions in the original composition, under 75 %: not ranked',
    });
    expect(table.at(-1)!.pairId).toBe('A3');
  });

  it('DSB-11.2 reading: with participationScope "competition" a short competition scores nothing', () => {
    const p = applyChanges(P, { 'championship.participationScope': 'competition' });
    const { table, awards } = clubChampionship(p, {
      competitions: [comp('c1', subs('A2', 5900, 4)), comp('c2')],
    });
    expect(awards.find((a) => a.pairId === 'A2' && a.competitionId === 'c1')).toMatchObject({
      counted: false,
      points: 0,
    });
    expect(table.find((r) => r.pairId === 'A2')).toMatchObject({ eligible: true, points: 90 });
  });

  it('DSB-11.2 an amended participation of 50 % lets 8 of 12 qualify', () => {
    const p = applyChanges(P, { 'championship.minParticipationPercent': 50 });
    const season = {
      competitions: [comp('c1', subs('A3', 5800, 4)), comp('c2', subs('A3', 5800, 4))],
    };
    expect(clubChampionship(p, season).table.find((r) => r.pairId === 'A3')!.eligible).toBe(true);
  });

  it('DSB-9.4(2) a pair playing under the substitute dispensation earns no points from that competition', () => {
    const d = { dispensations: [{ rule: 'DSB-9.4(2)' as const, player: 'A1-s', reason: 'care' }] };
    const { awards, table } = clubChampionship(P, {
      competitions: [
        comp(
          'c1',
          steadyGroup('A', 7).pairs.map((x) => (x.pairId === 'A1' ? { ...x, ...d } : x))[0],
        ),
        comp('c2'),
      ],
    });
    const a = awards.find((x) => x.pairId === 'A1' && x.competitionId === 'c1')!;
    expect(a).toMatchObject({ rank: 1, counted: false, points: 0 });
    expect(a.explain[0].rule).toBe('DSB-9.4(2)');
    expect(table.find((r) => r.pairId === 'A1')!.points).toBe(100);
  });

  it('DSB-11.3 reading: with rankAmong "eligible" the ranks are counted among qualifying pairs', () => {
    const d = { dispensations: [{ rule: 'DSB-9.4(2)' as const, player: 'A1-s', reason: 'care' }] };
    const a1 = { ...steadyGroup('A', 7).pairs[0], ...d };
    const p = applyChanges(P, { 'championship.rankAmong': 'eligible' });
    const { awards } = clubChampionship(p, { competitions: [comp('c1', a1)] });
    expect(awards.find((x) => x.pairId === 'A2')).toMatchObject({ rank: 1, points: 100 });
  });

  it('DSB-11 refuses a competition given twice', () => {
    expect(() => clubChampionship(P, { competitions: [comp('c1'), comp('c1')] })).toThrow(
      'DSB-11: competitions[1].id c1 is given twice',
    );
  });
});
