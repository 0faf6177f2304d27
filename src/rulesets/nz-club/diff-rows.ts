import type { DiffRows } from '../../contexts/pairs/projection/diff-rows';
import type { StandingsBodies } from '../../contexts/pairs/ruleset';

/** An NZ standing's rows by competitor: place, qualification, total and each session (NZ-5…7). */
export function nzStandingsRows(view: StandingsBodies['nz']): DiffRows {
  const rows: DiffRows = new Map();
  for (const r of view.rows) {
    rows.set(r.competitor, {
      values: {
        place: r.place,
        qualifies: r.qualifies,
        // NZ views keep hundredths; a diff reads as the printed table does (508.08).
        total: r.total / 100,
        counted: r.counted,
        dropped: r.dropped,
        ...Object.fromEntries(r.sessions.map((s) => [`session ${s.session}`, s.score / 100])),
      },
      explain: r.explain,
    });
  }
  return rows;
}
