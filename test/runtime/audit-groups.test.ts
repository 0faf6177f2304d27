/**
 * `audit` holds one group of clubs' read models at a time, not the ledger's: the tables of a
 * club read its own streams and the shared ones only, so a ledger folded a group of clubs at a
 * time gives every answer of the ledger folded in one piece, digest for digest.
 */
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { chainHash, GENESIS_HASH } from '../../src/store/seal';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import type { RecordedEvent } from '../../src/kernel/envelope';
import type { Projection } from '../../src/kernel/projection';
import { competitions, type CompetitionsState } from '../../src/contexts/pairs/projection';
import { teamsEventsProjection, type TeamsReadState } from '../../src/contexts/teams/projection';
import { meetingsProjection, type MeetingsReadState } from '../../src/contexts/meetings/projection';
import { rubberProjection, type RubberReadState } from '../../src/contexts/rubber/projection';
import { v7 as uuidv7 } from 'uuid';
import {
  AnswersCollector,
  answersDigest,
  type AnswersDigest,
} from '../../src/audit/answers-digest';
import { auditExport, type AuditProgress } from '../../src/audit/audit';
import { StreamClubs } from '../../src/audit/club-groups';
import { replayAllFromStore } from '../../src/audit/replay';
import { exportLog } from '../../src/cli/commands/export';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import type { EventStore } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { history } from '../../bench/standings/history';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

const TABLES = [competitions, teamsEventsProjection, meetingsProjection, rubberProjection] as Array<
  Projection<unknown>
>;

/** Every answer of the ledger folded in one piece. */
async function wholeDigest(store: EventStore) {
  const [state, teams, meetings, rubber] = (await replayAllFromStore(store, TABLES)) as [
    CompetitionsState,
    TeamsReadState,
    MeetingsReadState,
    RubberReadState,
  ];
  return answersDigest(state, teams, meetings, rubber);
}

async function exported(store: EventStore): Promise<string> {
  const file = join(tempDir(), 'export.ndjson');
  const out = createWriteStream(file);
  await exportLog(store, out, {});
  await new Promise<void>((resolve) => out.end(resolve));
  return file;
}

/**
 * The examples and a season of six synthetic DSB clubs, in one ledger; then a roster stream of
 * the federation's naming two clubs' players anew (a roster fact is read wherever it is, by its
 * club): a stream no one club owns. Gives the digest before the roster stream too.
 */
async function federation(): Promise<{ store: EventStore; withoutShared: AnswersDigest }> {
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
  await loadExamplesIfEmpty(store);
  const next = new Map<string, number>();
  const shape = { seasons: 1, clubs: 6, competitions: 2, pairs: 12, firstYear: 2006 };
  for (const b of history(shape)) {
    const r = await store.appendToStream(b.streamId, b.events, {
      expectedRevision: next.get(b.streamId) ?? 'no_stream',
    });
    next.set(b.streamId, r.nextExpectedRevision);
  }
  const withoutShared = await wholeDigest(store);
  const firstOfClub = new Map<string, RecordedEvent>();
  for await (const e of store.readAll())
    if (e.type === 'PlayerRegistered' && e.streamId.endsWith('-players'))
      if (!firstOfClub.has((e.data as { clubId: string }).clubId))
        firstOfClub.set((e.data as { clubId: string }).clubId, e);
  const renamed = [...firstOfClub.values()].slice(-2).map((e) => ({
    id: uuidv7(),
    type: 'PlayerRegistered',
    schemaVersion: e.schemaVersion,
    occurredAt: e.occurredAt,
    data: { ...(e.data as object), name: `${(e.data as { name: string }).name} (renamed)` },
    metadata: { actor: 'federation' },
  }));
  expect(renamed).toHaveLength(2);
  await store.appendToStream('roster-federation', renamed, { expectedRevision: 'no_stream' });
  return { store, withoutShared };
}

/**
 * An export with line `at` (from 1) changed, and the chain of hashes computed again from it on:
 * a file whose seal holds over what it says.
 */
function resealed(text: string, at: number, change: Record<string, unknown>): string {
  let previous = GENESIS_HASH;
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l, i) => {
      const v = { ...(JSON.parse(l) as Record<string, unknown>), ...(i + 1 === at ? change : {}) };
      v.hash = previous = chainHash(previous, {
        ...(v as never as Parameters<typeof chainHash>[1]),
        data: JSON.stringify(v.data),
        metadata: JSON.stringify(v.metadata),
      });
      return JSON.stringify(v);
    })
    .join('\n');
}

