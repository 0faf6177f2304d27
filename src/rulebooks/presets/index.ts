import type { Preset } from '../rulebook';
import { dsbGroenlo2014 } from '../../rulesets/dsb-groenlo-2014/preset';
import { lcbaLeague2009 } from '../../rulesets/lcba-league/preset';
import { nzClub } from '../../rulesets/nz-club/preset';
import { pinner2018 } from '../../rulesets/pinner/preset';

/**
 * The presets a club can adopt (`RulebookAdopted.preset`) and, through them, the competition
 * formats the ledger accepts. The built-in ones are registered here; a ruleset registered at
 * run time (src/contexts/pairs/ruleset-registry.ts) adds its preset the same way.
 */
const registered = new Map<string, Preset>();

export function registerPreset(preset: Preset): void {
  const known = registered.get(preset.id);
  if (known && known !== preset) throw new Error(`preset ${preset.id} is already registered`);
  registered.set(preset.id, preset);
}

export const presetOf = (id: string): Preset | undefined => registered.get(id);

export const presetIds = (): string[] => [...registered.keys()];

/** Every format some registered preset scores. */
export const competitionFormats = (): string[] => [
  ...new Set([...registered.values()].flatMap((p) => p.formats)),
];

registerPreset(nzClub as unknown as Preset);
registerPreset(dsbGroenlo2014 as unknown as Preset);
// A league's organising club adopts it (LeagueRegistered reads the club's rulebook).
registerPreset(lcbaLeague2009 as unknown as Preset);
// Pinner BC's membership and visitors (src/contexts/membership/domain, src/rulesets/pinner).
registerPreset(pinner2018 as unknown as Preset);

export { nzClub, dsbGroenlo2014, lcbaLeague2009, pinner2018 };
