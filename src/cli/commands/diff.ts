import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { catalogue } from '../../contexts/catalogue';
import { InvalidTableQueryError } from '../../audit/table-query';
import {
  diffAt,
  readMoment,
  whatIfAt,
  type Moment,
  type RulebookOverride,
  type TableOf,
  type WhatIf,
} from '../../audit/what-if';
import { openStore } from '../../store/open-store';
import { formatDiff } from '../format-diff';
import type { Format } from '../table';
import { formatOption, storeOption } from '../options';

/** `--rulebook-override <file.json>`: the what-if's parameters, named in every refusal. */
export const overrideOption = () =>
  new Option(
    '--rulebook-override <file>',
    'what-if: a JSON file of rulebook parameter paths and values, e.g. {"tenSession.counted": 7}; nothing is stored',
  );

/** The override file's JSON object, refused (exit 2) naming the option when it is not one. */
export function readOverride(file: string): RulebookOverride {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InvalidTableQueryError([
      {
        field: 'rulebookOverride',
        message: `--rulebook-override ${file}: ${(e as Error).message}`,
      },
    ]);
  }
  try {
    return JSON.parse(text) as RulebookOverride;
  } catch (e) {
    throw new InvalidTableQueryError([
      {
        field: 'rulebookOverride',
        message: `--rulebook-override ${file}: not JSON (${(e as Error).message})`,
      },
    ]);
  }
}

/** A refusal of the override's content, its option and file named before the parameter. */
export async function namingOverride<T>(file: string | undefined, run: () => Promise<T>) {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof InvalidTableQueryError) || file === undefined) throw e;
    throw new InvalidTableQueryError(
      e.issues.map((i) =>
        i.field === 'from' || i.field === 'to' || i.message.startsWith('--rulebook-override')
          ? i
          : { field: i.field, message: `--rulebook-override ${file}: ${i.message}` },
      ),
    );
  }
}

/** A what-if as printed: the amended table (by the table's own formatter), then its changes. */
export function formatWhatIf(
  answer: WhatIf,
  format: Format,
  printTable: (view: WhatIf['whatIf']) => string,
): string {
  if (format === 'json') return JSON.stringify(answer, null, 2) + '\n';
  if (format === 'csv') return printTable(answer.whatIf);
  return `What-if ${JSON.stringify(answer.override)} (nothing stored)\n\n${printTable(answer.whatIf)}\n${formatDiff(answer.diff, format)}`;
}

/** The moment a table option set (`--as-of`, `--at-position`) names; now without either. */
export const momentOf = (o: { asOf?: string; atPosition?: number }): Moment =>
  o.asOf !== undefined
    ? { kind: 'instant', asOf: o.asOf }
    : o.atPosition !== undefined
      ? { kind: 'position', atPosition: o.atPosition }
      : { kind: 'now' };

export { whatIfAt };

/**
 * `diff`: every number of a table that changed between two moments (a ledger
 * position, an instant, a publication), with the facts and rule IDs behind each change.
 * `diff <competition>` (standings, or `--table c-points`); `diff championship <club> --season S`.
 */
export function registerDiff(program: Command): void {
  program
    .command('diff <competition> [club]')
    .description(
      'What changed in a competition’s standings (or C points; or `diff championship <club> --season S`) between two moments, and why',
    )
    .requiredOption(
      '--from <moment>',
      'a ledger position, an ISO 8601 instant, published (the latest publication) or published:N',
    )
    .option('--to <moment>', 'as --from, or now', 'now')
    .addOption(
      new Option('--table <table>', 'the competition’s table')
        .choices(['standings', 'c-points'])
        .default('standings'),
    )
    .option('--season <season>', 'the championship’s season, e.g. 2014-2015')
    .addOption(overrideOption())
    .addOption(storeOption())
    .addOption(formatOption())
    .action(
      async (
        target: string,
        club: string | undefined,
        o: {
          from: string;
          to: string;
          table: 'standings' | 'c-points';
          season?: string;
          rulebookOverride?: string;
          store: string;
          format: Format;
        },
      ) => {
        let t: TableOf;
        if (target === 'championship' && club !== undefined) {
          if (o.season === undefined) {
            throw new InvalidTableQueryError([
              {
                field: 'season',
                message: '--season is required for a championship, e.g. --season 2014-2015',
              },
            ]);
          }
          t = { table: 'championship', clubId: club, season: o.season };
        } else if (club !== undefined) {
          throw new InvalidTableQueryError([
            {
              field: 'club',
              message: `diff takes one competition, or championship <club> --season S; got ${target} ${club}`,
            },
          ]);
        } else {
          t = { table: o.table, competitionId: target } as TableOf;
        }
        const from = readMoment(o.from, 'from', '--from');
        const to = readMoment(o.to, 'to', '--to');
        const override =
          o.rulebookOverride === undefined ? undefined : readOverride(o.rulebookOverride);
        const store = await openStore(o.store, { upcast: catalogue.upcast, readOnly: true });
        try {
          const diff = await namingOverride(o.rulebookOverride, () =>
            diffAt(store, t, from, to, override),
          );
          process.stdout.write(formatDiff(diff, o.format));
        } finally {
          await store.close();
        }
      },
    );
}
