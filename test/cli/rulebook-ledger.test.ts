import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli, head } from '../support/cli';
import { tempDir } from '../support/temp';

const badAmendment = () => ({
  streamId: 'club-karori',
  id: v7(),
  type: 'RulebookAmended',
  occurredAt: '2026-04-20T12:00:00+12:00',
  data: {
    clubId: 'karori',
    changes: { 'scoring.factoring': 'neubreg' },
    effectiveFrom: '2026-03-01',
  },
  metadata: { clubId: 'karori' },
});

/** The example ledger in a SQLite file; with `unchecked` facts written as before the gate. */
async function exampleLedger(...unchecked: ReturnType<typeof badAmendment>[]) {
  const path = join(tempDir(), 'ledger.db');
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  await loadExamplesIfEmpty(store);
  let position = 0;
  for (const { streamId, ...e } of unchecked)
    ({ position } = await store.appendToStream(streamId, [e], { expectedRevision: 'any' }));
  await store.close();
  return { store: `sqlite:${path}`, position };
}

describe('bridge-ledger: rulebook facts that cannot be applied', () => {
  it('RULEBOOK append refuses a file whose amendment the parameter does not take, naming the line and the path; nothing is written', async () => {
    const { store } = await exampleLedger();
    const before = await head(store);
    const file = join(tempDir(), 'amend.ndjson');
    writeFileSync(file, JSON.stringify(badAmendment()) + '\n');
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${file}: line 1: data.changes["scoring.factoring"]: RULEBOOK: rulebook parameter scoring.factoring: must be "neuberg" or "none", not "neubreg"`,
    );
    expect(await head(store)).toBe(before);
  });

  it('RULEBOOK standings and c-points over a ledger already holding one exit 1 naming the fact and the path', async () => {
    const { store, position } = await exampleLedger(badAmendment());
    const message = `bridge-ledger: RULEBOOK: the RulebookAmended of club karori at position ${position} (from 2026-03-01) cannot be applied: rulebook parameter scoring.factoring: must be "neuberg" or "none", not "neubreg"`;
    for (const command of ['standings', 'c-points']) {
      const r = await cli(command, 'club-pairs-2026', '--store', store);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(message);
    }
    const earlier = await cli(
      'standings',
      'club-pairs-2026',
      '--store',
      store,
      '--at-position',
      String(position - 1),
    );
    expect(earlier.code).toBe(0);
  });
});
