import { Command, InvalidArgumentError, type Option } from 'commander';
import { catalogue } from '../../contexts/catalogue';
import type { EventCatalogue } from '../../kernel/catalogue';
import {
  ImportConflictError,
  ImportRefusedError,
  PartialImportError,
  appendSessions,
  validateFacts,
  type SessionOutcome,
} from '../../import/append-session';
import { sessionFacts, type FactOptions, type SessionFacts } from '../../import/facts';
import { ImportError, type ImportIssue } from '../../import/model';
import { readInput } from '../../import/read-input';
import { UsebioError, parseUsebio } from '../../import/usebio/parse';
import { openStore } from '../../store/open-store';
import { announceStore } from '../store-location';
import { checkPbn, checkUsebio } from './check-usebio';
import { withAwards } from '../../contexts/pairs/cli/director-awards.command';
import { planPbnImport } from './import-pbn';

export interface ImportOptions extends FactOptions {
  club?: string;
}

/**
 * Reads and checks the whole USEBIO file and builds every fact before the store is opened:
 * any problem throws ImportError and nothing is written.
 */
export async function planUsebioImport(
  file: string,
  cat: EventCatalogue,
  options: ImportOptions = {},
): Promise<{ facts: SessionFacts[]; warnings: ImportIssue[] }> {
  const xml = await readInput(file);
  let parsed;
  try {
    parsed = parseUsebio(xml, { clubId: options.club });
  } catch (e) {
    if (e instanceof UsebioError) throw new ImportError(file, e.issues);
    throw e;
  }
  const warnings = [...parsed.warnings];
  const facts = validateFacts(
    cat,
    parsed.sessions.map((s) => sessionFacts(withAwards(s, warnings), options)),
  );
  return { facts, warnings };
}

/** One line per session for stderr. */
export function describeOutcome(o: SessionOutcome): string {
  return o.status === 'appended'
    ? `${o.streamId}: appended ${o.events} events`
    : `${o.streamId}: already imported, nothing added`;
}

const err = (line: string) => process.stderr.write(line + '\n');

const clock = (v: string) => {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v)) throw new InvalidArgumentError('must be HH:MM');
  return v;
};
const offset = (v: string) => {
  if (!/^(Z|[+-](0\d|1[0-4]):[0-5]\d)$/.test(v))
    throw new InvalidArgumentError('must be Z or ±HH:MM, e.g. +13:00');
  return v;
};

interface CommonOptions {
  store: string;
  start?: string;
  utcOffset?: string;
}

/** Prints an input problem (exit 1); rethrows anything else. */
function report(file: string, e: unknown): void {
  if (e instanceof ImportError) {
    e.issues.forEach((i) => err(`${file}: ${i.path}: ${i.message}`));
    err(`${file}: ${e.message}`);
  } else if (e instanceof ImportConflictError) {
    e.issues.forEach((i) => err(`${file}: ${i.path}: ${i.message}`));
    err(`${file}: ${e.message}`);
  } else if (e instanceof ImportRefusedError) {
    for (const { streamId, violation: v } of e.refusals) {
      err(`${file}: ${streamId}: ${v.message}${v.field ? ` (${v.field})` : ''}`);
    }
    err(`${file}: ${e.message}`);
  } else if (e instanceof PartialImportError) {
    err(`${file}: ${e.notWritten[0]}: ${(e.cause as Error).message}`);
    err(`${file}: ${e.message}`);
  } else throw e;
  process.exitCode = 1;
}

async function run(
  file: string,
  o: CommonOptions,
  plan: () => Promise<{ facts: SessionFacts[]; warnings: ImportIssue[] }>,
) {
  let planned;
  try {
    planned = await plan();
  } catch (e) {
    return report(file, e);
  }
  planned.warnings.forEach((w) => err(`${file}: warning: ${w.path}: ${w.message}`));
  const store = await announceStore(o.store, () =>
    openStore(o.store, { upcast: catalogue.upcast }),
  );
  try {
    const before = await store.headPosition();
    let outcomes;
    try {
      outcomes = await appendSessions(store, planned.facts);
    } catch (e) {
      return report(file, e);
    }
    outcomes.forEach((x) => err(describeOutcome(x)));
    const after = await store.headPosition();
    err(
      after === before
        ? `${file}: already imported, nothing added; head position ${after}`
        : `${file}: imported ${after - before} events; head position ${after}`,
    );
  } finally {
    await store.close();
  }
}

/** `import usebio`, `import pbn`, `check usebio` and `check pbn`. */
export function registerImportCommands(program: Command, storeOption: () => Option): void {
  const imp = program
    .command('import')
    .description('Import the facts of scored sessions from result files');

  imp
    .command('usebio <file>')
    .description(
      'Import a USEBIO 1.2/1.3 XML result file: movement, pairs and traveller lines (checked whole first: a bad line writes nothing; importing again adds nothing)',
    )
    .addOption(storeOption())
    .option('--club <id>', 'club id (default: CLUB_ID_NUMBER, else CLUB_NAME)')
    .option('--start <HH:MM>', 'club time the session started (occurredAt)', clock)
    .option('--utc-offset <offset>', "the club's UTC offset that day, e.g. +13:00", offset)
    .action(async (file: string, o: CommonOptions & { club?: string }) =>
      run(file, o, () => planUsebioImport(file, catalogue, o)),
    );

  imp
    .command('pbn <file>')
    .description('Import the board results (ScoreTable sections) of a PBN file')
    .addOption(storeOption())
    .requiredOption('--club <id>', 'club id (PBN files do not name the club)')
    .option('--event <id>', 'event id (default: the Event tag)')
    .option('--session <n>', 'session number or name', '1')
    .option('--start <HH:MM>', 'club time the session started (occurredAt)', clock)
    .option('--utc-offset <offset>', "the club's UTC offset that day, e.g. +13:00", offset)
    .action(
      async (file: string, o: CommonOptions & { club: string; event?: string; session: string }) =>
        run(file, o, () =>
          planPbnImport(file, catalogue, {
            ...o,
            clubId: o.club,
            eventId: o.event,
            session: o.session,
          }),
        ),
    );

  const check = program.command('check').description('Check a result file against our scoring');
  const checkCommand = (
    format: string,
    what: string,
    run: (file: string) => Promise<{ reports: { ok: boolean }[]; text: string }>,
  ) =>
    check
      .command(`${format} <file>`)
      .description(
        `Score a ${what} file's traveller lines with our scoring module and print every published number beside ours (agrees, set by the director, or unexplained by the engine), ending with how many of how many agree (exit 0: all agree; 1: a difference or an unreadable file)`,
      )
      .action(async (file: string) => {
        try {
          const { reports, text } = await run(file);
          process.stdout.write(text);
          process.exitCode = reports.every((r) => r.ok) ? 0 : 1;
        } catch (e) {
          report(file, e);
        }
      });
  checkCommand('usebio', 'USEBIO', checkUsebio);
  checkCommand('pbn', 'PBN', checkPbn);
}
