import { registerPreset } from '../../rulebooks/presets';
import { NO_RULEBOOK_OPTIONS, type DecideOptions, type FormatShape } from './domain/decide-options';
import type { Rulebook } from '../../rulebooks/rulebook';
import type { ChampionshipTable, CPointsTable, FormatTable, Ruleset } from './ruleset';

const rulesets = new Map<string, Ruleset>();

/**
 * Registers a ruleset: its preset becomes adoptable, its formats creatable, and its tables
 * published (HTTP and CLI), with no other edit. The built-in ones are registered in
 * ./index.ts; a ruleset may be registered at run time (a test's, a club's own).
 */
export function registerRuleset(ruleset: Ruleset): void {
  const missing = ruleset.preset.formats.filter((f) => !ruleset.tables[f]);
  if (missing.length) {
    throw new Error(`ruleset ${ruleset.preset.id}: no table for format ${missing.join(', ')}`);
  }
  const known = rulesets.get(ruleset.preset.id);
  if (known && known !== ruleset) throw new Error(`ruleset ${ruleset.preset.id} is registered`);
  const champion = [...rulesets.values()].find((r) => r.championship && r !== ruleset);
  if (ruleset.championship && champion) {
    // DSB-11's table is asked of every club and season: a second one would need the club's
    // rulebook to choose between them, which no rule says.
    throw new Error(
      `ruleset ${ruleset.preset.id}: ${champion.preset.id} publishes the club championship`,
    );
  }
  registerPreset(ruleset.preset);
  rulesets.set(ruleset.preset.id, ruleset);
}

/** The table of a format under a preset, if that preset publishes it. */
export const tableOf = (preset: string, format: string): FormatTable | undefined =>
  rulesets.get(preset)?.tables[format];

/**
 * What the deciders judge under a rulebook in force (none: nothing rulebook-specific): the
 * ruleset's options, and its preset's formats each with the shape the ruleset says its
 * standings need (a format it says nothing of: only that the rulebook publishes it).
 */
export function decideOptionsOf(rulebook: Rulebook | undefined): DecideOptions {
  const ruleset = rulebook && rulesets.get(rulebook.preset);
  if (!ruleset) return NO_RULEBOOK_OPTIONS;
  const options = ruleset.decideOptions?.(rulebook!.params) ?? NO_RULEBOOK_OPTIONS;
  const shapes = ruleset.shapes?.(rulebook!.params) ?? {};
  const formats: Record<string, FormatShape> = Object.create(null) as Record<string, FormatShape>;
  for (const f of ruleset.preset.formats) formats[f] = shapes[f] ?? {};
  return { ...options, formats, rulebook: ruleset.preset.id };
}

/** The C-point table of a competition format: the one of the ruleset whose formats include it. */
export function cPointsTableOf(format: string): CPointsTable | undefined {
  for (const ruleset of rulesets.values()) {
    if (ruleset.cPoints && ruleset.preset.formats.includes(format)) return ruleset.cPoints;
  }
  return undefined;
}

/** The C-point tables registered, as a refusal names them ('NZ-8 C points (nz-club)'). */
export const cPointsTableNames = (): string =>
  [...rulesets.values()]
    .filter((r) => r.cPoints)
    .map((r) => `${r.cPoints!.rule} (${r.preset.id})`)
    .join(', ');

/** The club championship the registered rulesets publish (one of them: DSB-11), if any. */
export const championshipTable = (): ChampionshipTable | undefined =>
  [...rulesets.values()].find((r) => r.championship)?.championship;
