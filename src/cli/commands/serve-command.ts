import { Option, type Command } from 'commander';
import { wholeNumberOption, storeOption, workersOption } from '../options';

/** `serve`: the HTTP API with the projections kept live (NestJS is loaded only here). */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve the HTTP API and keep the projections live')
    .addOption(storeOption())
    .addOption(
      new Option('--port <n>', 'port')
        .env('PORT')
        .default(3000)
        .argParser(wholeNumberOption('port')),
    )
    .addOption(
      new Option('--host <host>', 'interface to listen on').env('HOST').default('127.0.0.1'),
    )
    .option(
      '--rebuild-workers <n>',
      'rebuild read models far behind the ledger (a first start) on this many cores (default: all of them)',
      workersOption,
    )
    .option(
      '--read-models <file>',
      'a ledger in PostgreSQL or EventStoreDB: save its read models in this SQLite file of the service’s own, so a restart reads only the facts since (one file per service instance)',
    )
    .option('--no-examples', 'do not load the example seasons into an empty store')
    .option(
      '--read-only',
      'open the store read-only (an auditor’s copy): serve the tables, answer appends 405',
    )
    .action(
      async (o: {
        store: string;
        port: number;
        host: string;
        examples: boolean;
        readOnly?: boolean;
        rebuildWorkers?: number;
        readModels?: string;
      }) => {
        // Loaded only here: the other commands start without NestJS.
        const { serve } = await import('./serve');
        await serve(o);
      },
    );
}
