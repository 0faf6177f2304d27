import { GatedLedger as Ledger } from '../support/gated-ledger';
import {
  accepted,
  correctionOf,
  karoriAutumn,
  withPercentage,
} from '../support/corrections';

describe('issue 16, NZ-13: a correction is one more fact, judged at append', () => {
  it('a correction notified in time is recorded and accepted', async () => {
    const ledger = new Ledger();
    const { facts, result1p1 } = karoriAutumn();
    await ledger.append(...facts);
    await ledger.append(
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-02T10:00:00+13:00'),
      accepted('c1', '2026-04-02T11:00:00+13:00'),
    );
    expect(await ledger.streamOf('corrections-karori')).toHaveLength(2);
  });
});
