import type { CompetitionFact, SessionResultRecorded } from '../../domain/competition/facts';

/**
 * Equal values kept once across the competitions the projection folds: a club history names
 * the same players and pairs in thousands of facts, each read from the store with strings and
 * arrays of its own. `fact` gives an equal fact whose ids and lists of players are the ones
 * kept: arrays read by many facts, so nothing may mutate them.
 */
export interface SharedValues {
  fact(fact: CompetitionFact): CompetitionFact;
}

export function sharedValues(): SharedValues {
  const ids = new Map<string, string>();
  // Lists of two (nearly all) by their first id, then their second; others by their ids joined
  // with NUL, which no id holds.
  const twos = new Map<string, Map<string, string[]>>();
  const others = new Map<string, string[]>();
  // A competition's facts come in runs: its id is the one before, most of the time.
  let competitionId = '';
  const id = (s: string): string => {
    const known = ids.get(s);
    if (known !== undefined) return known;
    ids.set(s, s);
    return s;
  };
  const list = (players: string[]): string[] => {
    let known: string[] | undefined;
    if (players.length === 2) {
      let seconds = twos.get(players[0]);
      if (seconds === undefined) twos.set(players[0], (seconds = new Map()));
      known = seconds.get(players[1]);
      if (known === undefined) seconds.set(players[1], (known = players.map(id)));
    } else {
      const key = players.join('\u0000');
      known = others.get(key);
      if (known === undefined) others.set(key, (known = players.map(id)));
    }
    return known;
  };
  const result = (d: SessionResultRecorded): SessionResultRecorded => {
    if (d.competitionId !== competitionId) competitionId = id(d.competitionId);
    // Every field, in the catalogue's order: one shape for every result kept.
    return {
      competitionId,
      session: d.session,
      pairId: id(d.pairId),
      players: list(d.players),
      percentage: d.percentage,
      boardsPlayed: d.boardsPlayed,
      group: d.group,
      source: d.source,
      sitOutRounds: d.sitOutRounds,
    };
  };
  return {
    fact(f) {
      const occurredAt = f.occurredAt;
      switch (f.type) {
        case 'SessionResultRecorded':
          return { type: f.type, occurredAt, data: result(f.data) };
        case 'PairEntered':
          return { type: f.type, occurredAt, data: { ...f.data, players: list(f.data.players) } };
        case 'PartnershipPlayersNamed':
          return { type: f.type, occurredAt, data: { ...f.data, players: list(f.data.players) } };
        default:
          return f;
      }
    },
  };
}
