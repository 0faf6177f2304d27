/**
 * On EventStoreDB (against the protocol fake): the adapter stores no hash. A hash
 * chained over `$all` would need each event's commit position, which the server assigns only
 * as it commits, and the previous event's hash under a lock on all of `$all`, which ESDB does
 * not offer (docs/architecture.md "Tamper evidence"). So verify computes the chain on read
 * (kept: false) and prints its head to compare with one written down, and an export carries
 * the computed chain, checkable from then on like any other.
 */
import { Writable } from 'node:stream';
import { catalogue } from '../../src/contexts/catalogue';
import { exportLog } from '../../src/cli/commands/export';
import { FileChain } from '../../src/audit/export-chain';
import { readRaw } from '../../src/audit/raw-records';
import { verifyLog } from '../../src/audit/verify';
import { EsdbEventStore } from '../../src/store/esdb/esdb-event-store';
import type { EventStore } from '../../src/store/event-store';
import { chainHash, GENESIS_HASH } from '../../src/store/seal';
import {
  startEsdbProtocolFake,
  type EsdbProtocolFake,
} from '../support/esdb-fake/esdb-protocol-fake';
import { collect, facts } from '../support/events';

let fake: EsdbProtocolFake;
beforeAll(async () => {
  fake = await startEsdbProtocolFake();
});
afterAll(async () => {
  await fake.close();
});

it('EventStoreDB keeps no hash; verify computes the chain and its head, and an export carries that chain', async () => {
  const store = new EsdbEventStore(fake.url);
  try {
    await store.appendToStream(`seal-${Date.now()}`, facts(3));
    expect((store as EventStore).sealed).toBeFalsy();
    const rows = await collect(readRaw(store));
    expect(rows.every((r) => r.hash === undefined)).toBe(true);
    let previous = GENESIS_HASH;
    const computed = rows.map((r) => (previous = chainHash(previous, r)));
    const { seal } = await verifyLog(readRaw(store), catalogue, {
      densePositions: false,
      sealed: (store as EventStore).sealed,
    });
    expect(seal).toMatchObject({ kept: false, breaks: 0, head: { hash: computed.at(-1) } });

    const lines: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    await exportLog(store, out, {});
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((p) => p.hash)).toEqual(computed);
    const chain = new FileChain();
    expect(parsed.flatMap((p, i) => chain.check(i + 1, p))).toEqual([]);
    expect(chain.result()).toMatchObject({ sealed: true, head: computed.at(-1) });
  } finally {
    await store.close();
  }
});
