import type { Preset } from '../rulebook';

/**
 * The presets a club can adopt (`RulebookAdopted.preset`) and, through them, the competition
 * formats the ledger accepts. A ruleset registering into a context registers its preset with it
 * (src/rulesets/index.ts lists the ones the ledger ships; the app and the CLI load that list).
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
