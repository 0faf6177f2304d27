#!/usr/bin/env node
import 'reflect-metadata';
import { Command, InvalidArgumentError, Option } from 'commander';
import { catalogue } from '../events';
import { findProjection, projections } from '../projections';
import { EventFileError, readEventFile } from '../runtime/event-file';
import { formatLineIssue } from '../runtime/ndjson';
import { replayEvents, replayFromStore } from '../runtime/replay';
import { readRaw } from '../runtime/raw-records';
import { verifyLog } from '../runtime/verify';
import { DEFAULT_STORE_URL, hasDensePositions, openStore } from '../store/open-store';
import { answerOf, isLedgerError } from '../kernel/errors';
import { AppendFileError, appendBatches, planAppend } from '../runtime/append-file';
import { exportLog } from './commands/export';
import { registerImportCommands } from './commands/import-usebio';
import { progress } from './progress';
import { formatChampionship, formatStandings, type Format } from './format-standings';
import { competitions, type CompetitionsState } from '../projections/competitions';
import { competitionsState, standingsFrom } from '../runtime/published';
import { championshipOf, cPointsOf, UnknownSessionError } from '../projections/competitions';
import { currentState } from '../runtime/saved-read-model';
import type { AsOf } from '../runtime/published';
import type { EventStore } from '../store/event-store';
import { formatCPoints } from './format-c-points';

const positiveInt = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new InvalidArgumentError(`${name} must be an integer >= 0`);
  return n;
};
const sessionNumber = (v: string) => {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('session must be a session number >= 1');
  return n;
};
const instant = (v: string) => {
  if (Number.isNaN(Date.parse(v))) throw new InvalidArgumentError('must be an ISO 8601 instant');
  return v;
};
const storeOption = () =>
  new Option('--store <url>', 'memory:, sqlite:<path> or esdb://host:port?tls=false')
    .env('LEDGER_STORE')
    .default(DEFAULT_STORE_URL);

const err = (line: string) => process.stderr.write(line + '\n');
const formatOption = () =>
  new Option('--format <format>', 'table, json (with each row explained) or csv')
    .choices(['table', 'json', 'csv'])
    .default('table');

/**
 * The competitions state a read command answers from: now, the server's saved read model (only
 * the facts after its checkpoint folded, else a replay); as of an instant or a position, a replay.
 */
async function competitionsAt(store: EventStore, at: AsOf): Promise<CompetitionsState> {
  if (at.asOf !== undefined || at.atPosition !== undefined) return competitionsState(store, at);
  return (await currentState(store, competitions)).state;
}

