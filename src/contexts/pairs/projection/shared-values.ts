import type { CompetitionFact, SessionResultRecorded } from '../domain/facts';

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
  // Lists by their ids joined with NUL, which no id holds.
  const lists = new Map<string, string[]>();
  // A pair's id as kept and the players its last fact named: a pair's results name the same
  // two, session after session, so one lookup (its id) finds both.
  const pairs = new Map<string, { id: string; players: string[] }>();
  // A competition's facts come in runs: its id is the one before, most of the time.
  let competitionId = '';

  const id = (s: string): string => {
    const known = ids.get(s);
    if (known !== undefined) return known;
    ids.set(s, s);
    return s;
  };
  const list = (players: string[]): string[] => {
    const key = players.join('\u0000');
    let known = lists.get(key);
    if (known === undefined) lists.set(key, (known = players.map(id)));
    return known;
  };
  const pair = (pairId: string, players: string[]) => {
    let p = pairs.get(pairId);
    if (p === undefined) pairs.set(pairId, (p = { id: pairId, players: list(players) }));
    else if (!same(p.players, players)) p.players = list(players);
    return p;
  };
  const result = (d: SessionResultRecorded): SessionResultRecorded => {
    if (d.competitionId !== competitionId) competitionId = id(d.competitionId);
    const p = pair(d.pairId, d.players);
    // Every field, in the catalogue's order: one shape for every result kept.
    return {
      competitionId,
      session: d.session,
      pairId: p.id,
      players: p.players,
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
        case 'PairEntered': {
          const p = pair(f.data.pairId, f.data.players);
          return {
            type: f.type,
            occurredAt,
            data: { ...f.data, pairId: p.id, players: p.players },
          };
        }
        case 'PartnershipPlayersNamed': {
          const p = pair(f.data.pairId, f.data.players);
          return {
            type: f.type,
            occurredAt,
            data: { ...f.data, pairId: p.id, players: p.players },
          };
        }
        default:
          return f;
      }
    },
  };
}

function same(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
