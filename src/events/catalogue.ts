import { isInstant, OCCURRED_AT_MESSAGE } from './instant';
import type { EventMetadata, RecordedEvent } from './envelope';
import type { FieldIssue } from './issues';

/**
 * The catalogue of event types: for each, today's schema version, a validator of its data,
 * and the upcasters that lift an older stored version to today's shape. Each bounded context
 * contributes a file of definitions (see ./contexts).
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
  /**
   * upcasters[v] turns version v data into version v + 1 data. The envelope's metadata is given
   * for a field that moved from it into the data (PlayerRegistered v3's `clubId`).
   */
  upcasters?: Record<number, Upcaster>;
}

export type Upcaster = (
  data: Record<string, unknown>,
  envelope: { metadata: EventMetadata },
) => Record<string, unknown>;

export class EventCatalogue {
  private readonly byType = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[]) {
    for (const d of definitions) {
      if (this.byType.has(d.type)) throw new Error(`event type ${d.type} defined twice`);
      for (let v = 1; v < d.schemaVersion; v++) {
        if (!d.upcasters?.[v]) throw new Error(`${d.type}: no upcaster from version ${v}`);
      }
      this.byType.set(d.type, d);
    }
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
   * Checks one event's occurredAt (when given), type, version and data. `at` prefixes field names so a batch error
   * names the event (`events[3].data.name`). An older version is upcast with its metadata.
   */
  validate(
    event: {
      type: unknown;
      schemaVersion?: unknown;
      occurredAt?: unknown;
      data: unknown;
      metadata?: unknown;
    },
    at: string,
  ): FieldIssue[] {
    // A club's date and time: a day the calendar has, year 0001 on (the store's envelope rule
    // checks the shape only, and Date.parse reads 2026-02-30 as 2 March).
    if (event.occurredAt !== undefined && !isInstant(event.occurredAt)) {
      return [
        { field: `${at}.occurredAt`, message: OCCURRED_AT_MESSAGE },
        ...this.validate({ ...event, occurredAt: undefined }, at),
      ];
    }
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
    // Older versions are accepted as stored (an export re-imported); their data is checked
    // in today's shape, after upcasting.
    const data = this.upcastData(def, version, event.data, metadataOf(event.metadata));
    return def
      .validate(data)
      .map((i) => ({ field: `${at}.data${i.field ? '.' + i.field : ''}`, message: i.message }));
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
    for (let v = from; v < def.schemaVersion; v++) out = def.upcasters![v](out, { metadata });
    return out;
  }
}

const NO_METADATA: EventMetadata = Object.freeze({});

/** An envelope's metadata as an upcaster reads it: an object, else none. */
const metadataOf = (m: unknown): EventMetadata =>
  typeof m === 'object' && m !== null && !Array.isArray(m) ? (m as EventMetadata) : NO_METADATA;
