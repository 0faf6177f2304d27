/**
 * One reader of whole numbers. A command-line option (`--port`,
 * `--from-position`), an HTTP read's query parameter (`fromPosition`) and a published table's
 * (`atPosition`) take and refuse the same texts; `Number` alone read `1e3`, `0x10`, `5.0` and
 * an empty text as numbers.
 */
import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ReadAllParams } from '../../src/app/http/dto';
import { wholeNumberOption } from '../../src/cli/options';
import { readTableParam } from '../../src/audit/table-query';

const accepts = (read: () => unknown) => {
  try {
    return read();
  } catch {
    return 'refused';
  }
};

const cli = (v: string) => accepts(() => wholeNumberOption('from-position')(v));
const http = (v: string) => {
  const params = plainToInstance(ReadAllParams, { fromPosition: v });
  return validateSync(params).length ? 'refused' : params.fromPosition;
};
const table = (v: string) => accepts(() => readTableParam('atPosition', v));

describe('whole numbers are read by one rule, on the command line and over HTTP', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    [' 7 ', 7],
    ['999999999999999', 999999999999999],
  ])('%j is %d everywhere', (text, n) => {
    expect([cli(text), http(text), table(text)]).toEqual([n, n, n]);
  });

  it.each(['', ' ', '1e3', '0x10', '5.0', '+5', '-1', '1_000', '9007199254740991', 'seven'])(
    '%j is refused everywhere',
    (text) => {
      expect([cli(text), http(text), table(text)]).toEqual(['refused', 'refused', 'refused']);
    },
  );
});
