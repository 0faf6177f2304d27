/**
 * Who sat down where: the one reading of a competition's facts as seats ("who played in which
 * session, for whom"). The deciders (NZ-7, NZ-6), the club-wide limits at the append gate
 * (NZ-8e, NZ-10: `nz-play-limits.ts`, the runtime's club index) and the standings' NZ-8/NZ-10
 * verdicts (`projections/competitions/nz-eligibility.ts`) all read it, so they cannot disagree
 * on who played. Pure; it reads only the parts of a competition's state named in `Seating`.
 */
import type { CompetitionFact, SessionResultRecorded, SubstitutePlayed } from './facts';

/** One pair's place in a session scored from board results (SessionScoredFromBoards). */
export interface ScoredPairLink {
  session: number;
  pairId: string;
  sessionStreamId: string;
  pairNumber: string;
  players?: string[];
  group?: string;
}

/** What seating reads of a competition's state (`CompetitionState` has it). */
export interface Seating {
  pairs: Record<string, { players: string[] }>;
  /** `${session}:${pairId}` → the partnership's two named players (DSB-3). */
  named: Record<string, string[]>;
  /** The recorded results, in ledger order. */
  results: SessionResultRecorded[];
  derivedResults?: Record<string, SessionResultRecorded>;
  scoredFromBoards?: Record<string, ScoredPairLink>;
  substitutes: Record<string, SubstitutePlayed[]>;
}

/**
 * How a player came to sit down: named by a result (recorded, or derived from board results),
 * as a player of a pair linked to board results, or as a substitute (SubstitutePlayed).
 */
export type SeatedAs = 'result' | 'linked' | 'substitute';

export interface Seat {
  session: number;
  pairId: string;
  playerId: string;
  as: SeatedAs;
}

const key = (session: number, pairId: string) => `${session}:${pairId}`;

/**
 * Who sat for a pair linked to board results: the link's players, else the two the
 * partnership named, else the pair's players, each absent player replaced by their substitute
 * at that session (SubstitutePlayed, NZ-6/NZ-7): the absent player did not sit down.
 */
export function linkedPlayers(state: Seating, link: ScoredPairLink): string[] {
  if (link.players) return link.players;
  const players =
    state.named[key(link.session, link.pairId)] ?? state.pairs[link.pairId]?.players ?? [];
  const subs = state.substitutes[key(link.session, link.pairId)];
  // The same array when no one was replaced: a pair's players may be shared, never mutated.
  if (!subs?.length) return players;
  return players.map((p) => subs.find((s) => s.absentPlayerId === p)?.substituteId ?? p);
}

/**
 * Every seat of a competition (of one session, and one pair, when given), in one order: the
 * players of each result (those derived from board results that no recorded result replaces,
 * then the recorded ones in ledger order, as `resultsOf` lists them), of each pair linked to
 * board results, then each substitute. A player may be seated twice (a result and its link name
 * the same players).
 */
export function seatsOf(state: Seating, session?: number, pair?: string): Seat[] {
  const out: Seat[] = [];
  const at = (s: number, pairId: string) =>
    (session === undefined || s === session) && (pair === undefined || pairId === pair);
  const result = (r: SessionResultRecorded) => {
    if (!at(r.session, r.pairId)) return;
    for (const p of r.players)
      out.push({ session: r.session, pairId: r.pairId, playerId: p, as: 'result' });
  };
  for (const key in state.derivedResults) {
    const r = state.derivedResults[key];
    if (!state.results.some((s) => s.session === r.session && s.pairId === r.pairId)) result(r);
  }
  for (const r of state.results) result(r);
  for (const l of Object.values(state.scoredFromBoards ?? {})) {
    if (!at(l.session, l.pairId)) continue;
    for (const p of linkedPlayers(state, l))
      out.push({ session: l.session, pairId: l.pairId, playerId: p, as: 'linked' });
  }
  for (const subs of Object.values(state.substitutes)) {
    for (const s of subs) {
      if (at(s.session, s.pairId))
        out.push({
          session: s.session,
          pairId: s.pairId,
          playerId: s.substituteId,
          as: 'substitute',
        });
    }
  }
  return out;
}

/**
 * Who sat down for each pair at each session (of one session and pair, when given):
 * `${session}:${pairId}` → its players, in seat order.
 */
export function seatedPairs(
  state: Seating,
  session?: number,
  pair?: string,
): Map<string, { session: number; pairId: string; players: Set<string> }> {
  const out = new Map<string, { session: number; pairId: string; players: Set<string> }>();
  for (const s of seatsOf(state, session, pair)) {
    const k = key(s.session, s.pairId);
    let e = out.get(k);
    if (!e) out.set(k, (e = { session: s.session, pairId: s.pairId, players: new Set() }));
    e.players.add(s.playerId);
  }
  return out;
}

/** Who sat down at a session, and for which pair (the last seat of each player, in seat order). */
export function presentAt(state: Seating, session: number): Map<string, string> {
  const present = new Map<string, string>();
  for (const s of seatsOf(state, session)) present.set(s.playerId, s.pairId);
  return present;
}

/** A seat a proposed fact would add, with the field of the fact that names the player. */
export interface ProposedSeat {
  session: number;
  pairId: string;
  playerId: string;
  as: SeatedAs;
  field: string;
}

/**
 * The seats a fact sits down, read against the competition before it (`state`): a result's
 * players, a substitute, the players of each pair a link to board results names (as
 * `linkedPlayers` reads them), and the two players a partnership names for a session already
 * linked to board results. Other facts seat no one.
 */
export function seatsOfFact(state: Seating, fact: CompetitionFact): ProposedSeat[] {
  switch (fact.type) {
    case 'SessionResultRecorded': {
      const d = fact.data;
      return d.players.map((playerId, i) => ({
        session: d.session,
        pairId: d.pairId,
        playerId,
        as: 'result',
        field: `data.players[${i}]`,
      }));
    }
    case 'SubstitutePlayed': {
      const d = fact.data;
      return [
        {
          session: d.session,
          pairId: d.pairId,
          playerId: d.substituteId,
          as: 'substitute',
          field: 'data.substituteId',
        },
      ];
    }
    case 'SessionScoredFromBoards': {
      const d = fact.data;
      return d.pairs.flatMap((p, i) =>
        linkedPlayers(state, { ...p, session: d.session, sessionStreamId: d.sessionStreamId }).map(
          (playerId, j): ProposedSeat => ({
            session: d.session,
            pairId: p.pairId,
            playerId,
            as: 'linked',
            field: p.players ? `data.pairs[${i}].players[${j}]` : `data.pairs[${i}].pairId`,
          }),
        ),
      );
    }
    case 'PartnershipPlayersNamed': {
      const d = fact.data;
      const link = state.scoredFromBoards?.[key(d.session, d.pairId)];
      if (!link || link.players) return [];
      return linkedPlayers(
        { ...state, named: { [key(d.session, d.pairId)]: d.players } },
        link,
      ).map((playerId, i) => ({
        session: d.session,
        pairId: d.pairId,
        playerId,
        as: 'linked',
        field: `data.players[${i}]`,
      }));
    }
    default:
      return [];
  }
}
