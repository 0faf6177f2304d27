import type { EventMetadata, RecordedEvent } from './envelope';
import type { FieldIssue } from './issues';

/**
 * The catalogue of event types: for each, today's schema version, a validator of its data,
 * and each older version's own schema with the upcaster that lifts it to the next. Each
 * bounded context contributes a file of definitions (see ./contexts).
 */
export interface EventDefinition {
  type: string;
  /** Today's version; events are written with it. */
  schemaVersion: number;
  /** One line for docs/events.md and `--help`. */
  description: string;
  /** Rule IDs the fact serves, e.g. ['NZ-7']. */
  rules?: string[];
  validate(data: unknown): FieldIssue[];
  /** older[v]: version v's schema and its upcaster, for every v below `schemaVersion`. */
  older?: Record<number, OlderVersion>;
}

/** A version no longer written: still accepted (an export re-imported), checked in its own shape. */
export interface OlderVersion {
  /** Version v's own schema: a fact written as v is checked as v was, before it is upcast. */
  validate(data: unknown): FieldIssue[];
  /**
   * Turns version v data into version v + 1 data. The envelope's metadata is given for a field
   * that moved from it into the data (PlayerRegistered v3's `clubId`).
   */
  upcast: Upcaster;
  /**
   * The fields the upcast turns into others (v1's `member` into `status`) or restates (a
   * rule's old spelling): every other field must come through unchanged, and no field it adds
   * may override one of version v (test/events/upcasters-keep-data.test.ts).
   */
  replaces?: readonly string[];
}

export type Upcaster = (
  data: Record<string, unknown>,
  envelope: { metadata: EventMetadata },
) => Record<string, unknown>;

export class EventCatalogue {
  private readonly byType = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[]) {
    this.add(definitions);
  }

  /** Adds a context's definitions (a context registered at run time: src/contexts/registry.ts). */
  add(definitions: readonly EventDefinition[]): void {
    const seen = new Set(this.byType.keys());
    for (const d of definitions) {
      if (seen.has(d.type)) throw new Error(`event type ${d.type} defined twice`);
      seen.add(d.type);
      for (let v = 1; v < d.schemaVersion; v++) {
        if (!d.older?.[v]) throw new Error(`${d.type}: no schema and upcaster for version ${v}`);
      }
    }
    for (const d of definitions) this.byType.set(d.type, d);
  }

  get(type: string): EventDefinition | undefined {
    return this.byType.get(type);
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  types(): EventDefinition[] {
    return [...this.byType.values()].sort((a, b) => a.type.localeCompare(b.type));
  }

  /**
   * Checks one event's type, version and data (the envelope, occurredAt included, is the
   * store's rule: `normaliseBatch`). `at` prefixes field names so a batch error names the event
   * (`events[3].data.name`). An older version is upcast with its metadata.
   */
  validate(
    event: {
      type: unknown;
      schemaVersion?: unknown;
      data: unknown;
      metadata?: unknown;
    },
    at: string,
  ): FieldIssue[] {
    const def = typeof event.type === 'string' ? this.byType.get(event.type) : undefined;
    if (!def) {
      return [{ field: `${at}.type`, message: `unknown event type ${JSON.stringify(event.type)}` }];
    }
    const version = event.schemaVersion ?? def.schemaVersion;
    if (typeof version !== 'number' || !Number.isInteger(version)) {
      return [{ field: `${at}.schemaVersion`, message: 'must be an integer' }];
    }
    if (version < 1 || version > def.schemaVersion) {
      return [
        {
          field: `${at}.schemaVersion`,
          message: `${def.type} has versions 1 to ${def.schemaVersion}`,
        },
      ];
    }
    const field = (f: string) => `${at}.data${f ? '.' + f : ''}`;
    // An older version is accepted as stored (an export re-imported), checked in its own shape
    // first: read in today's shape alone, `member: "yes"` would pass as a member.
    if (version < def.schemaVersion) {
      const own = def.older![version].validate(event.data);
      if (own.length) {
        return own.map((i) => ({
          field: field(i.field),
          message: `${i.message} (${def.type} version ${version})`,
        }));
      }
    }
    const data = this.upcastData(def, version, event.data, metadataOf(event.metadata));
    return def.validate(data).map((i) => ({ field: field(i.field), message: i.message }));
  }

  /** Reads a stored event in today's shape. Unknown types pass through untouched. */
  upcast = (event: RecordedEvent): RecordedEvent => {
    const def = this.byType.get(event.type);
    if (!def || event.schemaVersion >= def.schemaVersion) return event;
    return {
      ...event,
      schemaVersion: def.schemaVersion,
      data: this.upcastData(def, event.schemaVersion, event.data, metadataOf(event.metadata)),
    };
  };

  private upcastData(
    def: EventDefinition,
    from: number,
    data: unknown,
    metadata: EventMetadata,
  ): unknown {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
    let out = data as Record<string, unknown>;
    for (let v = from; v < def.schemaVersion; v++) out = def.older![v].upcast(out, { metadata });
    return out;
  }
}

const NO_METADATA: EventMetadata = Object.freeze({});

/** An envelope's metadata as an upcaster reads it: an object, else none. */
const metadataOf = (m: unknown): EventMetadata =>
  typeof m === 'object' && m !== null && !Array.isArray(m) ? (m as EventMetadata) : NO_METADATA;
