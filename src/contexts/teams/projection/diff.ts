import type { TeamsStandingView } from './queries';

/** One number of a teams standing that changed between two readings, and why. */
export interface TeamsChange {
  /** A team (`A`), or a match (`match m3`). */
  subject: string;
  group?: string;
  field: string;
  from: unknown;
  to: unknown;
  /** The reasons the `to` side gives and the `from` side did not (and those it dropped). */
  because: { added: string[]; removed: string[] };
}

const ROW_FIELDS = ['place', 'vp', 'impsFor', 'impsAgainst', 'played', 'byes'] as const;
const MATCH_FIELDS = ['home', 'away', 'homeImps', 'awayImps', 'homeVp', 'awayVp'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const minus = (a: readonly string[], b: readonly string[]) => a.filter((x) => !b.includes(x));

/**
 * Every number of a teams event's standing that differs between two readings (two moments, or
 * the rulebook in force and a what-if): each team's place, VP, IMPs, matches played and byes,
 * its tie-break; each match's teams, IMPs and VP (a match only on one side is listed as added
 * or removed). `from` undefined: the event did not exist then, every row is new.
 */
export function diffTeamsStandings(
  from: TeamsStandingView | undefined,
  to: TeamsStandingView,
): TeamsChange[] {
  const changes: TeamsChange[] = [];
  const rowsOf = (v: TeamsStandingView | undefined) =>
    new Map(
      (v?.groups ?? []).flatMap((g) =>
        g.rows.map((r) => [r.teamId, { group: g.group, r }] as const),
      ),
    );
  const before = rowsOf(from);
  for (const [team, { group, r }] of rowsOf(to)) {
    const was = before.get(team)?.r;
    const tie = (x: typeof r | undefined) => x?.tieBreak?.because ?? [];
    for (const field of ROW_FIELDS) {
      if (was && same(was[field], r[field])) continue;
      changes.push({
        subject: team,
        ...(group !== undefined ? { group } : {}),
        field,
        from: was ? was[field] : null,
        to: r[field],
        because: { added: minus(tie(r), tie(was)), removed: minus(tie(was), tie(r)) },
      });
    }
    if (was && !same(was.tieBreak?.step, r.tieBreak?.step)) {
      changes.push({
        subject: team,
        ...(group !== undefined ? { group } : {}),
        field: 'tie-break',
        from: was.tieBreak?.step ?? null,
        to: r.tieBreak?.step ?? null,
        because: { added: minus(tie(r), tie(was)), removed: minus(tie(was), tie(r)) },
      });
    }
  }
  const matches = new Map((from?.matches ?? []).map((m) => [m.matchId, m]));
  for (const m of to.matches) {
    const was = matches.get(m.matchId);
    matches.delete(m.matchId);
    for (const field of MATCH_FIELDS) {
      if (was && same(was[field], m[field])) continue;
      if (!was && field !== 'homeVp' && field !== 'awayVp') continue;
      changes.push({
        subject: `match ${m.matchId}`,
        field: was ? field : `${field} (added)`,
        from: was ? (was[field] ?? null) : null,
        to: m[field] ?? null,
        because: {
          added: minus(m.because, was?.because ?? []),
          removed: minus(was?.because ?? [], m.because),
        },
      });
    }
  }
  for (const [id, was] of matches) {
    changes.push({
      subject: `match ${id}`,
      field: 'removed',
      from: `${was.home} v ${was.away}`,
      to: null,
      because: { added: [], removed: was.because },
    });
  }
  return changes;
}
