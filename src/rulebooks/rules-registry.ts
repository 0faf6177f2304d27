import { registerPreset } from './presets';
import type { Preset, Rulebook } from './rulebook';

/** A context's rules as a ruleset registers them: named, with a preset, for the rulebooks they read. */
export interface RegisteredRules {
  readonly name: string;
  /** Its preset, registered with it; absent for rules that read another's rulebook. */
  readonly preset?: Preset;
  appliesTo(rulebook: Rulebook | undefined): boolean;
}

/**
 * A context's list of registered rules (meetings, rubber bridge …): `register` is the one line a
 * ruleset adds (src/rulesets/index.ts, or a test's); `for` finds the rules a club's rulebook in
 * force is read by, the first registered that applies to it.
 */
export function rulesRegistry<R extends RegisteredRules>(what: string) {
  const registered: R[] = [];
  return {
    register(rules: R): void {
      if (registered.some((r) => r.name === rules.name && r !== rules)) {
        throw new Error(`${what} rules ${rules.name} are registered`);
      }
      if (rules.preset) registerPreset(rules.preset);
      if (!registered.includes(rules)) registered.push(rules);
    },
    for: (rulebook: Rulebook | undefined): R | undefined =>
      registered.find((r) => r.appliesTo(rulebook)),
    all: (): readonly R[] => registered,
  };
}
