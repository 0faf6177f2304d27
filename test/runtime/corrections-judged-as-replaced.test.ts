import { GatedLedger as Ledger } from '../support/gated-ledger';
import type { Proposed } from '../support/nz-club';
import { accepted, correctionOf, karoriAutumn, withPercentage } from '../support/corrections';

/**
 * A correction puts its content in a table in place of the fact it corrects, so the content
 * is judged as that fact was: by the decider of the fact's stream, on the stream as it stood
 * before the fact. Karori's autumn pairs (test/support/corrections.ts): p1 is mia and max, p2
 * wes and vic.
 */
const accepts = (ledger: Ledger, ...facts: Proposed[]) =>
  expect(ledger.append(...facts)).resolves.toBeUndefined();

async function karori(): Promise<{ ledger: Ledger; result1p1: Proposed }> {
  const ledger = new Ledger();
  const { facts, result1p1 } = karoriAutumn();
  await ledger.append(...facts);
  return { ledger, result1p1 };
}

describe("a correction's content is judged by the rules that judged the fact it corrects", () => {
  it('LEDGER a result naming one player for both seats of a pair is refused, nothing written', async () => {
    const ledger = new Ledger();
    const { facts, result1p1 } = karoriAutumn();
    await ledger.append(...facts.filter((f) => f !== result1p1 && f !== facts[facts.length - 1]));
    const twice = {
      ...result1p1,
      data: { ...(result1p1.data as object), players: ['mia', 'mia'] },
    };
    const refused = await ledger.refuses([twice], 'LEDGER', 'events[0].data.players[1]');
    expect(refused.reason).toBe(
      "mia is named for two seats of pair p1: a pair's players are different people",
    );
  });

  it('LEDGER the same result corrected to one player for both seats is refused at data.corrected, as the result itself would be', async () => {
    const { ledger, result1p1 } = await karori();
    const corrected = { ...withPercentage(result1p1, 57.5), players: ['mia', 'mia'] };
    const refused = await ledger.refuses(
      [correctionOf(result1p1, corrected, '2026-04-02T10:00:00+13:00')],
      'LEDGER',
      'events[0].data.corrected.players[1]',
    );
    expect(refused.reason).toBe(
      "corrected would be refused as the SessionResultRecorded it replaces: mia is named for two seats of pair p1: a pair's players are different people",
    );
  });

  it('NZ-7 a result corrected to name a player of another pair (not its substitute) is refused as that result would be', async () => {
    const { ledger, result1p1 } = await karori();
    const corrected = { ...withPercentage(result1p1, 57.5), players: ['mia', 'wes'] };
    await ledger.refuses(
      [correctionOf(result1p1, corrected, '2026-04-02T10:00:00+13:00')],
      'NZ-7',
      'events[0].data.corrected.players',
      /wes is neither in pair p1 nor its substitute/,
    );
  });

  it('a correction of the percentage alone is judged on the stream as it stood before the result: accepted', async () => {
    const { ledger, result1p1 } = await karori();
    await accepts(
      ledger,
      correctionOf(result1p1, withPercentage(result1p1, 61.25), '2026-04-02T10:00:00+13:00'),
      accepted('c1', '2026-04-02T11:00:00+13:00'),
    );
  });
});
