import { competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { fold } from '../../src/kernel/projection';
import { NzInputError } from '../../src/rulesets/nz-club/standings';
import { collect } from '../support/events';
import { GatedLedger as Ledger } from '../support/gated-ledger';
import {
  clubRegistered,
  competition,
  proposed,
  ROSTER,
  rulebookAdopted,
  TUESDAYS,
} from '../support/nz-club';

/**
 * NZ-6 through the gate every append takes: the one score of a cross-substitution is recorded
 * for both pairs in one append, the same score, and the standings then score it (HTTP 200);
 * what they could not score (a lone result, differing results) is refused with nothing written.
 */

const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 3), {
  TT: ['tom', 'tim'],
  TS: ['tia', 'tess'],
});
// tim and tess are away at session 1: tom and tia play together, each the other's substitute.
const crossSub = (
  pairId: string,
  absentPlayerId: string,
  substituteId: string,
  crossPairId: string,
) =>
  proposed(tue.stream, 'SubstitutePlayed', {
    competitionId: 'tue',
    session: 1,
    pairId,
    absentPlayerId,
    substituteId,
    crossPairId,
  });
const SUBS = [crossSub('TT', 'tim', 'tia', 'TS'), crossSub('TS', 'tess', 'tom', 'TT')];
const score = (pairId: string, percentage = 57.5) => {
  const r = tue.result(1, pairId, ['tom', 'tia']);
  return { ...r, data: { ...(r.data as object), percentage } };
};

async function crossed() {
  const ledger = new Ledger();
  await ledger.append(clubRegistered(), rulebookAdopted(), ...ROSTER, ...tue.setup, ...SUBS);
  return ledger;
}

async function standings(ledger: Ledger) {
  return standingsOf(fold(competitions, await collect(ledger.store.readAll())), 'tue');
}

describe('NZ-6 cross-substitution through the gate', () => {
  it('NZ-6 both pairs’ equal results in one append are accepted, and the standings score them for both', async () => {
    const ledger = await crossed();
    await ledger.append(score('TT'), score('TS'));
    const view = await standings(ledger);
    if (view.kind !== 'nz') throw new Error('expected NZ standings');
    const rows = view.rows;
    for (const pair of ['TT', 'TS']) {
      const row = rows.find((r) => r.competitor === pair)!;
      expect(row.explain.some((x) => x.rule === 'NZ-6')).toBe(true);
    }
  });

  it('NZ-6 a second result that differs is refused at its data.percentage; nothing is written', async () => {
    const ledger = await crossed();
    await ledger.refuses([score('TT'), score('TS', 55)], 'NZ-6', 'events[1].data.percentage');
  });

  it('NZ-6 one pair’s result alone is refused at data.pairId, and the standings stay scorable', async () => {
    const ledger = await crossed();
    await ledger.refuses([score('TT')], 'NZ-6', 'events[0].data.pairId', /in the same append/);
    await expect(standings(ledger)).resolves.toBeDefined();
  });

  it('NZ-6 a ledger left with one result (written before this check) is completed by the other, not by a differing one', async () => {
    const ledger = await crossed();
    await ledger.writeUnchecked(score('TT'));
    // The state the standings could not score (HTTP 422 FactsNotScorable) …
    await expect(standings(ledger)).rejects.toBeInstanceOf(NzInputError);
    await ledger.refuses([score('TS', 60)], 'NZ-6', 'events[0].data.percentage');
    // … repaired by the equal result.
    await ledger.append(score('TS'));
    await expect(standings(ledger)).resolves.toBeDefined();
  });

  it('NZ-6 a cross-substitution naming a pair that is not entered is refused (bad input)', async () => {
    const ledger = await crossed();
    await ledger.refuses(
      [crossSub('TT', 'tim', 'zed', 'ZZ')].map((f) => ({
        ...f,
        data: { ...(f.data as object), session: 2 },
      })),
      'NZ-6',
      'events[0].data.crossPairId',
    );
  });
});