let store: EventStore;
let withoutShared: AnswersDigest;
let file: string;
beforeAll(async () => {
  ({ store, withoutShared } = await federation());
  file = await exported(store);
}, 120_000);

describe('audit, a group of clubs at a time', () => {
  it('folded a club at a time (groups of 1 fact), both roads give the digest of the ledger folded in one piece', async () => {
    const whole = await wholeDigest(store);
    const report = await auditExport(file, catalogue, { groupFacts: 1 });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // The examples' clubs and the six synthetic ones, each a group of its own.
    expect(report.groups).toBeGreaterThanOrEqual(10);
    expect(report.fromFile!.digest).toEqual(whole);
    expect(report.sqlite!.digest).toEqual(whole);
    expect(report.fromFile!.events).toBe(await store.headPosition());
    expect(whole.standings).toBeGreaterThan(12);
    // The roster stream naming two clubs is no one club's: folded with every group, it
    // changes both clubs' answers.
    expect(report.sharedFacts).toBe(2);
    expect(whole.hashes.all).not.toBe(withoutShared.hashes.all);
  }, 120_000);

  it('in groups of about 2,000 facts, and in one group (the default), the same digest', async () => {
    const whole = await wholeDigest(store);
    const some = await auditExport(file, catalogue, { groupFacts: 2_000 });
    expect(some.groups).toBeGreaterThan(1);
    expect(some.groups).toBeLessThan(10);
    expect(some.fromFile!.digest).toEqual(whole);
    expect(some.sqlite!.digest).toEqual(whole);
    const one = await auditExport(file, catalogue);
    expect(one.groups).toBe(1);
    expect(one.sqlite!.digest).toEqual(whole);
  }, 120_000);

  it('on the CLI: --group-facts says how the clubs were folded; a bad one is refused (exit 2)', async () => {
    const out = await cli('audit', file, '--group-facts', '1');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      /^folded in \d+ groups of clubs, 2 facts of shared streams with each$/m,
    );
    expect(out.stdout).toMatch(/identical: yes\nOK\n$/);
    for (const bad of ['0', '-3', '1.5', 'many']) {
      const refused = await cli('audit', file, '--group-facts', bad);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--group-facts must be an integer >= 1');
    }
  }, 120_000);

  it.each([
    ['here, after the check', Infinity],
    ['on a worker thread, during the check', 0],
  ])(
    'tells where it is, the copy written %s: the check, the copy, each road and the copy’s verify, in that order, each phase ending at its total',
    async (_road, copyWorkerBytes) => {
      const told: AuditProgress[] = [];
      const report = await auditExport(file, catalogue, {
        groupFacts: 2_000,
        copyWorkerBytes,
        onProgress: (p) => told.push(p),
      });
      expect(report.ok).toBe(true);
      expect(report.sqlite!.digest).toEqual(report.fromFile!.digest);
      const phases = told.map((p) => p.phase).filter((p, i, all) => p !== all[i - 1]);
      expect(phases).toEqual(['check', 'copy', 'file', 'sqlite', 'verify']);
      // Each road folds every group's own facts and the shared streams' with every group; the
      // copy phase counts each fact written to the copy and to its group's file.
      const folded = report.events + report.sharedFacts! * (report.groups! - 1);
      const totals = {
        check: report.events,
        copy: 2 * report.events,
        file: folded,
        sqlite: folded,
      };
      for (const [phase, total] of Object.entries(totals)) {
        const of = told.filter((p) => p.phase === phase);
        expect(of[of.length - 1]).toEqual({ phase, done: total, total });
        // Never backwards.
        of.forEach((p, i) => i && expect(p.done).toBeGreaterThanOrEqual(of[i - 1]!.done));
      }
      const verified = told.filter((p) => p.phase === 'verify');
      expect(verified[verified.length - 1]!.done).toBe(report.events);
    },
    120_000,
  );

  it.each([
    ['here', Infinity],
    ['on a worker thread', 0],
  ])(
    'a file the check fails is not replayed, its copy begun %s thrown away',
    async (_road, copyWorkerBytes) => {
      const bad = join(tempDir(), 'unknown-type.ndjson');
      const lines = readFileSync(file, 'utf8').split('\n');
      lines[3] = lines[3]!.replace(/"type":"[A-Za-z]+"/, '"type":"NoSuchFact"');
      writeFileSync(bad, lines.join('\n'));
      const report = await auditExport(bad, catalogue, { copyWorkerBytes });
      expect(report.ok).toBe(false);
      expect(report.problems.join('\n')).toMatch(/line 4 .*unknown event type NoSuchFact/);
      expect(report.sqlite).toBeUndefined();
    },
    120_000,
  );

  it.each([
    ['here', Infinity],
    ['on a worker thread', 0],
  ])(
    'a fact the store refuses to copy (a recordedAt that is no instant, sealed as it is) fails the audit, copied %s, naming its line and field',
    async (_road, copyWorkerBytes) => {
      const bad = join(tempDir(), 'bad-recorded-at.ndjson');
      writeFileSync(bad, resealed(readFileSync(file, 'utf8'), 2, { recordedAt: 'yesterday' }));
      await expect(auditExport(bad, catalogue, { copyWorkerBytes })).rejects.toThrow(
        /line 2: recordedAt: must be an ISO 8601 instant/,
      );
    },
    120_000,
  );

  it('a group size below one fact is refused, naming it', async () => {
    await expect(auditExport(file, catalogue, { groupFacts: 0 })).rejects.toThrow(
      /groupFacts: a group holds at least 1 fact, not 0/,
    );
  });
});

