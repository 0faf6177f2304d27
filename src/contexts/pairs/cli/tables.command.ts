import { Option, type Command } from 'commander';
import { catalogue } from '../../catalogue';
import { pairNamesAt, playerNamesAt } from '../read/names';
import { sessionSheetAt } from '../read/session-sheet';
import { answerOf } from '../../../kernel/errors';
import {
  championshipOf,
  cPointsOf,
  UnknownSessionError,
  type CompetitionsState,
} from '../projection';
import { standingsFrom, type AsOf } from '../../../audit/published';
import { answerNowFromSaved, competitionsSlice, type SliceScope } from '../read/competition-slice';
import { InvalidTableQueryError } from '../../../audit/table-query';
import type { ChampionshipView } from '../projection';
import {
  formatWhatIf,
  momentOf,
  namingOverride,
  overrideOption,
  readOverride,
  whatIfAt,
} from '../../../cli/commands/diff';
import type { EventStore } from '../../../store/event-store';
import { openStore } from '../../../store/open-store';
import { closeTableStore, openTableStore } from '../../../cli/read-store';
import { formatCPoints } from './format-c-points';
import {
  formatChampionship,
  formatSessionResult,
  formatStandings,
  type Format,
} from './format-standings';
import {
  err,
  formatOption,
  instant,
  oneMoment,
  readModelsOption,
  sessionNumber,
  storeOption,
  tableParam,
} from '../../../cli/options';

/**
 * The competitions state a read command answers from, of the scope's club only (a competition's,
 * or the club's): as of an instant or a position, a replay of the club's streams; now, the
 * partitions of the server's saved read model the scope reads (`answerNowFromSaved`).
 */
async function competitionsAt(
  store: EventStore,
  at: AsOf,
  scope: SliceScope,
): Promise<CompetitionsState> {
  if (at.asOf !== undefined || at.atPosition !== undefined)
    return (await competitionsSlice(store, scope, at)).state;
  return answerNowFromSaved(store, scope, (slice) => slice.state);
}

/**
 * The published tables: `standings`, `championship` (DSB-11), `c-points` (NZ-8), and a scored
 * session's own result (`session`).
 */
