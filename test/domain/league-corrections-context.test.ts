import { v7 } from 'uuid';
import { GatedLedger } from '../support/gated-ledger';
import type { Proposed } from '../support/nz-club';
import { clubFacts, fact, formResult } from './league/support';
import { season } from '../projections/leagues-season';

/**
 * LCBA-10.2: a league's corrections are judged by its organising club's rulebook in
 * force (its RulebookAdopted and amendments: the `corrections` group) and in that club's time
 * zone (Europe/London), read through the deciders' context (`leagueOf`), over the gate's own
 * index ('own', the CLI's) and over the runner's read model ('live', the service's). f1 was
 * played on 2009-09-16: by the preset, a correction is in time before 19:30 on 2009-09-23.
 */
const LEAGUE_ID = 'lcba-2009';
const f1 = season.results[0]!;

const onLeague = (type: string, data: Record<string, unknown>, occurredAt: string): Proposed => ({
  streamId: `corrections-${LEAGUE_ID}`,
  id: v7(),
  type,
  occurredAt,
  data: { clubId: LEAGUE_ID, leagueId: LEAGUE_ID, ...data },
  metadata: {},
});

const notified = (occurredAt: string) =>
  onLeague(
    'CorrectionNotified',
    {
      correctionId: 'c1',
      target: { eventId: f1.id, streamId: f1.streamId, type: f1.type },
      corrected: formResult('f1', '2009-09-16', 24, -1).data as Record<string, unknown>,
      notifiedBy: 'south captain',
    },
    occurredAt,
  );

const accepted = (extra: Record<string, unknown> = {}) =>
  onLeague(
    'CorrectionAccepted',
    { correctionId: 'c1', by: 'league secretary', ...extra },
    '2009-09-25T12:00:00+01:00',
  );

const amended = (changes: Record<string, unknown>, effectiveFrom = '2009-09-01') =>
  fact('RulebookAmended', { clubId: 'lcba', changes, effectiveFrom }, 'club-lcba');

async function ledgerOf(club: 'own' | 'live', ...before: Proposed[]): Promise<GatedLedger> {
  const ledger = new GatedLedger({ club });
  await ledger.append(...clubFacts(), ...before, ...season.structure, ...season.results);
  return ledger;
}

describe.each(['own', 'live'] as const)(
  'a league’s corrections read its organiser’s rulebook (%s context)',
  (club) => {
    it('LCBA-10.2: the organiser’s amendment of corrections.deadlineDays to 3 moves the league’s deadline from the match date (2009-09-19 19:30)', async () => {
      const ledger = await ledgerOf(club, amended({ 'corrections.deadlineDays': 3 }));
      // 2009-09-20 is in time by the preset (7 days), late by the amendment (3 days).
      await ledger.append(notified('2009-09-20T12:00:00+01:00'));
      const refused = await ledger.refuses(
        [accepted()],
        'LCBA-10.2',
        'events[0].data.lateAcceptedBecause',
      );
      expect(refused.reason).toMatch(/3 days after the session of 2009-09-16: 2009-09-19 19:30/);
      expect(refused.reason).toMatch(/Europe\/London/);
      await ledger.append(accepted({ lateAcceptedBecause: 'the secretary was away' }));
    });

    it('LCBA-10.2: one minute before the amended deadline is in time', async () => {
      const ledger = await ledgerOf(club, amended({ 'corrections.deadlineDays': 3 }));
      await expect(
        ledger.append(notified('2009-09-19T19:29:00+01:00'), accepted()),
      ).resolves.toBeUndefined();
    });

    it('LCBA-10.2: an amendment effective after the match day does not judge it (the rulebook in force on the match day does)', async () => {
      const ledger = await ledgerOf(club, amended({ 'corrections.deadlineDays': 3 }, '2009-10-01'));
      await expect(
        ledger.append(notified('2009-09-20T12:00:00+01:00'), accepted()),
      ).resolves.toBeUndefined();
    });

    it('LCBA-10.2: the deadline is the organiser’s wall clock (Europe/London), not the offset the correction is written in', async () => {
      const ledger = await ledgerOf(club);
      // 18:45 UTC is 19:45 in London on 2009-09-23: late (by +00:00 it would be in time).
      await ledger.append(notified('2009-09-23T18:45:00+00:00'));
      await ledger.refuses([accepted()], 'LCBA-10.2', 'events[0].data.lateAcceptedBecause');
    });
  },
);
