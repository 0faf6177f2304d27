import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { catalogue } from '../../../src/contexts/catalogue';
import { correctionsStreamId } from '../../../src/contexts/corrections/facts/scope';
import type { EventToAppend, RecordedEvent } from '../../../src/kernel/envelope';
import { RuleViolation } from '../../../src/kernel/rule-violation';
import { appendThroughGate } from '../../../src/ledger/append-through-gate';
import { DomainGate } from '../../../src/ledger/domain-gate';
import { examplesDir } from '../../../src/ledger/load-examples';
import { validateAppend } from '../../../src/ledger/validate-append';
import { presetOf } from '../../../src/rulebooks/presets';
import { InvalidEventError } from '../../../src/store/errors';
import { MemoryEventStore } from '../../../src/store/memory/memory-event-store';
import { applyChange, changeArbitrary, pathsOf, type Change } from './changes';
import { unpublishable, type Unpublishable } from './published-answers';

/** A line of an example season (examples/*.ndjson), as `bridge-ledger append` reads it. */
export interface Line extends EventToAppend {
  streamId: string;
}

/**
 * An example season a property starts from: its facts, and the points (`cuts`) where a
 * sequence may take over from them — the facts before a cut are the ledger as it stood, the
 * facts after it are what the club system proposes next, mangled by the steps.
 */
export interface Example {
  name: string;
  lines: readonly Line[];
  cuts: readonly number[];
}

export function loadExample(file: string, cuts: number): Example {
  const path = join(examplesDir(__dirname) ?? 'examples', file);
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Line);
  // Cut points spread over the season, never before the club and its rulebook.
  const at = Array.from({ length: cuts }, (_, i) =>
    Math.max(3, Math.round(((i + 1) * lines.length) / (cuts + 1))),
  );
  return { name: file, lines, cuts: at };
}

/**
 * What a club system may propose next: the example's next fact as it is, left out, or
 * changed; one further on, out of order; one already recorded, sent again (a new id, perhaps
 * changed); a correction of any fact recorded, perhaps accepted at once; an amendment of one
 * parameter of the club's rulebook.
 */
export type Step =
  | { kind: 'next' }
  | { kind: 'skip' }
  | { kind: 'change'; change: Change; also?: Change }
  | { kind: 'later'; ahead: number }
  | { kind: 'again'; back: number; change?: Change }
  | { kind: 'correct'; back: number; change: Change; accept: boolean }
  | { kind: 'amend'; change: Change; from: number };

export const stepArbitrary = (strings: readonly string[]): fc.Arbitrary<Step> => {
  const change = changeArbitrary(strings);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'next' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'skip' as const }) },
    {
      weight: 4,
      arbitrary: fc.record(
        { kind: fc.constant('change' as const), change, also: change },
        { requiredKeys: ['kind', 'change'] },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('later' as const),
        ahead: fc.integer({ min: 1, max: 40 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        { kind: fc.constant('again' as const), back: fc.nat(200), change },
        { requiredKeys: ['kind', 'back'] },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('correct' as const),
        back: fc.nat(200),
        change,
        accept: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('amend' as const),
        change,
        from: fc.constantFrom(-60, 0, 7),
      }),
    },
  );
};

/** The ids and names of an example, which a changed string is drawn from. */
export function stringsOf(example: Example): string[] {
  const out = new Set<string>();
  for (const l of example.lines.slice(0, 400)) {
    for (const v of Object.values(l.data as Record<string, unknown>)) {
      if (typeof v === 'string' && v.length <= 40) out.add(v);
    }
  }
  return [...out].sort().slice(0, 120);
}

export const sequenceArbitrary = (example: Example, maxSteps = 8) =>
  fc.record({
    cut: fc.constantFrom(...example.cuts),
    steps: fc.array(stepArbitrary(stringsOf(example)), { minLength: 1, maxLength: maxSteps }),
  });

export type Sequence = { cut: number; steps: Step[] };

/** What a sequence did: how many facts were proposed, accepted and refused (by rule). */
export interface Outcome {
  proposed: number;
  accepted: number;
  refused: Record<string, number>;
  /** The first accepted fact after which some answer failed, and the answers. */
  failure?: { step: number; fact: Line; unpublishable: Unpublishable[] };
}

let ids = 0;
const freshId = () => {
  ids += 1;
  const n = ids.toString(16).padStart(12, '0');
  return `0190a000-0000-7000-8000-${n}`;
};

/**
 * Runs a sequence: the example's facts up to the cut written as they stand, then each step's
 * fact appended through the gate every writer takes; after each one accepted, every published
 * answer is asked (as of the fact's club date) and none may fail.
 */
export async function runSequence(example: Example, seq: Sequence): Promise<Outcome> {
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
  for (const { streamId, ...e } of example.lines.slice(0, seq.cut)) {
    await store.appendToStream(streamId, [e], { expectedRevision: 'any' });
  }
  const gate = new DomainGate(store);
  const tail = example.lines.slice(seq.cut);
  const outcome: Outcome = { proposed: 0, accepted: 0, refused: {} };
  let correction = 0;
  for (const [i, step] of seq.steps.entries()) {
    const recorded = await all(store);
    const proposals = propose(step, tail, recorded, () => `prop-${(correction += 1)}`);
    for (const fact of proposals) {
      outcome.proposed += 1;
      const refusal = await append(gate, store, fact);
      if (refusal) {
        outcome.refused[refusal] = (outcome.refused[refusal] ?? 0) + 1;
        break;
      }
      outcome.accepted += 1;
      const events = await all(store);
      const failed = await unpublishable(store, events, fact.occurredAt.slice(0, 10));
      if (failed.length) {
        outcome.failure = { step: i, fact, unpublishable: failed };
        return outcome;
      }
    }
  }
  return outcome;
}

