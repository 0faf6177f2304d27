import { catalogue } from '../../src/contexts/catalogue';
import type { EventToAppend } from '../../src/kernel/envelope';
import { championshipOf, competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { replayFromStore } from '../../src/audit/replay';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { clubIdOf, history, seasonName, type Batch } from '../../bench/standings/history';
import { appendThroughGate, refusalsByRule } from '../../bench/standings/through-gate';

/**
 * The benchmarks' synthetic club history must be a ledger that could exist: every fact of it
 * accepted by the deciders, through the same check → append → appended path the HTTP and CLI
 * writers take (DomainGate). One season of 8 clubs: ~6,700 facts, about as many substitutes a
 * club-night as the full benchmark history.
 */
const SHAPE = { seasons: 1, clubs: 8, competitions: 4, pairs: 24, firstYear: 2006 };
const GROUP_PAIRS = SHAPE.pairs / 3;

type Data = Record<string, unknown> & { session: number; pairId: string };
const dataOf = (e: EventToAppend) => e.data as Data;

describe('the synthetic benchmark history (bench/standings/history.ts)', () => {
  const batches: Batch[] = [...history(SHAPE)];
  const facts = batches.reduce((n, b) => n + b.events.length, 0);

  it('every fact passes the deciders: appended through the DomainGate with no refusal (NZ-7, DSB-3, DSB-10.1, LEDGER)', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const run = await appendThroughGate(store, catalogue, batches);
    expect([...refusalsByRule(run.refused)]).toEqual([]);
    expect(run.appended).toBe(facts);
    expect(await store.headPosition()).toBe(facts);

    // The standings answer for every competition: final, every group ranks its eight pairs.
    const { state } = await replayFromStore(store, competitions);
    const ids = Object.keys(state.competitions);
    expect(ids).toHaveLength(SHAPE.clubs * SHAPE.competitions);
    for (const id of ids) {
      const view = standingsOf(state, id);
      expect(view).toMatchObject({ kind: 'dsb', final: true, afterSession: 6 });
      if (view.kind !== 'dsb') throw new Error('not a DSB standing');
      expect(view.groups.map((g) => [g.group, g.rows.length])).toEqual([
        ['A', GROUP_PAIRS],
        ['B', GROUP_PAIRS],
        ['C', GROUP_PAIRS],
      ]);
    }
    // DSB-11: each club's championship of the season, from its four finished competitions.
    const champ = championshipOf(state, clubIdOf(0), seasonName(SHAPE.firstYear));
    expect(champ.competitions).toHaveLength(SHAPE.competitions);
    expect(champ.table.length).toBeGreaterThan(0);
  });

  it('keeps its substitutes, each sitting for one pair a session (NZ-7), some nights two of them', () => {
    const subs = new Map<string, string[]>();
    const seated = new Map<string, Map<string, string>>();
    for (const b of batches) {
      for (const e of b.events) {
        const d = dataOf(e);
        const key = `${b.streamId} ${d.session}`;
        if (e.type === 'SubstitutePlayed') {
          subs.set(key, [...(subs.get(key) ?? []), d.substituteId as string]);
        }
        if (e.type === 'SessionResultRecorded') {
          const night = seated.get(key) ?? seated.set(key, new Map()).get(key)!;
          for (const p of d.players as string[]) {
            expect(night.get(p) ?? d.pairId).toBe(d.pairId);
            night.set(p, d.pairId);
          }
        }
      }
    }
    const all = [...subs.values()];
    expect(all.flat().length).toBeGreaterThan(20);
    expect(all.some((ids) => ids.length >= 2)).toBe(true);
    for (const ids of all) expect(new Set(ids).size).toBe(ids.length);
  });

  it('the check would catch the old history: a substitute already playing for another pair that night is refused, and so is the result that names them (NZ-7)', async () => {
    // The first session night with a substitute: a later pair of the night takes the same one.
    const at = batches.findIndex((b) => b.events.some((e) => e.type === 'SubstitutePlayed'));
    const night = batches[at]!.events;
    const sub = night.find((e) => e.type === 'SubstitutePlayed')!;
    const substituteId = dataOf(sub).substituteId as string;
    const after = night.findIndex(
      (e) =>
        e.type === 'SessionResultRecorded' &&
        (dataOf(e).players as string[]).includes(substituteId),
    );
    const k = night.findIndex(
      (e, i) =>
        i > after &&
        e.type === 'SessionResultRecorded' &&
        !night.some((x) => x.type !== e.type && dataOf(x).pairId === dataOf(e).pairId),
    );
    const other = night[k]!;
    const [stays, away] = dataOf(other).players as string[];
    const twice: EventToAppend = {
      ...sub,
      id: '01900000-0000-7000-8000-000000000001',
      data: { ...dataOf(sub), pairId: dataOf(other).pairId, absentPlayerId: away },
    };
    const named: EventToAppend = {
      ...other,
      data: { ...dataOf(other), players: [stays, substituteId] },
    };
    const broken = batches.map((b, i) =>
      i === at ? { ...b, events: [...night.slice(0, k), twice, named, ...night.slice(k + 1)] } : b,
    );

    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const run = await appendThroughGate(store, catalogue, broken.slice(0, at + 1));
    expect(run.refused.map((r) => [r.rule, r.type])).toEqual([
      ['NZ-7', 'SubstitutePlayed'],
      ['NZ-7', 'SessionResultRecorded'],
    ]);
    expect(run.refused[0]!.reason).toBe(
      `${substituteId} already plays for pair ${dataOf(sub).pairId} at this session`,
    );
    await expect(
      appendThroughGate(new MemoryEventStore(), catalogue, broken.slice(0, at + 1), {
        strict: true,
      }),
    ).rejects.toMatchObject({
      rule: 'NZ-7',
      field: expect.stringMatching(/^events\[\d+\]\.data\.substituteId$/),
    });
  });
});
