import { applyChanges } from '../../../src/rulebooks/rulebook';
import {
  clubChampionship,
  competitionStandings,
  placingPoints,
} from '../../../src/rulesets/dsb-groenlo-2014/standings';
import type {
  ChampionshipRow,
  CompetitionInput,
  GroupInput,
  PairInput,
  PlacingAward,
  SessionEntry,
} from '../../../src/rulesets/dsb-groenlo-2014/standings';
import { notified, P, pair, played, steady, steadyGroup, withPair } from './builders';

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

  it('DSB-11 DSB-9.4(2) the season as rosters beside each final standing gives the same championship', () => {
    const d = { dispensations: [{ rule: 'DSB-9.4(2)' as const, player: 'A1-s', reason: 'care' }] };
    const inputs = [
      comp('c1', steadyGroup('A', 7).pairs.map((x) => (x.pairId === 'A1' ? { ...x, ...d } : x))[0]),
      comp('c2'),
    ];
    const rosters = inputs.map((c) => ({
      id: c.id,
      groups: c.groups.map((g) => ({
        group: g.group,
        pairs: g.pairs.map(({ pairId, members, dispensations }) => ({
          pairId,
          members,
          dispensations,
        })),
      })),
    }));
    const finals = new Map(inputs.map((c) => [c.id, competitionStandings(P, c)]));
    const fromRosters = clubChampionship(P, { competitions: rosters }, (r) => finals.get(r.id)!);
    expect(fromRosters).toEqual(clubChampionship(P, { competitions: inputs }));
    const a = fromRosters.awards.find((x) => x.pairId === 'A1' && x.competitionId === 'c1')!;
    expect(a).toMatchObject({ counted: false, points: 0 });
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

describe('DSB-11 edge cases of the placing points and the season table', () => {
  const abs = (id: string) =>
    pair(
      id,
      [1, 2, 3, 4, 5, 6].map((s) => notified(s)),
    );
  /** Group A of 8: A2 = A3 at 59.00, A5 = A6 = A7 at 56.00 (ranks 1 2 2 4 5 5 5 8). */
  const tiedA = () => {
    let a = steadyGroup('A', 8);
    a = withPair(a, { ...a.pairs[2], entries: a.pairs[1].entries });
    for (const i of [5, 6]) a = withPair(a, { ...a.pairs[i], entries: a.pairs[4].entries });
    return a;
  };
  const seasonOf = (...groups: GroupInput[][]) => ({
    competitions: groups.map((g, i) => ({ id: `c${i + 1}`, groups: g })),
  });
  const brief = (r: { awards: PlacingAward[]; table: ChampionshipRow[] }) => ({
    awards: r.awards.map((a) => [a.competitionId, a.pairId, a.rank, a.exact, a.points, a.counted]),
    table: r.table.map((t) => [t.pairId, t.rank, t.exact, t.points, t.eligible]),
  });

  it('DSB-11.3 reading "average": two tie blocks in one group, exact thirds, ranked totals', () => {
    const r = clubChampionship(P, seasonOf([tiedA()], [tiedA()]));
    expect(brief(r).awards.slice(0, 8)).toEqual([
      ['c1', 'A1', 1, '100', 100, true],
      ['c1', 'A2', 2, '85', 85, true],
      ['c1', 'A3', 2, '85', 85, true],
      ['c1', 'A4', 4, '70', 70, true],
      ['c1', 'A5', 5, '155/3', 51.67, true],
      ['c1', 'A6', 5, '155/3', 51.67, true],
      ['c1', 'A7', 5, '155/3', 51.67, true],
      ['c1', 'A8', 8, '40', 40, true],
    ]);
    expect(r.awards[5].explain).toEqual([
      {
        rule: 'DSB-11.4',
        effect: 'rank 5 in group A shared by 3 pairs: the average of ranks 5..7 (60 + 50 + 45) / 3',
        amount: 51.67,
      },
    ]);
    expect(brief(r).table).toEqual([
      ['A1', 1, '200', 200, true],
      ['A2', 2, '170', 170, true],
      ['A3', 2, '170', 170, true],
      ['A4', 4, '140', 140, true],
      ['A5', 5, '310/3', 103.33, true],
      ['A6', 5, '310/3', 103.33, true],
      ['A7', 5, '310/3', 103.33, true],
      ['A8', 8, '80', 80, true],
    ]);
    expect(r.table[4].explain).toEqual([
      { rule: 'DSB-11.5', effect: 'c1: 51.67 points', amount: 51.67 },
      { rule: 'DSB-11.5', effect: 'c2: 51.67 points', amount: 51.67 },
    ]);
  });

  it('DSB-11.3 reading "higher": each pair of a tie block gets the block’s first rank’s points', () => {
    const p = applyChanges(P, { 'championship.tiePoints': 'higher' });
    const r = clubChampionship(p, seasonOf([tiedA()]));
    expect(brief(r).awards.map((a) => a[3])).toEqual([
      '100',
      '90',
      '90',
      '70',
      '60',
      '60',
      '60',
      '40',
    ]);
    expect(r.awards[6].explain[0].effect).toBe(
      "rank 5 in group A (column 5): 60 placing points, tied with 2 other pair(s): each gets the higher rank's points",
    );
  });

  it('DSB-11.3 reading "eligible": ranks among qualifying pairs, a tie split by a DSB-9.4(2) pair; no final rank', () => {
    const d = (x: PairInput): PairInput => ({
      ...x,
      dispensations: [{ rule: 'DSB-9.4(2)', player: `${x.pairId}-s`, reason: 'care' }],
    });
    const build = () => {
      const a = tiedA();
      return {
        ...a,
        pairs: a.pairs.map((x) =>
          x.pairId === 'A1' || x.pairId === 'A6' ? d(x) : x.pairId === 'A8' ? abs('A8') : x,
        ),
      };
    };
    const all = clubChampionship(P, seasonOf([build()]));
    expect(brief(all).awards).toEqual([
      ['c1', 'A1', 1, '0', 0, false],
      ['c1', 'A2', 2, '85', 85, true],
      ['c1', 'A3', 2, '85', 85, true],
      ['c1', 'A4', 4, '70', 70, true],
      ['c1', 'A5', 5, '155/3', 51.67, true],
      ['c1', 'A6', 5, '0', 0, false],
      ['c1', 'A7', 5, '155/3', 51.67, true],
      ['c1', 'A8', null, '0', 0, false],
    ]);
    expect(all.awards[5].explain.map((e) => e.rule)).toEqual(['DSB-9.4(2)', 'DSB-11.4']);
    expect(all.awards[7].explain).toEqual([
      {
        rule: 'DSB-11.2',
        effect: '0 of 6 season sessions in the original composition, under 75 %',
      },
      { rule: 'DSB-11.3', effect: 'no final rank: no placing points' },
    ]);
    const eligible = clubChampionship(
      applyChanges(P, { 'championship.rankAmong': 'eligible' }),
      seasonOf([build()]),
    );
    expect(brief(eligible).awards).toEqual([
      ['c1', 'A1', 1, '0', 0, false],
      ['c1', 'A2', 1, '95', 95, true],
      ['c1', 'A3', 1, '95', 95, true],
      ['c1', 'A4', 3, '80', 80, true],
      ['c1', 'A5', 4, '65', 65, true],
      ['c1', 'A6', 5, '0', 0, false],
      ['c1', 'A7', 4, '65', 65, true],
      ['c1', 'A8', null, '0', 0, false],
    ]);
    expect(eligible.awards[0].explain.map((e) => e.rule)).toEqual(['DSB-9.4(2)']);
    expect(brief(eligible).table).toEqual([
      ['A2', 1, '95', 95, true],
      ['A3', 1, '95', 95, true],
      ['A4', 3, '80', 80, true],
      ['A5', 4, '65', 65, true],
      ['A7', 4, '65', 65, true],
      ['A1', 6, '0', 0, true],
      ['A6', 6, '0', 0, true],
      ['A8', null, '0', 0, false],
    ]);
  });

  it('DSB-11.2 reading "competition": the short competition’s reason, and nothing counted in the total', () => {
    const p = applyChanges(P, { 'championship.participationScope': 'competition' });
    const { awards, table } = clubChampionship(p, {
      competitions: [comp('c1', subs('A2', 5900, 4)), comp('c2')],
    });
    expect(awards.find((a) => a.pairId === 'A2')!.explain).toEqual([
      {
        rule: 'DSB-11.2',
        effect:
          '4 of 6 sessions in the original composition, under 75 %: no points from this competition',
        amount: 4,
      },
      { rule: 'DSB-11.4', effect: 'rank 2 in group A (column 2): 90 placing points', amount: 90 },
    ]);
    expect(table.find((r) => r.pairId === 'A2')!.explain).toEqual([
      { rule: 'DSB-11.5', effect: 'c1: nothing counted', amount: 0 },
      { rule: 'DSB-11.5', effect: 'c2: 90 points', amount: 90 },
    ]);
  });

  it('DSB-11.5 a pair in two competitions in different groups: one total, in the order pairs first appear', () => {
    const x = (id: string) => steady(id, 6500);
    const c1 = [steadyGroup('A', 3), { group: 'B', pairs: [x('X'), ...steadyGroup('B', 2).pairs] }];
    const c2 = [{ group: 'A', pairs: [...steadyGroup('A', 3).pairs, x('X')] }, steadyGroup('B', 2)];
    const r = clubChampionship(P, seasonOf(c1, c2));
    expect(brief(r).table).toEqual([
      ['A1', 1, '190', 190, true],
      ['X', 2, '174', 174, true],
      ['A2', 3, '170', 170, true],
      ['A3', 4, '150', 150, true],
      ['B1', 5, '141', 141, true],
      ['B2', 6, '126', 126, true],
    ]);
  });
});
