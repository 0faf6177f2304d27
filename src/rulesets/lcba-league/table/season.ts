import type { VpScale } from '../../../scoring';
import type { LcbaParams } from '../preset';
import type {
  DivisionInput,
  Fixture,
  FixtureId,
  FixtureOutcome,
  ScoredFixture,
  Side,
  SideScore,
  TeamId,
} from '../../../contexts/league/model';

/** A division's season as far as the table knows it (as of `asOf`), and its lookups. */
export interface Season {
  readonly input: DivisionInput;
  readonly params: LcbaParams;
  readonly scale: VpScale;
  readonly fixtures: ReadonlyMap<FixtureId, Fixture>;
  /** Outcomes of real fixtures dated on or before `asOf` (all of them without `asOf`). */
  readonly known: ReadonlyMap<FixtureId, FixtureOutcome>;
}

export function seasonOf(input: DivisionInput, params: LcbaParams, scale: VpScale): Season {
  const fixtures = new Map(input.fixtures.map((f) => [f.id, f]));
  const known = new Map<FixtureId, FixtureOutcome>();
  for (const [id, outcome] of Object.entries(input.outcomes)) {
    if (input.asOf === undefined || outcome.on <= input.asOf) known.set(id, outcome);
  }
  return { input, params, scale, fixtures, known };
}

export const sideOf = (f: Fixture, team: TeamId): Side => (f.home === team ? 'home' : 'away');
export const teamOn = (f: Fixture, side: Side): TeamId => (side === 'home' ? f.home : f.away);
export const opponentOf = (f: Fixture, team: TeamId): TeamId => (f.home === team ? f.away : f.home);
export const involves = (f: Fixture, team: TeamId): boolean => f.home === team || f.away === team;
export const between = (f: Fixture, a: TeamId, b: TeamId): boolean =>
  (f.home === a && f.away === b) || (f.home === b && f.away === a);

/** The RR1 and RR2 matches between two teams (LCBA-2.2), real fixtures only. */
export function doubleRoundRobin(season: Season, a: TeamId, b: TeamId): Fixture[] {
  return season.input.fixtures.filter((f) => f.round !== 3 && !f.virtual && between(f, a, b));
}

/** A fixture's score for one team. */
export function scoreOf(sf: ScoredFixture, f: Fixture, team: TeamId): SideScore {
  return sf[sideOf(f, team)];
}

/** Whether `side` offended in the outcome (8.2, 8.3, 4.2/4.7). */
export function offended(outcome: FixtureOutcome, side: Side): boolean {
  if (outcome.kind === 'played') return false;
  return outcome.offender === side || outcome.offender === 'both';
}

/** Negation without a −0 (IMPs of the other side). */
export const negate = (n: number): number => (n === 0 ? 0 : -n);

/** A VP or IMP count as text, signed where asked. */
export const fmt = (n: number, signed = false): string =>
  `${signed && n > 0 ? '+' : ''}${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')}`;
