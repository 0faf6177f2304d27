import type { Command } from 'commander';
import { catalogue } from '../../contexts/catalogue';
import { findProjection, projections } from '../../contexts/projections';
import { competitions, type CompetitionsState } from '../../contexts/pairs/projection';
import { EventFileError, readEventFile } from '../../audit/event-file';
import { formatLineIssue } from '../../ledger/ndjson';
import { standingsFrom } from '../../audit/published';
import { replayEvents, replayFromStore } from '../../audit/replay';
import { openStore } from '../../store/open-store';
import { formatStandings, type Format } from '../../contexts/pairs/cli/format-standings';
import { progress } from '../progress';
import { err, formatOption, instant, wholeNumberOption, storeOption } from '../options';

/** `replay`: a projection, or a competition's standings, rebuilt from a file or the store. */
export function registerReplay(program: Command): void {
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
      wholeNumberOption('to-position'),
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
          const store = await openStore(o.store, { upcast: catalogue.upcast, readOnly: true });
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
}
