// Item 8: a phantom pair stands in for a missing pair; a real pair's line against it
// is a sit-out, not a result of the field. Programs write it as a pair whose players are named
// so (Compscore/USEBIO PLAYER_NAME, PBN Names).

/** A phantom pair's players (PBN Names, USEBIO PLAYER_NAME): "Phantom", "Fantom", "Widmo", "Pauza", "Bye", "Sit-out". */
const PHANTOM = /^(phantom|fantom|widmo|pauza|bye|sit[- ]?out|ghost)( pair)?$/i;

export function isPhantom(players: { name: string }[], nameText?: string): boolean {
  if (nameText !== undefined && PHANTOM.test(nameText.trim())) return true;
  return players.length > 0 && players.every((p) => PHANTOM.test(p.name.trim()));
}
