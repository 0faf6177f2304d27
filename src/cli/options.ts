import { InvalidArgumentError, Option } from 'commander';
import {
  InvalidTableQueryError,
  oneMomentIssue,
  readTableParam,
  TableParamError,
  type Spelling,
  type TableParam,
  wholeNumber,
} from '../audit/table-query';
import { DEFAULT_STORE_URL } from '../store/open-store';

/**
 * The options and argument parsers the commands share. A whole number >= 0 (a port, a
 * position), read as HTTP reads one (`wholeNumber`): not `1e3`, `0x10` or an empty text.
 */
export const wholeNumberOption = (name: string) => (v: string) => {
  const n = wholeNumber(v);
  if (n === undefined) throw new InvalidArgumentError(`${name} must be an integer >= 0`);
  return n;
};

/**
 * A published table's option, read by the rule HTTP reads its query parameter by
 * (src/audit/table-query.ts); commander names the option before the message.
 */
export const tableParam =
  <P extends TableParam>(param: P) =>
  (v: string) => {
    try {
      return readTableParam(param, v);
    } catch (e) {
      if (e instanceof TableParamError) throw new InvalidArgumentError(e.message);
      throw e;
    }
  };

export const sessionNumber = tableParam('session');

/** An instant with a zone, a real calendar day (as `asOf`). */
export const instant = tableParam('asOf');

/** A parameter as the CLI spells its option (`atPosition` → `--at-position`), for messages. */
/** `--workers`: a whole number from 1 (all the machine's cores when not given). */
export function workersOption(value: string): number {
  const n = wholeNumber(value);
  if (!n) throw new InvalidArgumentError('--workers must be an integer >= 1');
  return n;
}

export const cliOption = (p: string) => `--${p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The tables' options as the CLI spells them, for the messages naming two of them. */
const CLI_SPELLING: Spelling = cliOption;

/**
 * As published on an instant or as of a position, not both (the rule HTTP applies): refused
 * as asked wrongly (exit 2), both options named.
 */
export function oneMoment(o: { asOf?: unknown; atPosition?: unknown }): void {
  const issue = oneMomentIssue(o, CLI_SPELLING);
  if (issue) throw new InvalidTableQueryError([issue]);
}

export const storeOption = () =>
  new Option('--store <url>', 'memory:, sqlite:<path> or esdb://host:port?tls=false')
    .env('LEDGER_STORE')
    .default(DEFAULT_STORE_URL);

/** A service's read-models file (`serve --read-models`), for a ledger kept elsewhere. */
export const readModelsOption = () =>
  new Option(
    '--read-models <file>',
    'a ledger in PostgreSQL or EventStoreDB: answer from the read models a service saves in this file (serve --read-models), read-only',
  );

export const formatOption = () =>
  new Option('--format <format>', 'table, json (with each row explained) or csv')
    .choices(['table', 'json', 'csv'])
    .default('table');

export const err = (line: string) => process.stderr.write(line + '\n');
