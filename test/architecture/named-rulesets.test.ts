import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * A rulebook plugs into a context through the policy types the context declares; no file outside
 * src/rulesets/ names a ruleset: the pairs, league and membership contexts reach their rules
 * through their registries, and the app and the CLI load the list of rulesets the ledger ships
 * (src/rulesets/index.ts). The dependency rule `only-rulesets-name-a-ruleset` says the same in
 * `npm run lint:deps`; this test reads every import line, dynamic ones included.
 */
const root = join(__dirname, '../..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The named rulesets a file imports: the folders under src/rulesets/ its imports resolve into. */
function rulesetsImportedBy(file: string, text = readFileSync(file, 'utf8')): string[] {
  const named = new Set<string>();
  for (const m of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
    const target = relative(root, normalize(join(dirname(file), m[1]!)));
    const ruleset = /^src\/rulesets\/([^/]+)\//.exec(target + '/');
    if (ruleset && ruleset[1] !== 'index') named.add(ruleset[1]!);
  }
  return [...named];
}

describe('no file outside src/rulesets/ names a ruleset', () => {
  const outside = tsFiles(join(root, 'src'))
    .map((f) => relative(root, f))
    .filter((f) => !f.startsWith('src/rulesets/'));
  const naming = outside.filter((f) => rulesetsImportedBy(join(root, f)).length > 0).sort();

  it('finds a file importing a ruleset by name (the check bites)', () => {
    const probe = join(root, 'src/contexts/league/probe.ts');
    const imports = "import type { PinnerParams } from '../../rulesets/pinner/preset';\n";
    expect(rulesetsImportedBy(probe, imports)).toEqual(['pinner']);
    expect(
      rulesetsImportedBy(probe, "import { registerRuleset } from '../../rulesets';\n"),
    ).toEqual([]);
  });

  it('no file outside src/rulesets/ names a ruleset', () => {
    expect(naming).toEqual([]);
  });
});
