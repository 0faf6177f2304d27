import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * A rulebook plugs into a context through the policy types the context declares; no file outside
 * src/rulesets/ should name a ruleset. The pairs, league and membership contexts' deciders reach
 * their rules through their registries; the membership read model, some pairs projections, the
 * club's NZ play limits and the audit's what-if still import Pinner, NZ or DSB code by name. Those files are listed here, so that no new file
 * names a ruleset, and a file that stops naming one must leave the list: it only shrinks, until
 * it is empty.
 */
const STILL_NAMING_A_RULESET = [
  'src/contexts/club/domain/nz-play-counts.ts',
  'src/contexts/club/domain/nz-play-limits.ts',
  'src/contexts/pairs/ruleset-registry.ts',
  'src/contexts/pairs/ruleset.ts',
  'src/ledger/club-index.ts',
];

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

  it('no file names a ruleset unless it is still listed as to be plugged in', () => {
    expect(naming.filter((f) => !STILL_NAMING_A_RULESET.includes(f))).toEqual([]);
  });

  it('a listed file that no longer names a ruleset leaves the list (it only shrinks)', () => {
    expect(STILL_NAMING_A_RULESET.filter((f) => !naming.includes(f))).toEqual([]);
  });
});