async function all(store: MemoryEventStore): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for await (const e of store.readAll()) out.push(e);
  return out;
}

/** The refusal's name (its rule, or `invalid: <field>`), or undefined when appended. */
async function append(gate: DomainGate, store: MemoryEventStore, fact: Line) {
  const { streamId, ...event } = fact;
  try {
    const events = validateAppend(catalogue, streamId, 'any', [event]);
    await appendThroughGate(gate, store, { streamId, expectedRevision: 'any', events });
    return undefined;
  } catch (e) {
    if (e instanceof RuleViolation) return e.rule;
    if (e instanceof InvalidEventError) return `invalid: ${e.issues[0]?.field ?? '?'}`;
    throw e;
  }
}

const dataOf = (e: { data: unknown }) => e.data as Record<string, unknown>;

/** The facts a step proposes (in order; a refusal ends the step). Takes from `tail`. */
function propose(
  step: Step,
  tail: Line[],
  recorded: RecordedEvent[],
  nextId: () => string,
): Line[] {
  const renew = (l: Line): Line => ({ ...l, id: freshId() });
  switch (step.kind) {
    case 'next':
      return tail.length ? [tail.shift()!] : [];
    case 'skip':
      tail.shift();
      return [];
    case 'change': {
      const l = tail.shift();
      if (!l) return [];
      let data = applyChange(l.data, step.change);
      if (step.also) data = applyChange(data, step.also);
      return [{ ...l, data }];
    }
    case 'later':
      return tail.length ? [tail.splice(step.ahead % tail.length, 1)[0]!] : [];
    case 'again': {
      const e = pick(recorded, step.back);
      if (!e) return [];
      const data = step.change ? applyChange(e.data, step.change) : e.data;
      return [renew({ ...lineOf(e), data })];
    }
    case 'correct': {
      const e = pick(recorded, step.back);
      if (!e) return [];
      return correctionOf(e, applyChange(e.data, step.change), step.accept, nextId(), recorded);
    }
    case 'amend':
      return amendmentOf(recorded, step.change, step.from);
  }
}

const pick = (recorded: readonly RecordedEvent[], back: number) =>
  recorded.length ? recorded[recorded.length - 1 - (back % recorded.length)] : undefined;

const lineOf = (e: RecordedEvent): Line => ({
  streamId: e.streamId,
  id: e.id,
  type: e.type,
  occurredAt: e.occurredAt,
  data: e.data,
  metadata: e.metadata ?? {},
});

const lastOccurred = (recorded: readonly RecordedEvent[]) =>
  recorded.reduce((m, e) => (e.occurredAt > m ? e.occurredAt : m), recorded[0]!.occurredAt);

/** A correction of a recorded fact (on its club's or its league's corrections stream). */
function correctionOf(
  target: RecordedEvent,
  corrected: unknown,
  accept: boolean,
  correctionId: string,
  recorded: readonly RecordedEvent[],
): Line[] {
  const league =
    typeof dataOf(target).leagueId === 'string' ? String(dataOf(target).leagueId) : undefined;
  const club =
    league ??
    (typeof dataOf(target).clubId === 'string'
      ? String(dataOf(target).clubId)
      : String(dataOf(recorded.find((e) => e.type === 'ClubRegistered')!).clubId));
  const scope = league ? { clubId: league, leagueId: league } : { clubId: club };
  const occurredAt = lastOccurred(recorded);
  const notified: Line = {
    streamId: correctionsStreamId(club),
    id: freshId(),
    type: 'CorrectionNotified',
    occurredAt,
    data: {
      ...scope,
      correctionId,
      target: { eventId: target.id, streamId: target.streamId, type: target.type },
      corrected: corrected as Record<string, unknown>,
      notifiedBy: 'director',
      reason: 'a property test',
    },
    metadata: {},
  };
  if (!accept) return [notified];
  return [
    notified,
    {
      ...notified,
      id: freshId(),
      type: 'CorrectionAccepted',
      data: {
        ...scope,
        correctionId,
        by: 'director',
        reason: 'checked',
        lateAcceptedBecause: 'checked',
      },
    },
  ];
}

/** An amendment of one parameter of the club's preset, from the last fact's day (± days). */
function amendmentOf(recorded: readonly RecordedEvent[], change: Change, from: number): Line[] {
  const adopted = recorded.find((e) => e.type === 'RulebookAdopted');
  const preset = adopted && presetOf(String(dataOf(adopted).preset));
  if (!adopted || !preset) return [];
  const paths = pathsOf(preset.params).filter((p) => p.every((k) => typeof k === 'string'));
  if (!paths.length) return [];
  const path = paths[change.at % paths.length]!;
  const value = path.reduce<unknown>(
    (o, k) => (o as Record<string, unknown>)[k as string],
    preset.params,
  );
  const changed = applyChange({ value }, { ...change, at: 0 } as Change) as { value?: unknown };
  if (!('value' in changed)) return [];
  const day = new Date(`${lastOccurred(recorded).slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + from);
  return [
    {
      streamId: adopted.streamId,
      id: freshId(),
      type: 'RulebookAmended',
      occurredAt: lastOccurred(recorded),
      data: {
        clubId: dataOf(adopted).clubId,
        changes: { [path.join('.')]: changed.value },
        effectiveFrom: day.toISOString().slice(0, 10),
        reason: 'a property test',
      },
      metadata: {},
    },
  ];
}