/** A recorded fact of `type` on `streamId`, with `data`. */
let position = 0;
const recorded = (
  streamId: string,
  type: string,
  data: Record<string, unknown>,
): RecordedEvent => ({
  id: `e${++position}`,
  type,
  schemaVersion: 1,
  streamId,
  revision: 0,
  position,
  occurredAt: '2026-01-01T00:00:00Z',
  recordedAt: '2026-01-01T00:00:00Z',
  data,
  metadata: { actor: 'test' },
});

describe('which club a stream is of (StreamClubs)', () => {
  it('a stream whose facts name one club is that club’s; one naming two clubs, or none, is shared', () => {
    const clubs = new StreamClubs();
    clubs.note(recorded('club-a', 'ClubRegistered', { clubId: 'a' }));
    clubs.note(recorded('players', 'PlayerRegistered', { clubId: 'a' }));
    clubs.note(recorded('players', 'PlayerRegistered', { clubId: 'b' }));
    clubs.note(recorded('competition-x', 'SessionResultRecorded', { competitionId: 'x' }));
    expect(clubs.clubOf('club-a')).toBe('a');
    expect(clubs.clubOf('players')).toBeUndefined();
    expect(clubs.clubOf('competition-x')).toBeUndefined();
    const groups = clubs.groups(1);
    expect(groups.shared.sort()).toEqual(['competition-x', 'players']);
    expect(groups.sharedFacts).toBe(3);
  });

  it('a session stream scored from boards is its competition’s club’s, whichever fact came first', () => {
    const clubs = new StreamClubs();
    clubs.note(recorded('session-s1', 'BoardScored', { board: 1 }));
    clubs.note(
      recorded('competition-x', 'CompetitionCreated', { competitionId: 'x', clubId: 'a' }),
    );
    clubs.note(
      recorded('competition-x', 'SessionScoredFromBoards', {
        competitionId: 'x',
        sessionStreamId: 'session-s1',
      }),
    );
    expect(clubs.clubOf('session-s1')).toBe('a');
    expect(clubs.groups(100).groups).toEqual([
      { clubs: ['a'], streams: ['session-s1', 'competition-x'], facts: 3 },
    ]);
  });

  it('clubs are grouped in club order up to the target; a club larger than it is a group of its own', () => {
    const clubs = new StreamClubs();
    for (const [club, n] of [
      ['c', 3],
      ['a', 2],
      ['b', 2],
      ['d', 9],
    ] as const)
      for (let i = 0; i < n; i++)
        clubs.note(recorded(`club-${club}`, 'RulebookAdopted', { clubId: club }));
    const groups = clubs.groups(4);
    expect(groups.groups.map((g) => [g.clubs, g.facts])).toEqual([
      [['a', 'b'], 4],
      [['c'], 3],
      [['d'], 9],
    ]);
    expect(groups.groups[1]!.streams).toEqual(['club-c']);
    // A competition of club b is group 0's answer; one of no club on a shared stream, the last's.
    expect(groups.owned(0)('b', 'competition-y')).toBe(true);
    expect(groups.owned(1)('b', 'competition-y')).toBe(false);
    expect(groups.owned(2)(undefined, 'competition-z')).toBe(true);
    expect(groups.owned(0)(undefined, 'club-a')).toBe(true);
  });
});

describe('the answers of several folds (AnswersCollector)', () => {
  it('an answer given by two folds is refused: a grouping that answered for another group’s part', async () => {
    const [state] = (await replayAllFromStore(store, [competitions as Projection<unknown>])) as [
      CompetitionsState,
    ];
    const answers = new AnswersCollector();
    answers.add({ state });
    expect(() => answers.add({ state })).toThrow(/standings .*: answered by two folds/);
  });
});
