import { swissPairing, type SwissTable } from '../../../scoring/swiss-pairing';
import type { Params } from '../../../rulebooks/params';
import type { TeamsEventState, TeamsPlay } from '../model';
import type { TeamsRules } from '../rules';
import { meetingsBefore } from './state';

/** A Swiss round as the ledger proposes it: the director records it, or another. */
export interface SwissProposal {
  round: number;
  tables: SwissTable[];
  bye?: string;
  /** Tables that are repeats (0 unless no pairing without them exists, or repeats are allowed). */
  repeats: number;
  /** The order the teams were paired in: the standings after the round before. */
  standings: string[];
  because: string[];
}

/** The event as it stood after `round` (its matches, defaults and pairings up to it). */
export function eventAfterRound(state: TeamsEventState, round: number): TeamsEventState {
  return {
    ...state,
    matches: state.matches.filter((m) => m.round <= round),
    defaults: state.defaults.filter((m) => m.round <= round),
    rounds: Object.fromEntries(Object.entries(state.rounds).filter(([, r]) => r.round <= round)),
  };
}

/**
 * DSB-15: round `round` (2 or later) paired from the standings after the round before: no team
 * meets a team it has met while a pairing without repeats exists (unless the rulebook allows
 * repeats), the leaders paired first, a bye to the lowest team without one. Deterministic: the
 * same facts, the same proposal.
 */
export function proposeSwissRound(
  state: TeamsEventState,
  round: number,
  rules: TeamsRules,
  params: Params,
  play: TeamsPlay = rules.playOf(params),
): SwissProposal {
  const before = eventAfterRound(state, round - 1);
  const standing = rules.standing(before, params, play);
  const order = standing.groups.flatMap((g) => g.rows.map((r) => r.teamId));
  const byes = new Set(
    Object.values(before.rounds)
      .map((r) => r.bye)
      .filter((b): b is string => !!b),
  );
  const pairing = swissPairing(
    order.map((team) => ({ team, hadBye: byes.has(team) })),
    meetingsBefore(state, round),
    { repeats: play.repeats },
  );
  const byeVp = rules.byeVp?.(params);
  return {
    round,
    tables: pairing.tables,
    ...(pairing.bye ? { bye: pairing.bye } : {}),
    repeats: pairing.repeats,
    standings: order,
    because: [
      `${play.rule}: round ${round} paired from the standings after round ${round - 1}`,
      ...pairing.because,
      ...(pairing.bye && byeVp !== undefined
        ? [`DSB-16: the bye scores ${byeVp} VP (the rulebook's teams.byeVp)`]
        : []),
    ],
  };
}