export function registerTables(program: Command): void {
  program
    .command('session <sessionStream>')
    .description(
      'A scored session’s result (MP, butler or cross-IMP): each pair’s total, percentage (MP), place and boards played',
    )
    .addOption(storeOption())
    .addOption(formatOption())
    .action(async (sessionStreamId: string, o: { store: string; format: Format }) => {
      const store = await openStore(o.store, { upcast: catalogue.upcast, readOnly: true });
      try {
        // The sheet: the result and the players' names the session's facts register.
        const sheet = await sessionSheetAt(store, sessionStreamId);
        const names = Object.fromEntries(
          Object.entries(sheet.names)
            .filter(([, players]) => players.length > 0)
            .map(([pair, players]) => [pair, players.join(' & ')]),
        );
        process.stdout.write(formatSessionResult(sheet.result, o.format, names));
      } finally {
        await store.close();
      }
    });

  program
    .command('standings <competition>')
    .description('A competition’s standings, interim or final, each row explained (json)')
    .addOption(storeOption())
    .addOption(readModelsOption())
    .addOption(formatOption())
    .addOption(
      new Option(
        '--as-of <instant>',
        'as published on this instant (facts recorded by then)',
      ).argParser(instant),
    )
    .option('--at-position <n>', 'as of this ledger position', tableParam('atPosition'))
    .option(
      '--after-session <n>',
      'the interim standing after this session',
      tableParam('afterSession'),
    )
    .addOption(overrideOption())
    .action(
      async (
        competitionId: string,
        o: {
          store: string;
          readModels?: string;
          format: Format;
          asOf?: string;
          atPosition?: number;
          afterSession?: number;
          rulebookOverride?: string;
        },
      ) => {
        oneMoment(o);
        const override =
          o.rulebookOverride === undefined ? undefined : readOverride(o.rulebookOverride);
        const store = await openTableStore(o);
        try {
          if (override !== undefined) {
            // What-if: the standing under the amended parameters, and its changes.
            const answer = await namingOverride(o.rulebookOverride, () =>
              whatIfAt(
                store,
                { table: 'standings', competitionId, afterSession: o.afterSession },
                momentOf(o),
                override,
              ),
            );
            process.stdout.write(
              formatWhatIf(answer, o.format, (v) =>
                formatStandings(v as Parameters<typeof formatStandings>[0], o.format),
              ),
            );
            return;
          }
          const view = standingsFrom(
            await competitionsAt(store, o, { competitionId }),
            competitionId,
            o.afterSession,
          );
          // A person reads pairs by their players' names (the roster's), beside the id.
          const names = await pairNamesAt(store, competitionId);
          process.stdout.write(formatStandings(view, o.format, names));
        } finally {
          await closeTableStore(store);
        }
      },
    );

  program
    .command('championship <club>')
    .description('The club championship of a season (DSB-11)')
    .requiredOption('--season <season>', 'e.g. 2014-2015')
    .addOption(storeOption())
    .addOption(readModelsOption())
    .addOption(formatOption())
    .option('--as-of <instant>', 'as published on this instant', instant)
    .option('--at-position <n>', 'as of this ledger position', tableParam('atPosition'))
    .addOption(overrideOption())
    .action(
      async (
        clubId: string,
        o: {
          season: string;
          store: string;
          readModels?: string;
          format: Format;
          asOf?: string;
          atPosition?: number;
          rulebookOverride?: string;
        },
      ) => {
        oneMoment(o);
        const override =
          o.rulebookOverride === undefined ? undefined : readOverride(o.rulebookOverride);
        const store = await openTableStore(o);
        try {
          if (override !== undefined) {
            const answer = await namingOverride(o.rulebookOverride, () =>
              whatIfAt(
                store,
                { table: 'championship', clubId, season: o.season },
                momentOf(o),
                override,
              ),
            );
            process.stdout.write(
              formatWhatIf(answer, o.format, (v) =>
                formatChampionship(v as ChampionshipView, o.format),
              ),
            );
            return;
          }
          const view = championshipOf(await competitionsAt(store, o, { clubId }), clubId, o.season);
          const names: Record<string, string> = {};
          for (const c of view.competitions)
            for (const [pair, name] of Object.entries(await pairNamesAt(store, c)))
              names[pair] ??= name;
          process.stdout.write(formatChampionship(view, o.format, names));
        } finally {
          await closeTableStore(store);
        }
      },
    );

  program
    .command('c-points <competition>')
    .description(
      'NZ-8 C points of an NZ competition’s scored sessions, each award explained (json)',
    )
    .addOption(storeOption())
    .addOption(readModelsOption())
    .addOption(formatOption())
    .option('--session <n>', 'only this session', sessionNumber)
    .addOption(
      new Option(
        '--as-of <instant>',
        'as published on this instant (facts recorded by then)',
      ).argParser(instant),
    )
    .option('--at-position <n>', 'as of this ledger position', tableParam('atPosition'))
    .addOption(overrideOption())
    .action(
      async (
        competitionId: string,
        o: {
          store: string;
          readModels?: string;
          format: Format;
          session?: number;
          asOf?: string;
          atPosition?: number;
          rulebookOverride?: string;
        },
      ) => {
        oneMoment(o);
        if (o.session !== undefined && o.rulebookOverride !== undefined) {
          // The what-if is of the competition's C points as a whole, with its diff.
          throw new InvalidTableQueryError([
            {
              field: '--session',
              message:
                '--session and --rulebook-override together: a what-if is of every session (its diff names each session changed)',
            },
          ]);
        }
        const override =
          o.rulebookOverride === undefined ? undefined : readOverride(o.rulebookOverride);
        const store = await openTableStore(o);
        try {
          if (override !== undefined) {
            const answer = await namingOverride(o.rulebookOverride, () =>
              whatIfAt(store, { table: 'c-points', competitionId }, momentOf(o), override),
            );
            process.stdout.write(
              formatWhatIf(answer, o.format, (v) =>
                formatCPoints(v as Parameters<typeof formatCPoints>[0], o.format),
              ),
            );
            return;
          }
          const state = await competitionsAt(store, o, { competitionId });
          const view = cPointsOf(state, competitionId, { session: o.session });
          const names = {
            pairs: await pairNamesAt(store, competitionId),
            players: await playerNamesAt(store, view.clubId),
          };
          process.stdout.write(formatCPoints(view, o.format, names));
        } catch (e) {
          if (!(e instanceof UnknownSessionError)) throw e;
          // Named by its option; the exit is its code's (INVALID_REQUEST: asked wrongly).
          err(`c-points: --session ${o.session}: ${e.message}`);
          process.exitCode = answerOf(e).exit;
        } finally {
          await closeTableStore(store);
        }
      },
    );
}
