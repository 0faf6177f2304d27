import request from 'supertest';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { findProjection } from '../../src/contexts/projections';
import { registerContext } from '../../src/contexts/registry';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { closeLedgerApp, ledgerApp, postFacts, sqliteLedgerApp } from '../app/support';
import { cli } from '../support/cli';
import { directorNotesContext } from '../support/contexts/director-notes';
import { tempDbPath } from '../support/temp';

// The one line that adds a context: nothing under src/ knows the director's notes.
registerContext(directorNotesContext);

const fact = (streamId: string, type: string, data: Record<string, unknown>) => ({
  id: v7(),
  type,
  occurredAt: '2026-03-02T22:00:00+13:00',
  data,
  metadata: { clubId: 'karori', actor: 'director' },
  streamId,
});
const note = (noteId: string, text: string) =>
  fact('notes-karori', 'DirectorNoteRecorded', {
    clubId: 'karori',
    noteId,
    evening: '2026-03-02',
    text,
  });

/**
 * A context that lives only under test/ (test/support/contexts/director-notes: its facts, its
 * decider, its projection, its controller and its command, one folder), registered in one
 * line: its facts are appended and decided, projected, and served over HTTP and the CLI.
 */
describe('a context registered in one line is appended, decided, projected and served', () => {
  const path = tempDbPath();
  let store: SqliteEventStore;
  let app: Awaited<ReturnType<typeof ledgerApp>>;
  const post = (facts: ReturnType<typeof fact>[]) => postFacts(app, facts);

  beforeAll(async () => ({ store, app } = await sqliteLedgerApp(path)));
  afterAll(() => closeLedgerApp(app, store));

  it('its facts join the catalogue and its projection the runner’s list', () => {
    expect(catalogue.has('DirectorNoteRecorded')).toBe(true);
    expect(findProjection('director-notes')).toBe(directorNotesContext.projections![0]);
  });

  it('its decider judges its stream: a note for a club the ledger has not registered is refused', async () => {
    const res = await post([note('n1', 'the slow pair at table 3 warned')]).expect(422);
    expect(res.body).toMatchObject({ rule: 'LEDGER', field: 'events[0].data.clubId' });
    expect(await store.headPosition()).toBe(0);
  });

  it('accepts its facts once the club is registered, and refuses a note twice', async () => {
    await post([
      fact('club-karori', 'ClubRegistered', {
        clubId: 'karori',
        name: 'Karori',
        timeZone: 'Pacific/Auckland',
      }),
    ]).expect(201);
    await post([
      note('n1', 'the slow pair at table 3 warned'),
      note('n2', 'board 7 redealt'),
    ]).expect(201);
    const twice = await post([note('n1', 'again')]).expect(422);
    expect(twice.body).toMatchObject({ rule: 'LEDGER', field: 'events[0].data.noteId' });
  });

  it('its schema refuses bad input naming the field, nothing written', async () => {
    const before = await store.headPosition();
    const res = await post([
      fact('notes-karori', 'DirectorNoteRecorded', {
        clubId: 'karori',
        noteId: 'n3',
        evening: 'Monday',
        text: '',
      }),
    ]).expect(400);
    expect(JSON.stringify(res.body)).toMatch(/events\[0\]\.data\.evening/);
    expect(await store.headPosition()).toBe(before);
  });

  it('a fact on another club’s notes stream is refused by its placement (LEDGER)', async () => {
    const res = await post([
      fact('notes-wellington', 'DirectorNoteRecorded', {
        clubId: 'karori',
        noteId: 'n4',
        evening: '2026-03-02',
        text: 'misplaced',
      }),
    ]).expect(422);
    expect(res.body.rule).toBe('LEDGER');
  });

  it('its projection is served over HTTP', async () => {
    await post([
      fact('notes-karori', 'DirectorNoteWithdrawn', {
        clubId: 'karori',
        noteId: 'n2',
        reason: 'recorded on the wrong evening',
      }),
    ]).expect(201);
    const res = await request(app.getHttpServer()).get('/clubs/karori/director-notes').expect(200);
    expect(res.body).toEqual({
      clubId: 'karori',
      notes: [
        {
          noteId: 'n1',
          evening: '2026-03-02',
          text: 'the slow pair at table 3 warned',
        },
        {
          noteId: 'n2',
          evening: '2026-03-02',
          text: 'board 7 redealt',
          withdrawn: 'recorded on the wrong evening',
        },
      ],
    });
  });

  it('and by the CLI', async () => {
    const out = await cli('director-notes', 'karori', '--store', `sqlite:${path}`);
    expect(out.code).toBe(0);
    expect(out.stdout.trim().split('\n')).toEqual([
      '2026-03-02  n1  the slow pair at table 3 warned',
      '2026-03-02  n2  board 7 redealt  (withdrawn: recorded on the wrong evening)',
    ]);
  });
});
