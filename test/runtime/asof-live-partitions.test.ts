import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { championshipOf, competitions, cPointsOf } from '../../src/contexts/pairs/projection';
import type { CompetitionsState } from '../../src/contexts/pairs/projection';
import { planAppend } from '../../src/ledger/append-file';
import { answerFromSlice } from '../../src/contexts/pairs/read/competition-slice';
import { examplesDir } from '../../src/ledger/load-examples';
import { competitionsState, standingsFrom, type AsOf } from '../../src/audit/published';
import { outcome } from '../support/outcome';
import type { EventStore } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';

/**
 * At scale, an as-of answer takes from the live read model every partition no fact
 * after the moment asked for has changed, and reads only the streams of those that changed.
 * Its answers are the full replay's, byte for byte, and what it reads shrinks as the moment
 * nears the head.
 */

const NZ = 'club-pairs-2026';
const DSB = ['dsb-2014-c1', 'dsb-2014-c2'];

/** Both example seasons, appended one after the other, each append a minute later. */
async function examples(): Promise<MemoryEventStore> {
  let t = Date.parse('2026-06-01T00:00:00Z');
  const store = new MemoryEventStore({
    upcast: catalogue.upcast,
    clock: () => new Date((t += 60_000)),
  });
  for (const file of ['nz-club-pairs-2026.ndjson', 'dsb-groenlo-2014-2015.ndjson']) {
    for (const b of await planAppend(join(examplesDir()!, file), catalogue))
      await store.appendToStream(b.streamId, b.events);
  }
  return store;
}

/** The live read model: every fact folded, as the runner keeps it. */
async function liveOf(store: EventStore): Promise<CompetitionsState> {
  let state = competitions.initial();
  for await (const e of store.readAll()) state = competitions.apply(state, e, undefined);
  return state;
}

describe('as-of answers reuse the live partitions no later fact changed', () => {
  let store: MemoryEventStore;
  let live: CompetitionsState;
  beforeAll(async () => {
    store = await examples();
    live = await liveOf(store);
  });

  async function expectFullReplays(at: AsOf): Promise<number> {
    const full = await competitionsState(store, at);
    let read = 0;
    const answers: Array<[string, (s: CompetitionsState) => unknown]> = [
      ...[NZ, ...DSB].map((id): [string, (s: CompetitionsState) => unknown] => [
        id,
        (s) => standingsFrom(s, id),
      ]),
      [NZ, (s) => cPointsOf(s, NZ)],
    ];
    for (const [id, answer] of answers) {
      const got = await outcome(() =>
        answerFromSlice(
          store,
          { competitionId: id },
          at,
          () => live,
          (slice) => {
            read += slice.eventsRead;
            return answer(slice.state);
          },
        ),
      );
      expect(got).toBe(await outcome(() => answer(full)));
    }
    const club = await outcome(() =>
      answerFromSlice(
        store,
        { clubId: 'dsb' },
        at,
        () => live,
        (slice) => championshipOf(slice.state, 'dsb', '2014-2015'),
      ),
    );
    expect(club).toBe(await outcome(() => championshipOf(full, 'dsb', '2014-2015')));
    return read;
  }

  it('at positions through both seasons: the full replay’s answers, byte for byte', async () => {
    const head = await store.headPosition();
    for (let p = 0; p <= head + 2; p += 19) await expectFullReplays({ atPosition: p });
    await expectFullReplays({ atPosition: head });
  });

  it('as of instants: the full replay’s answers', async () => {
    const instants: string[] = [];
    for await (const e of store.readAll()) if (e.position % 41 === 0) instants.push(e.recordedAt);
    instants.push('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z');
    for (const asOf of instants) await expectFullReplays({ asOf });
  });

  it('reads less as the moment nears the head: nothing at the head, the NZ season’s facts before the DSB season', async () => {
    const head = await store.headPosition();
    const atHead = await expectFullReplays({ atPosition: head });
    expect(atHead).toBe(0);
    // Before the DSB season was appended, its competitions are read, not the finished NZ one.
    const dsbFirst = (await store.readStream('competition-dsb-2014-c1').next()).value!.position;
    let nzRead = 0;
    await answerFromSlice(
      store,
      { competitionId: NZ },
      { atPosition: dsbFirst - 1 },
      () => live,
      (s) => {
        nzRead = s.eventsRead;
      },
    );
    expect(nzRead).toBe(0);
  });

  it('a live state that moves while the changed streams are read is not used half-moved: it tries again', async () => {
    const head = await store.headPosition();
    let calls = 0;
    // Each look at the live state finds another object: never the same twice running.
    const moving = () => {
      calls++;
      return { ...live };
    };
    const full = await competitionsState(store, { atPosition: head - 50 });
    const got = await answerFromSlice(
      store,
      { competitionId: NZ },
      { atPosition: head - 50 },
      moving,
      (s) => JSON.stringify(standingsFrom(s.state, NZ)),
    );
    expect(got).toBe(JSON.stringify(standingsFrom(full, NZ)));
    expect(calls).toBeGreaterThan(1);
  });
});
