/**
 * A chain of tie-breaks among teams level on their total, as a mini-league: each step in order
 * gives every team of the group a value (higher first); at the first step that separates any,
 * each team it separates leaves the tie placed by it, and those still level restart the chain
 * among themselves. The last resort is a recorded ballot (a fact, so a replay gives the same
 * answer); without one, the teams stay equal and a ballot is due — never a random draw.
 */
export interface TieStep {
  /** The step's name in the rulebook's chain (`head-to-head-vp`). */
  readonly id: string;
  /** How a reader is told it (`VPs in their matches against each other`). */
  readonly name: string;
  /** Each team's value among the group: higher is placed first. */
  values(group: readonly string[]): ReadonlyMap<string, number>;
}

/** A recorded ballot: the order drawn among the teams it names. */
export interface TieBallot {
  readonly teams: readonly string[];
  readonly order: readonly string[];
}

/** Teams placed together: one, or several ranked equal (a ballot is due), and why. */
export interface TiePlacement {
  readonly teams: string[];
  /** The step that placed them and the group it was asked among; absent: no tie. */
  readonly decidedBy?: { step: string; among: string[] };
  readonly because: string[];
}

const shown = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

/** The ballot covering exactly the group, else the first covering all of it. */
function ballotFor(group: readonly string[], ballots: readonly TieBallot[]) {
  const covers = ballots.filter((b) => group.every((t) => b.teams.includes(t)));
  return covers.find((b) => b.teams.length === group.length) ?? covers[0];
}

/** Places a group of teams level on their total by the chain (and the ballot). */
export function breakTieByChain(
  group: readonly string[],
  steps: readonly TieStep[],
  ballots: readonly TieBallot[] = [],
): TiePlacement[] {
  for (const step of steps) {
    const v = step.values(group);
    const levels = [...new Set(group.map((t) => v.get(t)!))].sort((x, y) => y - x);
    if (levels.length === 1) continue;
    const text = group.map((t) => `${t} ${shown(v.get(t)!)}`).join(', ');
    return levels.flatMap((level) => {
      const level_ = group.filter((t) => v.get(t) === level);
      if (level_.length > 1) return breakTieByChain(level_, steps, ballots);
      return [
        {
          teams: level_,
          decidedBy: { step: step.id, among: [...group] },
          because: [
            `level with ${group.filter((t) => t !== level_[0]).join(', ')}: placed by ${step.name}: ${text}`,
          ],
        },
      ];
    });
  }
  const ballot = ballotFor(group, ballots);
  if (!ballot) {
    return [
      {
        teams: [...group].sort(),
        decidedBy: { step: 'ballot', among: [...group] },
        because: [`${group.join(', ')} level after every step: ranked equal, a ballot is due`],
      },
    ];
  }
  return ballot.order
    .filter((t) => group.includes(t))
    .map((t, i) => ({
      teams: [t],
      decidedBy: { step: 'ballot', among: [...group] },
      because: [
        `placed ${i + 1} of ${group.length} among ${group.join(', ')} by the recorded ballot (${ballot.order.join(', ')})`,
      ],
    }));
}

/** Every team placed: by its total (higher first), then the chain among those level. */
export function placeByChain(
  totals: ReadonlyMap<string, number>,
  steps: readonly TieStep[],
  ballots: readonly TieBallot[] = [],
): TiePlacement[] {
  const byTotal = new Map<number, string[]>();
  for (const [team, total] of totals) byTotal.set(total, [...(byTotal.get(total) ?? []), team]);
  return [...byTotal.keys()]
    .sort((x, y) => y - x)
    .flatMap((total) => {
      const group = byTotal.get(total)!;
      return group.length === 1
        ? [{ teams: group, because: [] }]
        : breakTieByChain(group, steps, ballots);
    });
}
