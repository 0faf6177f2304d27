import { isInstant } from '../../../kernel/instant';
import { InvalidTableQueryError } from '../../../audit/table-query';
import type { EventStore } from '../../../store/event-store';
import { UnknownRubberSessionError, type RubberSessionView, type TableView } from '../projection';
import { rubberSessionAt, type RubberMoment } from './rubber';

/** One thing the duty member's page shows that changed between two moments. */
export interface RubberChange {
  /** `table <id>`, `waiting`, `retired`, `present`. */
  subject: string;
  field: string;
  from: unknown;
  to: unknown;
}

export interface RubberDiffView {
  clubId: string;
  sessionId: string;
  from: { at: string };
  to: { at: string };
  changes: RubberChange[];
}

/**
 * A moment as written for a diff: `now` (for `to`), a ledger position (digits) or an instant
 * with a zone (as recorded by then). A club date is refused: an evening is asked at a time.
 */
export function readRubberMoment(
  text: unknown,
  field: 'from' | 'to',
  name: string = field,
): RubberMoment {
  if (typeof text === 'string') {
    const t = text.trim();
    if (t === 'now' && field === 'to') return {};
    if (/^\d+$/.test(t)) return { atPosition: Number(t) };
    if (isInstant(t)) return { asOf: t };
  }
  throw new InvalidTableQueryError([
    {
      field,
      message: `${name} must be a ledger position (a whole number >= 0) or an ISO 8601 instant with a zone${field === 'to' ? ', or now' : ''}; got ${JSON.stringify(text ?? null)}`,
    },
  ]);
}

const said = (m: RubberMoment) =>
  m.atPosition !== undefined
    ? `position ${m.atPosition}`
    : m.asOf !== undefined
      ? `as recorded by ${m.asOf}`
      : 'now';

const seats = (t: TableView | undefined) => t?.seats.map((s) => `${s.unit} ${s.tenure}`) ?? [];
const leaving = (t: TableView | undefined) => {
  const n = t?.nextTableUp;
  return n === undefined ? undefined : 'leave' in n ? n.leave : { cut: n.cutAmong };
};

/** What the page shows of an evening that differs between two readings of it. */
function changesBetween(a: RubberSessionView | undefined, b: RubberSessionView): RubberChange[] {
  const out: RubberChange[] = [];
  const push = (subject: string, field: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) out.push({ subject, field, from, to });
  };
  const tables = new Set([...(a?.tables ?? []), ...b.tables].map((t) => t.table));
  for (const id of tables) {
    const x = a?.tables.find((t) => t.table === id);
    const y = b.tables.find((t) => t.table === id);
    push(`table ${id}`, 'seats', seats(x), seats(y));
    push(`table ${id}`, 'status', x?.status, y?.status);
    push(`table ${id}`, 'nextTableUp', leaving(x), leaving(y));
  }
  push(
    'waiting',
    'units',
    a?.waiting.map((w) => w.unit) ?? [],
    b.waiting.map((w) => w.unit),
  );
  push(
    'retired',
    'units',
    a?.retired.map((r) => r.unit) ?? [],
    b.retired.map((r) => r.unit),
  );
  push('present', 'players', a?.present ?? 0, b.present);
  return out;
}

/**
 * `diff`: what an evening's page shows that changed between two moments (facts recorded since, a
 * correction accepted): each table's seats and tenures, its state and next Table Up, who waits,
 * who retired. An evening not yet opened at `from` is all new.
 */
export async function rubberDiffAt(
  store: EventStore,
  clubId: string | undefined,
  sessionId: string,
  from: RubberMoment,
  to: RubberMoment,
): Promise<RubberDiffView> {
  const after = await rubberSessionAt(store, clubId, sessionId, to);
  let before: RubberSessionView | undefined;
  try {
    before = await rubberSessionAt(store, clubId, sessionId, from);
  } catch (err) {
    if (!(err instanceof UnknownRubberSessionError)) throw err;
  }
  return {
    clubId: after.clubId,
    sessionId,
    from: { at: said(from) },
    to: { at: said(to) },
    changes: changesBetween(before, after),
  };
}
