import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp';

/**
 * The layers and the no-cycle rule are dependency-cruiser rules run by `npm test`
 * (`npm run lint:deps`, .dependency-cruiser.cjs); these tests prove each rule bites, on a
 * small tree laid out like src/.
 */
const root = join(__dirname, '../..');
const depcruise = join(root, 'node_modules/.bin/depcruise');

function cruise(files: Record<string, string>): string[] {
  const dir = tempDir();
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    execFileSync(
      depcruise,
      ['src', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err'],
      { cwd: dir, stdio: 'pipe' },
    );
    return [];
  } catch (e) {
    const out = String((e as { stdout?: Buffer }).stdout ?? '');
    return [...out.matchAll(/error ([\w-]+):/g)].map((m) => m[1]!);
  }
}

describe('the layers hold, and no module imports itself back', () => {
  it('accepts imports that point inwards', () => {
    expect(
      cruise({
        'src/kernel/errors.ts': 'export const x = 1;\n',
        'src/contexts/league/domain/decide.ts':
          "import { x } from '../../../kernel/errors';\nexport const y = x;\n",
        'src/contexts/league/read/leagues.ts':
          "import { y } from '../domain/decide';\nexport const z = y;\n",
        'src/contexts/league/http/leagues.controller.ts':
          "import { z } from '../read/leagues';\nexport const w = z;\n",
        'src/ledger/gate.ts':
          "import { y } from '../contexts/league/domain/decide';\nexport const g = y;\n",
        'src/app/http.ts': "import { g } from '../ledger/gate';\nexport const h = g;\n",
      }),
    ).toEqual([]);
  });

  it('refuses an import cycle anywhere', () => {
    expect(
      cruise({
        'src/rulebooks/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'src/rulebooks/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      }),
    ).toContain('no-circular');
  });

  it('refuses the core importing an outer layer', () => {
    expect(
      cruise({
        'src/store/open.ts': 'export const open = 1;\n',
        'src/contexts/pairs/projection/p.ts':
          "import { open } from '../../../store/open';\nexport const p = open;\n",
      }),
    ).toContain('core-imports-no-outer-layer');
  });

  it("refuses a context's read service importing its own HTTP controller", () => {
    expect(
      cruise({
        'src/contexts/league/http/dto.ts': 'export const v = 1;\n',
        'src/contexts/league/read/leagues.ts':
          "import { v } from '../http/dto';\nexport const a = v;\n",
      }),
    ).toContain('use-cases-import-no-adapter');
  });

  it("refuses a context's projection importing the ledger's machinery", () => {
    expect(
      cruise({
        'src/ledger/runner.ts': 'export const r = 1;\n',
        'src/contexts/membership/projection/state.ts':
          "import { r } from '../../../ledger/runner';\nexport const s = r;\n",
      }),
    ).toContain('core-imports-no-outer-layer');
  });

  it('refuses a use case (ledger/, audit/, import/) importing the HTTP or CLI adapter', () => {
    expect(
      cruise({
        'src/app/validate.ts': 'export const v = 1;\n',
        'src/import/append.ts': "import { v } from '../app/validate';\nexport const a = v;\n",
      }),
    ).toContain('use-cases-import-no-adapter');
  });

  it('refuses the store importing a use case, and HTTP importing the CLI', () => {
    const found = cruise({
      'src/ledger/gate.ts': 'export const g = 1;\n',
      'src/store/s.ts': "import { g } from '../ledger/gate';\nexport const s = g;\n",
      'src/cli/main.ts': 'export const m = 1;\n',
      'src/app/h.ts': "import { m } from '../cli/main';\nexport const h = m;\n",
    });
    expect(found).toEqual(
      expect.arrayContaining(['store-imports-only-the-core', 'http-imports-no-cli']),
    );
  });
  it('refuses a ledger file loading the list of rulesets: only the app and the CLI load it', () => {
    const list = { 'src/rulesets/index.ts': 'export const shipped = 1;\n' };
    expect(
      cruise({
        ...list,
        'src/ledger/gate.ts': "import { shipped } from '../rulesets';\nexport const g = shipped;\n",
      }),
    ).toContain('rulesets-are-loaded-at-the-edge');
    expect(
      cruise({ ...list, 'src/app/main.ts': "import '../rulesets';\nexport const m = 1;\n" }),
    ).toEqual([]);
  });
  it('refuses a context naming a ruleset: it reaches a rulebook through its registry', () => {
    expect(
      cruise({
        'src/rulesets/pinner/preset.ts': 'export const pinner = 1;\n',
        'src/contexts/membership/read/register.ts':
          "import { pinner } from '../../../rulesets/pinner/preset';\nexport const r = pinner;\n",
      }),
    ).toContain('only-rulesets-name-a-ruleset');
  });
  it('refuses a context reaching past another context’s door; its index.ts is open', () => {
    const club = {
      'src/contexts/club/domain/club-streams.ts': 'export const clubStreamId = 1;\n',
      'src/contexts/club/index.ts': "export { clubStreamId } from './domain/club-streams';\n",
    };
    expect(
      cruise({
        ...club,
        'src/contexts/league/domain/streams.ts':
          "import { clubStreamId } from '../../club/domain/club-streams';\nexport const l = clubStreamId;\n",
      }),
    ).toContain('contexts-meet-through-their-door');
    expect(
      cruise({
        ...club,
        'src/contexts/league/domain/streams.ts':
          "import { clubStreamId } from '../../club';\nexport const l = clubStreamId;\n",
      }),
    ).toEqual([]);
  });
});
