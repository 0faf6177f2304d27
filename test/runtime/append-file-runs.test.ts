import { planAppend } from '../../src/ledger/append-file';
import { catalogue } from '../../src/contexts/catalogue';
import { competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { fold } from '../../src/kernel/projection';
import { collect } from '../support/events';
import { GatedLedger } from '../support/gated-ledger';
import {
  clubRegistered,
  competition,
  proposed,
  registered,
  ROSTER,
  rulebookAdopted,
  TUESDAYS,
} from '../support/nz-club';
import { tempDir } from '../support/temp';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `bridge-ledger append` cuts a stream's consecutive lines into batches of 1,000 for the store;
 * the deciders judge the run whole before any batch of it is written, so a batch check
 * (NZ-6: a cross-substituted pair's result needs its partner's) does not depend on where the
 * cut falls.
 */
const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 3), {
  TT: ['tom', 'tim'],
  TS: ['tia', 'tess'],
});
const crossSub = (pairId: string, absent: string, substitute: string, crossPairId: string) =>
  proposed(tue.stream, 'SubstitutePlayed', {
    competitionId: 'tue',
    session: 1,
    pairId,
    absentPlayerId: absent,
    substituteId: substitute,
    crossPairId,
  });
const score = (pairId: string, percentage = 57.5) => {
  const r = tue.result(1, pairId, ['tom', 'tia']);
  return { ...r, data: { ...(r.data as object), percentage } };
};
/** Pairs entered to fill the competition's run of lines up to the cut. */
const filler = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    proposed(tue.stream, 'PairEntered', {
      competitionId: 'tue',
      pairId: `F${i}`,
      players: [`f${i}a`, `f${i}b`],
    }),
  );

const FILLERS = 1000 - 1 - tue.setup.length - 2;
/** The filler pairs' players, on the club's roster (a pair names registered players). */
const fillerRoster = Array.from({ length: FILLERS }, (_, i) =>
  [`f${i}a`, `f${i}b`].map((p) => registered(p, 'member')),
).flat();
const before = [clubRegistered(), rulebookAdopted(), ...ROSTER, ...fillerRoster];
// The competition's run: its set-up (3 lines), the two cross substitutes, the filler, then the
// two results: the first the run's 1,000th line, the second its 1,001st.
const run = (results: ReturnType<typeof score>[]) => [
  ...tue.setup,
  crossSub('TT', 'tim', 'tia', 'TS'),
  crossSub('TS', 'tess', 'tom', 'TT'),
  ...filler(FILLERS),
  ...results,
];

describe('bridge-ledger append: a stream’s run of lines is judged whole', () => {
  it('NZ-6 a cross pair whose results straddle the run’s lines 1,000 and 1,001 appends, cut into two batches, and is scored for both', async () => {
    const lines = [...before, ...run([score('TT'), score('TS')])];
    const file = join(tempDir(), 'cut.ndjson');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const planned = (await planAppend(file, catalogue)).filter((b) => b.streamId === tue.stream);
    expect(planned.map((b) => b.events.length)).toEqual([1000, 1]);
    expect(planned[0]!.events[999]!.data).toMatchObject({ pairId: 'TT' });
    expect(new Set(planned.map((b) => b.run)).size).toBe(1);

    const ledger = new GatedLedger();
    await ledger.appendFile(lines);
    expect(await ledger.store.headPosition()).toBe(lines.length);
    const view = standingsOf(fold(competitions, await collect(ledger.store.readAll())), 'tue');
    if (view.kind !== 'nz') throw new Error('expected NZ standings');
    for (const pair of ['TT', 'TS']) {
      const row = view.rows.find((r) => r.competitor === pair)!;
      expect(row.explain.some((x) => x.rule === 'NZ-6')).toBe(true);
    }
  });

  it('NZ-6 the pair’s lone result at the cut is still refused, naming its line; nothing is written', async () => {
    const ledger = new GatedLedger();
    const lines = [...before, ...run([score('TT')])];
    expect(await ledger.refusesFile(lines)).toEqual([
      expect.objectContaining({ line: lines.length, field: 'data.pairId' }),
    ]);
    expect((await ledger.refusesFile(lines))[0]!.message).toMatch(/^NZ-6: /);
  });

  it('NZ-6 results that differ across the cut are refused at the second’s line, data.percentage', async () => {
    const ledger = new GatedLedger();
    const lines = [...before, ...run([score('TT'), score('TS', 55)])];
    expect(await ledger.refusesFile(lines)).toEqual([
      expect.objectContaining({ line: lines.length, field: 'data.percentage' }),
    ]);
  });

  it('edge: a file appended again whose run was cut is a no-op, batch by batch', async () => {
    const ledger = new GatedLedger();
    const lines = [...before, ...run([score('TT'), score('TS')])];
    await ledger.appendFile(lines);
    await ledger.appendFile(lines);
    expect(await ledger.store.headPosition()).toBe(lines.length);
  });

  it('edge: a run whose first batch an earlier append wrote is judged from its next batch on', async () => {
    const ledger = new GatedLedger();
    const lines = [...before, ...run([score('TT'), score('TS')])];
    // An append stopped after the run's first batch (1,000 lines, the first result last): the
    // file is appended again, and the partner's result completes the pair.
    await ledger.appendFile(before);
    await ledger.writeUnchecked(...lines.slice(before.length, before.length + 1000));
    await ledger.appendFile(lines);
    expect(await ledger.store.headPosition()).toBe(lines.length);
  });
});
