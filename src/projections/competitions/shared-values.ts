import type { CompetitionFact } from '../../domain/competition/facts';

/**
 * Equal values kept once across the competitions the projection folds: a club history names
 * the same players and pairs in thousands of facts, each read from the store with strings and
 * arrays of its own. `fact` gives an equal fact (same fields, same order) whose ids and lists
 * of players are the ones kept: arrays read by many facts, so nothing may mutate them.
 */
export interface SharedValues {
  fact(fact: CompetitionFact): CompetitionFact;
}

export function sharedValues(): SharedValues {
  const ids = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const id = (s: string): string => {
    const known = ids.get(s);
    if (known !== undefined) return known;
    ids.set(s, s);
    return s;
  };
  const list = (players: string[]): string[] => {
    // Named by the ids joined with NUL, which no id holds (a uuid or a club's code).
    const key = players.join('\u0000');
    let known = lists.get(key);
    if (known === undefined) lists.set(key, (known = players.map(id)));
    return known;
  };
  return {
    fact(f) {
      switch (f.type) {
        case 'SessionResultRecorded': {
          const d = f.data;
          const ids = { competitionId: id(d.competitionId), pairId: id(d.pairId) };
          return { ...f, data: { ...d, ...ids, players: list(d.players) } };
        }
        case 'PairEntered':
          return { ...f, data: { ...f.data, players: list(f.data.players) } };
        case 'PartnershipPlayersNamed':
          return { ...f, data: { ...f.data, players: list(f.data.players) } };
        default:
          return f;
      }
    },
  };
}
