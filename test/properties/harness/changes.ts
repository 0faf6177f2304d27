import fc from 'fast-check';

/**
 * One change to a fact's data, made at a leaf (or an array) chosen by index among the data's
 * paths: what a club system's bug or a secretary's slip does to a well-formed fact — a field
 * left out, a number out by one or of the wrong sign, an id of someone else, a day moved, an
 * entry dropped or entered twice. Plain data, so a failing case prints as it was made.
 */
export type Change =
  | { op: 'delete'; at: number }
  | { op: 'number'; at: number; to: number }
  | { op: 'nudge'; at: number; by: number }
  | { op: 'string'; at: number; to: string }
  | { op: 'day'; at: number; days: number }
  | { op: 'flip'; at: number }
  | { op: 'drop'; at: number; index: number }
  | { op: 'twice'; at: number; index: number }
  | { op: 'swap'; at: number; index: number };

/** The strings a change may put in place of one: ids and names the ledger already holds. */
export const changeArbitrary = (strings: readonly string[]): fc.Arbitrary<Change> => {
  const at = fc.nat(10_000);
  return fc.oneof(
    fc.record({ op: fc.constant('delete' as const), at }),
    fc.record({
      op: fc.constant('number' as const),
      at,
      to: fc.oneof(
        fc.integer({ min: -3, max: 30 }),
        fc.constantFrom(0, -1, 0.5, 99, 100, 101, 1000, -7600, 7600, 1e9),
      ),
    }),
    fc.record({ op: fc.constant('nudge' as const), at, by: fc.constantFrom(-10, -1, 1, 10) }),
    fc.record({
      op: fc.constant('string' as const),
      at,
      to: strings.length
        ? fc.oneof(fc.constantFrom(...strings), fc.constantFrom('', 'x'))
        : fc.constantFrom('', 'x'),
    }),
    fc.record({ op: fc.constant('day' as const), at, days: fc.integer({ min: -400, max: 400 }) }),
    fc.record({ op: fc.constant('flip' as const), at }),
    fc.record({ op: fc.constant('drop' as const), at, index: fc.nat(50) }),
    fc.record({ op: fc.constant('twice' as const), at, index: fc.nat(50) }),
    fc.record({ op: fc.constant('swap' as const), at, index: fc.nat(50) }),
  );
};

type Path = ReadonlyArray<string | number>;

/** Every path into a JSON value: its leaves and its arrays (a change's `at` picks one). */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) {
    return [prefix, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]));
  }
  return prefix.length ? [prefix] : [];
}

const DAY = /^(\d{4}-\d{2}-\d{2})/;

const shiftDay = (text: string, days: number): string => {
  const m = DAY.exec(text);
  if (!m) return text;
  const d = new Date(`${m[1]}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10) + text.slice(10);
};

/** The data with the change made (a copy); the data itself when it has no path to change. */
export function applyChange<T>(data: T, change: Change): T {
  const paths = pathsOf(data);
  if (!paths.length) return data;
  const out = structuredClone(data) as unknown;
  const path = paths[change.at % paths.length]!;
  const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o as never)[k], out) as Record<
    string | number,
    unknown
  >;
  const key = path[path.length - 1]!;
  const holder = parent as Record<string | number, unknown>;
  const value = holder[key];
  switch (change.op) {
    case 'delete':
      if (Array.isArray(holder)) holder.splice(Number(key), 1);
      else delete holder[key];
      break;
    case 'number':
      holder[key] = change.to;
      break;
    case 'nudge':
      if (typeof value === 'number') holder[key] = value + change.by;
      break;
    case 'string':
      holder[key] = change.to;
      break;
    case 'day':
      if (typeof value === 'string') holder[key] = shiftDay(value, change.days);
      break;
    case 'flip':
      if (typeof value === 'boolean') holder[key] = !value;
      else if (typeof value === 'string') holder[key] = value.split('').reverse().join('');
      else holder[key] = value === null ? 0 : null;
      break;
    case 'drop':
    case 'twice':
    case 'swap': {
      const list = Array.isArray(value) ? value : Array.isArray(holder) ? holder : undefined;
      if (!list?.length) break;
      const i = change.index % list.length;
      if (change.op === 'drop') list.splice(i, 1);
      else if (change.op === 'twice') list.splice(i, 0, structuredClone(list[i]));
      else [list[i], list[(i + 1) % list.length]] = [list[(i + 1) % list.length], list[i]];
      break;
    }
  }
  return out as T;
}
