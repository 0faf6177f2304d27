import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AppendEventsCommand,
  EVENT_STORE,
  LedgerModule,
  ReadAllQuery,
  ReadStreamQuery,
} from '../../src/app';
import type { EventToAppend } from '../../src/kernel/envelope';
import { InvalidEventError, StreamNotFoundError } from '../../src/store/errors';
import type { EventStore } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { clubRegistered, playerRegistered, ROSTER_STREAM } from './support';

/** What the CLI does: an application context (no HTTP) running the same commands and queries. */
describe('LedgerModule in an application context', () => {
  let store: MemoryEventStore;
  let ctx: INestApplicationContext;
  let commands: CommandBus;
  let queries: QueryBus;

  beforeEach(async () => {
    store = new MemoryEventStore();
    ctx = await NestFactory.createApplicationContext(LedgerModule.forStore(store), {
      logger: false,
      abortOnError: false,
    });
    commands = ctx.get(CommandBus);
    queries = ctx.get(QueryBus);
  });

  afterEach(async () => {
    await ctx.close();
    await store.close();
  });

  it('provides the store under EVENT_STORE', () => {
    expect(ctx.get(EVENT_STORE)).toBe(store);
  });

  it('appends through AppendEventsCommand and reads back through the queries', async () => {
    // The club first: its roster's facts are of a registered club.
    await commands.execute(new AppendEventsCommand('club-1', 'no_stream', [clubRegistered()]));
    const result = await commands.execute(
      new AppendEventsCommand(ROSTER_STREAM, 'no_stream', [
        playerRegistered(1),
        playerRegistered(2),
      ]),
    );
    expect(result).toEqual({ nextExpectedRevision: 1, position: 3 });
    const stream = await queries.execute(new ReadStreamQuery(ROSTER_STREAM, 1, 'backwards', 5));
    expect(stream.map((e) => e.revision)).toEqual([1, 0]);
    const all = await queries.execute(new ReadAllQuery(3, 10));
    expect(all.map((e) => e.position)).toEqual([3]);
    expect(all[0].schemaVersion).toBe(3);
  });

  it('refuses an invalid batch with InvalidEventError naming every field, writing nothing', async () => {
    const bad = [
      { ...playerRegistered(1), type: 'Nope' },
      { ...playerRegistered(2), id: 'x' },
    ];
    const err = await commands
      .execute(new AppendEventsCommand('club-1', 'any', bad))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidEventError);
    expect((err as InvalidEventError).issues.map((i) => i.field)).toEqual([
      'events[1].id',
      'events[0].type',
    ]);
    expect(await store.headPosition()).toBe(0);
  });

  it('names a missing data field instead of failing with a TypeError', async () => {
    const { data: _data, ...noData } = clubRegistered();
    const err = await commands
      .execute(new AppendEventsCommand('club-1', 'any', [noData as EventToAppend]))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidEventError);
    expect((err as InvalidEventError).issues.map((i) => i.field)).toContain('events[0].data');
  });

  it('rejects ReadStreamQuery of an empty stream with StreamNotFoundError', async () => {
    await expect(queries.execute(new ReadStreamQuery('club-9'))).rejects.toBeInstanceOf(
      StreamNotFoundError,
    );
  });

  it('closes the store on shutdown only when asked to', async () => {
    const closed: string[] = [];
    const tracked = (name: string): EventStore =>
      Object.assign(new MemoryEventStore(), {
        close: () => {
          closed.push(name);
          return Promise.resolve();
        },
      });
    const kept = await NestFactory.createApplicationContext(
      LedgerModule.forStore(tracked('kept')),
      {
        logger: false,
      },
    );
    const owned = await NestFactory.createApplicationContext(
      LedgerModule.forStore(tracked('owned'), { closeStoreOnShutdown: true }),
      { logger: false },
    );
    await kept.close();
    await owned.close();
    expect(closed).toEqual(['owned']);
  });
});
