import { v7 } from 'uuid';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { competitions } from '../../src/contexts/pairs/projection';
import { memberAt, registerAt, visitorsIn } from '../../src/contexts/membership/read/membership';
import { replayFromStore } from '../../src/audit/replay';
import { GatedLedger } from '../support/gated-ledger';
import type { Proposed } from '../support/nz-club';

/**
 * "one seating model": the visitor counts read the seats of the club's pairs
 * competitions (the NZ rules' source, `nzPlaysOf`) beside SessionPlayedAtClub. The example NZ
 * club karori (nz-club, club year from 01-01): nz-sam, a visitor on the roster, substitutes in
 * session 1 of club-pairs-2026 (2026-02-03).
 */
const played = (person: string, date: string, eventId: string): Proposed => ({
  streamId: 'members-karori',
  id: v7(),
  type: 'SessionPlayedAtClub',
  occurredAt: `${date}T19:30:00+13:00`,
  data: { clubId: 'karori', person, date, event: { id: eventId, special: false } },
  metadata: {},
});

async function karori() {
  const ledger = new GatedLedger();
  await loadExamplesIfEmpty(ledger.store);
  return ledger;
}

describe('the visitor counts read the competitions’ seating facts (NZ-10, karori)', () => {
  it('NZ-10: a seat in a pairs competition counts as a session played, with its source', async () => {
    const ledger = await karori();
    const v = await visitorsIn(ledger.store, 'karori', { year: 2026 });
    expect(v).toMatchObject({ kind: 'club-year', year: '2026-01-01', rule: 'NZ-10', limit: 3 });
    const sam = v.rows.find((r) => r.person === 'nz-sam')!;
    expect(sam.visits).toEqual([
      expect.objectContaining({
        date: '2026-02-03',
        event: 'club-pairs-2026',
        count: 1,
        verdict: 'ok',
        source: { kind: 'seating', competitionId: 'club-pairs-2026', session: 1 },
      }),
    ]);
    // The members on the roster are not visitors; nor is the guest (NZ-8c).
    expect(v.rows.map((r) => r.person)).toEqual(['nz-sam']);
  });

  it('NZ-10: a SessionPlayedAtClub and a seat of the same person, date and event count once', async () => {
    const ledger = await karori();
    await ledger.append(
      played('nz-sam', '2026-02-03', 'club-pairs-2026'),
      played('nz-sam', '2026-02-05', 'thursday-social'),
      played('nz-sam', '2026-02-06', 'friday-social'),
      played('nz-sam', '2026-02-07', 'saturday-social'),
    );
    const sam = (await visitorsIn(ledger.store, 'karori', { year: 2026 })).rows.find(
      (r) => r.person === 'nz-sam',
    )!;
    expect(sam.sessions).toBe(4);
    expect(sam.visits.map((x) => [x.date, x.source.kind, x.verdict])).toEqual([
      ['2026-02-03', 'both', 'ok'],
      ['2026-02-05', 'SessionPlayedAtClub', 'ok'],
      ['2026-02-06', 'SessionPlayedAtClub', 'ok'],
      ['2026-02-07', 'SessionPlayedAtClub', 'over-limit'],
    ]);
    expect(sam.verdict).toBe('over-limit');
    // The year boundary: nothing of 2026 in 2027.
    expect((await visitorsIn(ledger.store, 'karori', { year: 2027 })).rows).toEqual([]);
  });

  it("one person's history lists the seats beside the facts", async () => {
    const ledger = await karori();
    await ledger.append(played('nz-sam', '2026-02-05', 'thursday-social'));
    const h = await memberAt(ledger.store, 'karori', 'nz-sam', { asOf: '2026-12-31' });
    expect(h.history.map((l) => [l.on, l.kind, l.type])).toEqual([
      ['2026-02-03', 'seating', 'Seated'],
      ['2026-02-05', 'fact', 'SessionPlayedAtClub'],
    ]);
  });

  it('an unknown club is refused naming clubId (404)', async () => {
    const ledger = await karori();
    await expect(visitorsIn(ledger.store, 'nowhere')).rejects.toMatchObject({
      code: 'MEMBERSHIP_NOT_FOUND',
      field: 'clubId',
    });
  });
});

describe('the service answers from its live competitions model, the same as a replay', () => {
  it('NZ-10: visitors and the register with the live state equal those read by replay; the live state is asked', async () => {
    const ledger = await karori();
    const { state } = await replayFromStore(ledger.store, competitions);
    let asked = 0;
    const live = () => {
      asked += 1;
      return state;
    };
    expect(await visitorsIn(ledger.store, 'karori', { year: 2026 }, live)).toEqual(
      await visitorsIn(ledger.store, 'karori', { year: 2026 }),
    );
    expect(await registerAt(ledger.store, 'karori', { asOf: '2026-03-01' }, live)).toEqual(
      await registerAt(ledger.store, 'karori', { asOf: '2026-03-01' }),
    );
    expect(asked).toBeGreaterThanOrEqual(2);
  });
});
