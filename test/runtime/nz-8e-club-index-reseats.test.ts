import { GatedLedger } from '../support/gated-ledger';
import { clubRegistered, competition, ROSTER, rulebookAdopted, TUESDAYS } from '../support/nz-club';

/**
 * The gate's club-wide index reads who sat down as the standings do (seating.ts), again after
 * every fact that can change it: a Monday player replaced at a session linked to board results
 * did not play that Tuesday (NZ-7), so it is not one of their NZ-8e Tuesdays.
 */
async function club(substituted: boolean, kind: 'own' | 'live') {
  const ledger = new GatedLedger({ club: kind });
  await ledger.append(clubRegistered(), rulebookAdopted(), ...ROSTER);
  const early = competition('early', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 3), {
    MT: ['mia', 'tia'],
  });
  await ledger.append(...early.setup);
  for (const s of [1, 2, 3])
    await ledger.append(early.scoredFromBoards(s, [{ pairNumber: '1', pairId: 'MT' }]));
  // Written past the gate (which refuses a substitute at a scored session), as an old ledger.
  if (substituted) await ledger.writeUnchecked(early.substitute(1, 'MT', 'mia', 'tess'));
  const late = competition('late', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(4, 8), {
    MT: ['mia', 'tom'],
  });
  await ledger.append(...late.setup);
  return { ledger, late };
}

describe.each(['own', 'live'] as const)(
  'NZ-8e the club index (%s) reads the seats again when a fact changes them',
  (kind) => {
    it('NZ-8e a Monday player linked to three Tuesdays elsewhere: the 4th is refused', async () => {
      const { ledger, late } = await club(false, kind);
      await ledger.refuses([late.result(1, 'MT')], 'NZ-8e', 'events[0].data.players[0]', /4th/);
    });

    it('NZ-7 NZ-8e replaced at one of those linked sessions, the player played two Tuesdays there: the 3rd is taken', async () => {
      const { ledger, late } = await club(true, kind);
      await ledger.append(late.result(1, 'MT'));
      await ledger.refuses([late.result(2, 'MT')], 'NZ-8e', 'events[0].data.players[0]', /4th/);
    });
  },
);
