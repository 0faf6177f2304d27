import { InvalidArgumentError, Option } from 'commander';
import { DEFAULT_STORE_URL } from '../store/open-store';

/** The options and argument parsers the commands share. */
export const positiveInt = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new InvalidArgumentError(`${name} must be an integer >= 0`);
  return n;
};

export const sessionNumber = (v: string) => {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('session must be a session number >= 1');
  return n;
};

export const instant = (v: string) => {
  if (Number.isNaN(Date.parse(v))) throw new InvalidArgumentError('must be an ISO 8601 instant');
  return v;
};

export const storeOption = () =>
  new Option('--store <url>', 'memory:, sqlite:<path> or esdb://host:port?tls=false')
    .env('LEDGER_STORE')
    .default(DEFAULT_STORE_URL);

export const formatOption = () =>
  new Option('--format <format>', 'table, json (with each row explained) or csv')
    .choices(['table', 'json', 'csv'])
    .default('table');

export const err = (line: string) => process.stderr.write(line + '\n');
