// A separate process appending to a shared ledger file, as the CLI does beside a server.
// Plain JS on the built adapter (npm test builds first), so it runs without a TS loader.
const { SqliteEventStore } = require('../../dist/src/store/sqlite/sqlite-event-store');
const { WrongExpectedVersionError } = require('../../dist/src/store/errors');
const { v7 } = require('uuid');

async function main() {
  const [path, writer, count] = process.argv.slice(2);
  const store = new SqliteEventStore(path);
  const tally = { ok: 0, conflicts: 0 };
  const event = (i) => ({
    id: v7(),
    type: 'WriterTick',
    occurredAt: '2026-03-02T19:30:00+13:00',
    data: { writer, i },
  });
  for (let i = 0; i < Number(count); i++) {
    // One private stream, plus a shared stream raced with expected revisions.
    await store.appendToStream(`writer-${writer}`, [event(i)], { expectedRevision: 'any' });
    for (;;) {
      let revision = -1;
      try {
        for await (const e of store.readStream('shared', { direction: 'backwards', maxCount: 1 })) {
          revision = e.revision;
        }
      } catch {
        revision = -1;
      }
      try {
        await store.appendToStream('shared', [event(i)], {
          expectedRevision: revision < 0 ? 'no_stream' : revision,
        });
        tally.ok += 1;
        break;
      } catch (err) {
        if (!(err instanceof WrongExpectedVersionError)) throw err;
        tally.conflicts += 1;
      }
    }
  }
  await store.close();
  process.stdout.write(JSON.stringify(tally));
}

main().catch((err) => {
  process.stderr.write(String(err && err.stack));
  process.exit(1);
});