export function buildCli(): Command {
  const program = new Command('bridge-ledger')
    .description('An event-sourced ledger for bridge club competitions.')
    .showHelpAfterError()
    .exitOverride();

  program
    .command('serve')
    .description('Serve the HTTP API and keep the projections live')
    .addOption(storeOption())
    .addOption(
      new Option('--port <n>', 'port').env('PORT').default(3000).argParser(positiveInt('port')),
    )
    .addOption(
      new Option('--host <host>', 'interface to listen on').env('HOST').default('127.0.0.1'),
    )
    .option('--no-examples', 'do not load the example seasons into an empty store')
    .action(async (o: { store: string; port: number; host: string; examples: boolean }) => {
      // Loaded only here: the other commands start without NestJS.
      const { serve } = await import('./commands/serve');
      await serve(o);
    });

  program
    .command('append <file>')
    .description(
      'Append an NDJSON file of envelopes (checked whole first: a bad line writes nothing)',
    )
    .addOption(storeOption())
    .action(async (file: string, o: { store: string }) => {
      const store = await openStore(o.store);
      try {
        const batches = await planAppend(file, catalogue);
        const total = batches.reduce((n, b) => n + b.events.length, 0);
        const bar = progress('append', total);
        const summary = await appendBatches(store, batches, (n) => bar.update(n));
        bar.stop();
        err(
          `appended ${summary.events} events in ${summary.batches} batches; head position ${await store.headPosition()}`,
        );
      } catch (e) {
        if (!(e instanceof AppendFileError)) throw e;
        e.issues.forEach((i) => err(`${file}: ${formatLineIssue(i)}`));
        err(`${file}: ${e.message}`);
        process.exitCode = 1;
      } finally {
        await store.close();
      }
    });

  program
    .command('export')
    .description('Write the log as stored, one envelope a line, to stdout')
    .addOption(storeOption())
    .option('--from-position <n>', 'first position', positiveInt('from-position'))
    .option('--to-position <n>', 'last position', positiveInt('to-position'))
    .action(async (o: { store: string; fromPosition?: number; toPosition?: number }) => {
      const store = await openStore(o.store);
      try {
        const head = await store.headPosition();
        const bar = progress('export', Math.min(head, o.toPosition ?? head));
        const n = await exportLog(store, process.stdout, o, (p) => bar.update(p));
        bar.stop();
        err(`exported ${n} events`);
      } finally {
        await store.close();
      }
    });

  program
    .command('verify')
    .description(
      'Check the log: gap-free positions, contiguous revisions, valid JSON, known types, facts in their streams',
    )
    .addOption(storeOption())
    .option('--json', 'print the report as JSON')
    .action(async (o: { store: string; json?: boolean }) => {
      const store = await openStore(o.store);
      try {
        const report = await verifyLog(readRaw(store), catalogue, {
          densePositions: hasDensePositions(store),
        });
        if (o.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
        else {
          for (const p of report.problems)
            process.stdout.write(`position ${p.position}: ${p.check}: ${p.message}\n`);
          if (report.moreProblems)
            process.stdout.write(`… and ${report.moreProblems} more problems\n`);
          const misplaced = report.problems.filter((p) => p.check === 'stream').length;
          if (misplaced)
            process.stdout.write(
              `${misplaced} fact(s) outside their stream: written before appends checked streams, not damage, but the standings do not count them (docs/cli.md, verify)\n`,
            );
          process.stdout.write(
            `${report.ok ? 'OK' : 'FAILED'}: ${report.events} events in ${report.streams} streams, last position ${report.lastPosition}\n`,
          );
        }
        process.exitCode = report.ok ? 0 : 1;
      } finally {
        await store.close();
      }
    });

  program
    .command('replay [file]')
    .description(
      'Rebuild a projection, or a competition’s standings, from an exported file (no store) or from the store, to any past moment',
    )
    .option('--projection <name>', `one of: ${projections.map((p) => p.name).join(', ')}`)
    .option('--competition <id>', 'print this competition’s standings from the replayed facts')
    .addOption(formatOption())
    .addOption(storeOption())
    .option(
      '--to-position <n>',
      'replay up to and including this position',
      positiveInt('to-position'),
    )
    .option('--as-of <instant>', 'only facts recorded by this instant ("as published on")', instant)
    .action(
      async (
        file: string | undefined,
        o: {
          projection?: string;
          competition?: string;
          format: Format;
          store: string;
          toPosition?: number;
          asOf?: string;
        },
      ) => {
        if ((o.projection === undefined) === (o.competition === undefined)) {
          err('replay: give either --projection <name> or --competition <id>');
          process.exitCode = 2;
          return;
        }
        const projection = o.competition ? competitions : findProjection(o.projection!);
        if (!projection) {
          err(
            `unknown projection ${o.projection}; known: ${projections.map((p) => p.name).join(', ')}`,
          );
          process.exitCode = 2;
          return;
        }
        const bounds = { toPosition: o.toPosition, asOf: o.asOf };
        let result;
        if (file) {
          try {
            result = replayEvents(await readEventFile(file, catalogue), projection, bounds);
          } catch (e) {
            if (!(e instanceof EventFileError)) throw e;
            e.issues.forEach((i) => err(`${file}: ${formatLineIssue(i)}`));
            process.exitCode = 1;
            return;
          }
        } else {
          const store = await openStore(o.store, { upcast: catalogue.upcast });
          try {
            const bar = progress('replay', await store.headPosition());
            result = await replayFromStore(
              store,
              projection,
              bounds,
              (p) => p % 1000 === 0 && bar.update(p),
            );
            bar.stop();
          } finally {
            await store.close();
          }
        }
        if (o.competition) {
          const view = standingsFrom(result.state as CompetitionsState, o.competition);
          process.stdout.write(formatStandings(view, o.format));
          return;
        }
        process.stdout.write(
          JSON.stringify({ projection: projection.name, ...result }, null, 2) + '\n',
        );
      },
    );

  program
    .command('standings <competition>')
    .description('A competition’s standings, interim or final, each row explained (json)')
    .addOption(storeOption())
    .addOption(formatOption())
    .addOption(
      new Option('--as-of <instant>', 'as published on this instant (facts recorded by then)')
        .argParser(instant)
        .conflicts('atPosition'),
    )
    .option('--at-position <n>', 'as of this ledger position', positiveInt('at-position'))
    .option(
      '--after-session <n>',
      'the interim standing after this session',
      positiveInt('after-session'),
    )
    .action(
      async (
        competitionId: string,
        o: {
          store: string;
          format: Format;
          asOf?: string;
          atPosition?: number;
          afterSession?: number;
        },
      ) => {
        const store = await openStore(o.store, { upcast: catalogue.upcast });
        try {
          const view = standingsFrom(await competitionsAt(store, o), competitionId, o.afterSession);
          process.stdout.write(formatStandings(view, o.format));
        } finally {
          await store.close();
        }
      },
    );

  program
    .command('championship <club>')
    .description('The club championship of a season (DSB-11)')
    .requiredOption('--season <season>', 'e.g. 2014-2015')
    .addOption(storeOption())
    .addOption(formatOption())
    .option('--as-of <instant>', 'as published on this instant', instant)
    .option('--at-position <n>', 'as of this ledger position', positiveInt('at-position'))
    .action(
      async (
        clubId: string,
        o: { season: string; store: string; format: Format; asOf?: string; atPosition?: number },
      ) => {
        const store = await openStore(o.store, { upcast: catalogue.upcast });
        try {
          const view = championshipOf(await competitionsAt(store, o), clubId, o.season);
          process.stdout.write(formatChampionship(view, o.format));
        } finally {
          await store.close();
        }
      },
    );

  program
    .command('c-points <competition>')
    .description(
      'NZ-8 C points of an NZ competition’s scored sessions, each award explained (json)',
    )
    .addOption(storeOption())
    .addOption(formatOption())
    .option('--session <n>', 'only this session', sessionNumber)
    .addOption(
      new Option('--as-of <instant>', 'as published on this instant (facts recorded by then)')
        .argParser(instant)
        .conflicts('atPosition'),
    )
    .option('--at-position <n>', 'as of this ledger position', positiveInt('at-position'))
    .action(
      async (
        competitionId: string,
        o: { store: string; format: Format; session?: number; asOf?: string; atPosition?: number },
      ) => {
        const store = await openStore(o.store, { upcast: catalogue.upcast });
        try {
          const state = await competitionsAt(store, o);
          const view = cPointsOf(state, competitionId, { session: o.session });
          process.stdout.write(formatCPoints(view, o.format));
        } catch (e) {
          if (!(e instanceof UnknownSessionError)) throw e;
          err(`c-points: --session ${o.session}: ${e.message}`);
          process.exitCode = 2;
        } finally {
          await store.close();
        }
      },
    );

  registerImportCommands(program, storeOption);

  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildCli().parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version') return 0;
    if (typeof code === 'string' && code.startsWith('commander.')) return 2;
    if (isLedgerError(e)) {
      // The exit code is the code's (kernel/errors.ts): 1 refused by the ledger, 2 asked wrongly.
      err(`bridge-ledger: ${e.message}`);
      return answerOf(e).exit;
    }
    if (e instanceof Error) {
      err(`bridge-ledger: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

if (require.main === module) {
  main(process.argv).then((code) => {
    process.exitCode = code;
  });
}
