/**
 * A pair by the names a person reads: its players' names as the club's roster registers them,
 * joined by " & "; a player the roster does not name stays an id, and a pair with no player
 * named is left out (a page says its id is all the ledger has).
 */
export function pairNamesFrom(
  entries: Iterable<readonly [pair: string, players: readonly string[]]>,
  players: Readonly<Record<string, { name: string }>>,
): Record<string, string> {
  const nameOf = (id: string) =>
    Object.hasOwn(players, id) && players[id]!.name !== id ? players[id]!.name : undefined;
  const out: Record<string, string> = {};
  for (const [pair, ids] of entries) {
    if (!ids.some((id) => nameOf(id) !== undefined)) continue;
    out[pair] = ids.map((id) => nameOf(id) ?? id).join(' & ');
  }
  return out;
}

/** A club's players by the names its roster registers (one registered by id only left out). */
export function playerNamesFrom(
  players: Readonly<Record<string, { name: string }>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, p] of Object.entries(players)) if (p.name !== id) out[id] = p.name;
  return out;
}
