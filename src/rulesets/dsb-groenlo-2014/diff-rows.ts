import { explainKey, type DiffRows } from '../../contexts/pairs/projection/diff-rows';
import type { StandingsBodies } from '../../contexts/pairs/ruleset';
import type { ChampionshipRow, PlacingAward } from './standings';

/** A DSB pairs standing's rows by pair, every group: the numbers a diff compares (DSB-1…8). */
export function dsbStandingsRows(view: StandingsBodies['dsb']): DiffRows {
  const rows: DiffRows = new Map();
  for (const g of view.groups) {
    for (const r of g.rows) {
      rows.set(r.pairId, {
        group: r.group,
        values: {
          group: r.group,
          rank: r.rank,
          percentage: r.percentage,
          played: r.participation.played,
          ...Object.fromEntries(
            r.sessions.map((s) => [`session ${s.session}`, s.percentage ?? s.source]),
          ),
        },
        explain: r.explain,
      });
    }
  }
  // DSB-8: each pair's group next time, when the standing is final. A correction's note
  // is on the pair's row and on its move alike: named once.
  for (const m of view.nextGroups ?? []) {
    const row = rows.get(m.pairId) ?? { group: m.from, values: {}, explain: [] };
    const own = new Set(row.explain.map(explainKey));
    rows.set(m.pairId, {
      ...row,
      values: { ...row.values, move: m.move, 'next group': m.to },
      explain: [...row.explain, ...m.explain.filter((e) => !own.has(explainKey(e)))],
    });
  }
  return rows;
}

/** DSB-12: the top-integral's rows by pair, those on the final list and those not. */
export function topIntegralRows(view: StandingsBodies['top-integral']): DiffRows {
  const rows: DiffRows = new Map();
  const s = view.standing;
  for (const [listed, list] of [
    [true, s?.rows ?? []],
    [false, s?.notListed ?? []],
  ] as const) {
    for (const r of list) {
      rows.set(r.pairId, {
        values: {
          rank: r.rank,
          percentage: r.percentage,
          played: r.played,
          original: r.original,
          'final list': listed,
        },
        explain: r.explain,
      });
    }
  }
  return rows;
}

/** DSB-11: the season's rows by pair, and each competition's placing points by competition and pair. */
export function championshipRows(view: {
  table: ChampionshipRow[];
  awards: PlacingAward[];
}): DiffRows {
  const rows: DiffRows = new Map();
  for (const r of view.table) {
    rows.set(r.pairId, {
      values: {
        rank: r.rank,
        points: r.points,
        eligible: r.eligible,
        'original sessions': r.originalSessions,
      },
      explain: r.explain,
    });
  }
  // DSB-11.3/11.4: each competition's placing points, by competition and pair.
  for (const a of view.awards) {
    rows.set(`${a.competitionId}/${a.pairId}`, {
      group: a.group,
      values: { rank: a.rank, 'placing points': a.points, counted: a.counted },
      explain: a.explain,
    });
  }
  return rows;
}
