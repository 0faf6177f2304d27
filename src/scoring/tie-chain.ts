/**
 * A chain of tie-breaks among teams level on their total, as a mini-league: each step in order
 * gives every team of the group a value (higher first); at the first step that separates any,
 * each team it separates leaves the tie placed by it, and those still level restart the chain
 * among themselves. The step `BALLOT` takes a recorded ballot (a fact, so a replay gives the
 * same answer); without one, the teams stay equal and a ballot is due — never a random draw. A
 * chain without it leaves the teams it cannot separate ranked equal.
 */
export interface TieStep {
  /** The step's name in the rulebook's chain (`head-to-head-vp`, `a`). */
  readonly id: string;
  /** Each team's value among the group: higher is placed first. */
  values(group: readonly string[]): ReadonlyMap<string, number>;
}

/** The last resort: the recorded ballot. */
export const BALLOT = 'ballot' as const;

/** A recorded ballot: the order drawn among the teams it names. */
export interface TieBallot {
  readonly teams: readonly string[];
  readonly order: readonly string[];
}

/** Why a team was placed where it was: the rule and the words. */
export interface TieReason {
  readonly rule: string;
  readonly text: string;
}

/** How a ruleset tells each outcome (its rule IDs, its words). */
export interface TieWording {
  /** `placed` was separated from the rest of `group` by `step`; `shown`: the values, said. */
  separated(step: TieStep, group: readonly string[], placed: string, shown: string): TieReason;
  /** The chain reached the ballot and none is recorded for the group. */
  ballotDue(group: readonly string[]): TieReason;
  /** The recorded ballot placed `team` `index + 1`th of the group. */
  byBallot(team: string, index: number, group: readonly string[], ballot: TieBallot): TieReason;
  /** A chain without the ballot could not separate the group. */
  rankedEqual(group: readonly string[]): TieReason;
  /** A value as the reasons show it. */
  show(value: number): string;
}

/** Teams placed together: one, or several ranked equal (a ballot is due), and why. */
export interface TiePlacement {
  readonly teams: string[];
  /** The step that placed them and the group it was asked among; absent: no tie. */
  readonly decidedBy?: { step: string; among: string[] };
  readonly because: TieReason[];
}

/** The ballot covering exactly the group, else the first covering all of it. */
function ballotFor(group: readonly string[], ballots: readonly TieBallot[]) {
  const covers = ballots.filter((b) => group.every((t) => b.teams.includes(t)));
  return covers.find((b) => b.teams.length === group.length) ?? covers[0];
}

/** Places a group of teams level on their total by the chain (and the ballot). */
export function breakTieByChain(
  group: readonly string[],
  steps: ReadonlyArray<TieStep | typeof BALLOT>,
  ballots: readonly TieBallot[],
  say: TieWording,
): TiePlacement[] {
  for (const step of steps) {
    if (step === BALLOT) {
      const ballot = ballotFor(group, ballots);
      const decidedBy = { step: BALLOT, among: [...group] };
      if (!ballot)
        return [{ teams: [...group].sort(), decidedBy, because: [say.ballotDue(group)] }];
      return ballot.order
        .filter((t) => group.includes(t))
        .map((t, i) => ({ teams: [t], decidedBy, because: [say.byBallot(t, i, group, ballot)] }));
    }
    const v = step.values(group);
    const levels = [...new Set(group.map((t) => v.get(t)!))].sort((x, y) => y - x);
    if (levels.length === 1) continue;
    const shown = group.map((t) => `${t} ${say.show(v.get(t)!)}`).join(', ');
    return levels.flatMap((level) => {
      const at = group.filter((t) => v.get(t) === level);
      if (at.length > 1) return breakTieByChain(at, steps, ballots, say);
      return [
        {
          teams: at,
          decidedBy: { step: step.id, among: [...group] },
          because: [say.separated(step, group, at[0]!, shown)],
        },
      ];
    });
  }
  return [
    {
      teams: [...group].sort(),
      decidedBy: { step: BALLOT, among: [...group] },
      because: [say.rankedEqual(group)],
    },
  ];
}

/** Every team placed: by its total (higher first), then the chain among those level. */
export function placeByChain(
  totals: ReadonlyMap<string, number>,
  steps: ReadonlyArray<TieStep | typeof BALLOT>,
  ballots: readonly TieBallot[],
  say: TieWording,
): TiePlacement[] {
  const byTotal = new Map<number, string[]>();
  for (const [team, total] of totals) byTotal.set(total, [...(byTotal.get(total) ?? []), team]);
  return [...byTotal.keys()]
    .sort((x, y) => y - x)
    .flatMap((total) => {
      const group = byTotal.get(total)!;
      return group.length === 1
        ? [{ teams: group, because: [] }]
        : breakTieByChain(group, steps, ballots, say);
    });
}
