import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { catalogue } from '../../src/contexts/catalogue';
import { useCompiledSchemas } from '../../src/kernel/class-schema';
import { examplesDir } from '../../src/ledger/load-examples';

/**
 * A fact's schema is compiled once (src/kernel/compiled-schema.ts) and answers whether the data
 * passes; class-validator answers what is wrong. The compiled answer must never let through what
 * class-validator refuses: the catalogue gives the same issues, field for field, with the
 * compiled schemas first and without them — on every fact of the examples, and on those facts
 * changed at random (a field dropped, replaced by any JSON value or by another field's value, a
 * field added, a list emptied or doubled), to any depth.
 */

interface Fact {
  type: string;
  schemaVersion?: number;
  data: unknown;
  metadata?: unknown;
}

const facts: Fact[] = readdirSync(examplesDir()!)
  .filter((f) => f.endsWith('.ndjson'))
  .flatMap((f) =>
    readFileSync(join(examplesDir()!, f), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Fact),
  );

function validate(fact: Fact, compiled: boolean) {
  useCompiledSchemas(compiled);
  try {
    return catalogue.validate(
      {
        type: fact.type,
        schemaVersion: fact.schemaVersion,
        data: fact.data,
        metadata: fact.metadata,
      },
      'event',
    );
  } finally {
    useCompiledSchemas(true);
  }
}

/** Every place in a JSON value: the path of keys and indexes to it. */
function pathsOf(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => pathsOf(v, [...at, i]))];
  if (typeof value === 'object' && value !== null)
    return [at, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k]))];
  return [at];
}

const json = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<unknown>;
type Change =
  | { kind: 'drop' | 'empty' | 'double' }
  | { kind: 'set'; value: unknown }
  | { kind: 'swap'; from: number }
  | { kind: 'add'; key: string; value: unknown };
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.constant({ kind: 'drop' as const }),
  fc.constant({ kind: 'empty' as const }),
  fc.constant({ kind: 'double' as const }),
  json.map((value) => ({ kind: 'set' as const, value })),
  fc.nat().map((from) => ({ kind: 'swap' as const, from })),
  fc.record({ key: fc.string({ maxLength: 8 }), value: json }).map((a) => ({
    kind: 'add' as const,
    ...a,
  })),
);

/** The fact with one change at one place of its data. */
function changed(fact: Fact, where: number, c: Change): Fact {
  const data = structuredClone(fact.data) as Record<string, unknown>;
  const paths = pathsOf(data);
  const path = paths[where % paths.length]!;
  if (path.length === 0) return { ...fact, data: c.kind === 'set' ? c.value : data };
  const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as never)[k], data) as Record<
    string | number,
    unknown
  >;
  const key = path[path.length - 1]!;
  const value = parent[key];
  if (c.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (c.kind === 'empty') parent[key] = Array.isArray(value) ? [] : {};
  else if (c.kind === 'double') parent[key] = Array.isArray(value) ? [...value, ...value] : value;
  else if (c.kind === 'set') parent[key] = c.value;
  else if (c.kind === 'swap') {
    const other = paths[c.from % paths.length]!;
    parent[key] = structuredClone(other.reduce<unknown>((v, k) => (v as never)[k], data));
  } else if (c.kind === 'add') {
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      (value as Record<string, unknown>)[c.key] = c.value;
    else parent[c.key as never] = c.value;
  }
  return { ...fact, data };
}

describe('compiled fact schemas answer as class-validator does', () => {
  it('every fact of the examples passes both ways', () => {
    expect(facts.length).toBeGreaterThan(1000);
    for (const f of facts) {
      expect(validate(f, false)).toEqual([]);
      expect(validate(f, true)).toEqual([]);
    }
  });

  it('the examples changed at random: the same issues with the compiled schemas first as without (and some refused)', () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.nat(facts.length - 1), fc.nat(), change, (i, where, c) => {
        const fact = changed(facts[i]!, where, c);
        const without = validate(fact, false);
        if (without.length > 0) refused++;
        expect(validate(fact, true)).toEqual(without);
      }),
      { numRuns: 4000, seed: 20261205 },
    );
    // The changes reach the checks: most changed facts are refused.
    expect(refused).toBeGreaterThan(1000);
  });

  it('one of each fact type of the examples, changed at random, answers the same', () => {
    const byType = [...new Map(facts.map((f) => [f.type, f])).values()];
    expect(byType.length).toBeGreaterThan(40);
    fc.assert(
      fc.property(fc.nat(byType.length - 1), fc.nat(), change, (i, where, c) => {
        const fact = changed(byType[i]!, where, c);
        expect(validate(fact, true)).toEqual(validate(fact, false));
      }),
      { numRuns: 3000, seed: 5122026 },
    );
  });
});
