import { fold } from '../../src/kernel/projection';
import { championshipOf, competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { nextGroupsOf } from '../../src/rulesets/dsb-groenlo-2014/next-groups';
import { rulebookOn, scoredCompetition } from '../../src/contexts/pairs/projection/query-context';
import {
  finalRankingOf,
  finalStandingsOf,
  inPlay,
} from '../../src/rulesets/dsb-groenlo-2014/context';
import { FactLog } from '../support/ledger';

const C = 'dsb-rank';
const dates = ['2014-09-08', '2014-09-15', '2014-09-22', '2014-09-29', '2014-10-06', '2014-10-13'];
const SCORES: Record<string, number> = { p1: 60, p2: 55, p3: 45, p4: 45, p5: 62, p6: 52 };
const groupOf = (pairId: string) => (Number(pairId.slice(1)) <= 4 ? 'A' : 'B');

/** A finished DSB competition: p1..p4 in group A (p3 and p4 tied), p5 and p6 in group B. */
function finished() {
  const log = new FactLog('dsb');
  log.add('club-dsb', 'RulebookAdopted', {
    clubId: 'dsb',
    preset: 'dsb-groenlo-2014',
    overrides: {},
    effectiveFrom: '2014-09-01',
  });
  log.add(`competition-${C}`, 'CompetitionCreated', {
    competitionId: C,
    clubId: 'dsb',
    name: 'Parencompetitie 1',
    season: '2014-2015',
    kind: 'pairs-series',
    format: 'dsb-pairs',
    sessions: dates.map((date, i) => ({ session: i + 1, date, startTime: '19:45' })),
    groups: ['A', 'B'],
  });
  for (const pairId of Object.keys(SCORES)) {
    const n = pairId.slice(1);
    log.add(`competition-${C}`, 'PairEntered', {
      competitionId: C,
      pairId,
      players: [`a${n}`, `b${n}`],
      group: groupOf(pairId),
    });
  }
  for (let s = 1; s <= 6; s++) {
    for (const group of ['A', 'B']) {
      log.add(
        `competition-${C}`,
        'SessionHeld',
        { competitionId: C, session: s, date: dates[s - 1], group, boards: 24 },
        `${dates[s - 1]}T19:45`,
      );
    }
    for (const [pairId, percentage] of Object.entries(SCORES)) {
      // p6 misses session 3 without a notice (DSB-9.5).
      if (pairId === 'p6' && s === 3) continue;
      const n = pairId.slice(1);
      log.add(
        `competition-${C}`,
        'SessionResultRecorded',
        {
          competitionId: C,
          session: s,
          pairId,
          players: [`a${n}`, `b${n}`],
          percentage,
          boardsPlayed: 24,
          group: groupOf(pairId),
          source: 'imported',
        },
        `${dates[s - 1]}T23:00`,
      );
    }
  }
  return fold(competitions, log.events);
}

const paramsOf = (state: ReturnType<typeof finished>) =>
  inPlay(rulebookOn(state, 'dsb', dates[5]), ['A', 'B']);

describe('DSB-8 / DSB-11 read a finished competition’s final ranking, kept once per state', () => {
  it('the ranking is each pair’s rank, percentage and participation from the final standings, nothing else', () => {
    const state = finished();
    const c = scoredCompetition(state, C);
    const params = paramsOf(state);
    const ranking = finalRankingOf(state, c, params);
    const standings = finalStandingsOf(state, c, params);
    expect(ranking.map((g) => g.group)).toEqual(['A', 'B']);
    for (const [gi, g] of ranking.entries()) {
      for (const [ri, row] of g.rows.entries()) {
        const full = standings[gi].rows[ri];
        expect(Object.keys(row)).toEqual(['pairId', 'rank', 'percentage', 'participation']);
        expect(row).toEqual({
          pairId: full.pairId,
          rank: full.rank,
          percentage: full.percentage,
          participation: full.participation,
        });
      }
    }
    // DSB-7.2 ranks "1224": p3 and p4 share rank 3.
    expect(ranking[0].rows.map((r) => [r.pairId, r.rank])).toEqual([
      ['p1', 1],
      ['p2', 2],
      ['p3', 3],
      ['p4', 3],
    ]);
    expect(ranking[1].rows.find((r) => r.pairId === 'p6')!.participation.absent).toBe(1);
    expect(finalRankingOf(state, c, params)).toBe(ranking);
  });

  it('the published standing, the DSB-8 moves and the DSB-11 championship are the same whichever is asked first', () => {
    const standingsFirst = finished();
    const published = JSON.stringify(standingsOf(standingsFirst, C));
    const moves = JSON.stringify(nextGroupsOf(standingsFirst, C).moves);
    const table = JSON.stringify(championshipOf(standingsFirst, 'dsb', '2014-2015').table);

    const championshipFirst = finished();
    expect(JSON.stringify(championshipOf(championshipFirst, 'dsb', '2014-2015').table)).toBe(table);
    expect(JSON.stringify(nextGroupsOf(championshipFirst, C).moves)).toBe(moves);
    expect(JSON.stringify(standingsOf(championshipFirst, C))).toBe(published);
    // Asked again: the same answer.
    expect(JSON.stringify(standingsOf(championshipFirst, C))).toBe(published);
  });

  it('the published final standing keeps its rows’ session scores and explanations', () => {
    const view = standingsOf(finished(), C);
    if (view.kind !== 'dsb') throw new Error('not DSB');
    const p6 = view.groups[1].rows.find((r) => r.pairId === 'p6')!;
    expect(p6.sessions).toHaveLength(6);
    expect(p6.sessions[2].source).toBe('DSB-9.5');
    expect(p6.explain.map((x) => x.rule)).toEqual(['DSB-9.5', 'DSB-7.2']);
  });
});
