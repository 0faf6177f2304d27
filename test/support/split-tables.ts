import type { Projection } from '../../src/kernel/projection';

/**
 * A read model split by its streams, as the rebuild's split sees it: `tables`, whose partition
 * `c:<n>` is made by the stream `competition-<n>` (its own), every other partition by facts any
 * share may read; the position of the last fact joined by the larger.
 */
export const splitTables: Projection<unknown> = {
  name: 'tables',
  version: 3,
  initial: () => ({}),
  apply: (s) => s,
  ownStreams: (s) => s.startsWith('competition-'),
  partitions: {
    keysOf: () => [],
    keys: () => [],
    get: () => undefined,
    put: () => undefined,
    streamOf: (key) => (key.startsWith('c:') ? `competition-${key.slice(2)}` : undefined),
    merge: (key, values) =>
      key === 'position' ? Math.max(...values.map((v) => v as number)) : undefined,
  },
};
