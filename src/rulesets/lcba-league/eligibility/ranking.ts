import type { EligibilityTeam, TeamId } from '../../../contexts/league/model';

/**
 * LCBA-4.4: whether team `a` ranks above team `b`: a higher division (1 the strongest), or the
 * same division, the same club and an earlier letter. Teams of two clubs in one division rank
 * neither way.
 */
export function ranksAbove(
  a: Pick<EligibilityTeam, 'club' | 'letter' | 'division'>,
  b: Pick<EligibilityTeam, 'club' | 'letter' | 'division'>,
): boolean {
  if (a.division !== b.division) return a.division < b.division;
  return a.club === b.club && a.letter < b.letter;
}

/** A club's lowest-ranking team: the one no other team of the club ranks below. */
export function lowestTeamOf<T extends Pick<EligibilityTeam, 'club' | 'letter' | 'division'>>(
  teams: readonly T[],
): T | undefined {
  let lowest: T | undefined;
  for (const t of teams) if (!lowest || ranksAbove(lowest, t)) lowest = t;
  return lowest;
}

export const teamsById = (teams: readonly EligibilityTeam[]) =>
  new Map<TeamId, EligibilityTeam>(teams.map((t) => [t.team, t]));
