import type { LeagueFactData } from '../../../contexts/league/facts/league';
import type { EligibilityInput } from '../../../contexts/league/model';

import type { LeagueFact } from '../../../contexts/league/season';

export type { LeagueFact };

type Data<K extends keyof LeagueFactData> = LeagueFactData[K];

/**
 * The plain input eligibility/ reads, from a league stream's facts in ledger order (the first
 * of each kind stands where the decider allows one: a payment, a line-up, a form received; a
 * later nomination replaces an earlier one from its day). `asOf` is passed through.
 */
export function eligibilityInputOf(facts: readonly LeagueFact[], asOf?: string): EligibilityInput {
  const input: EligibilityInput = {
    teams: [],
    fixtures: [],
    lineUps: [],
    paid: {},
    warnings: [],
    nominations: [],
    approvals: [],
    rearrangements: [],
    sameDateApprovals: [],
    formsReceived: {},
    ratified: [],
    lateEntryFines: [],
    ...(asOf ? { asOf } : {}),
  };
  const entered = new Map<string, Data<'LeagueTeamEntered'>>();
  const division = new Map<string, number>();
  const fixtures = new Map<string, EligibilityInput['fixtures'][number]>();
  const lineUps = new Set<string>();
  for (const f of facts) {
    switch (f.type) {
      case 'LeagueTeamEntered': {
        const d = f.data as Data<'LeagueTeamEntered'>;
        if (!entered.has(d.teamId)) entered.set(d.teamId, d);
        break;
      }
      case 'TeamPlaced': {
        const d = f.data as Data<'TeamPlaced'>;
        if (!division.has(d.teamId)) division.set(d.teamId, d.division);
        break;
      }
      case 'FixtureScheduled': {
        const d = f.data as Data<'FixtureScheduled'>;
        if (!fixtures.has(d.fixtureId)) {
          fixtures.set(d.fixtureId, {
            id: d.fixtureId,
            home: d.home,
            away: d.away,
            scheduled: d.scheduled,
          });
        }
        break;
      }
      case 'MatchLineUpRecorded': {
        const d = f.data as Data<'MatchLineUpRecorded'>;
        if (lineUps.has(d.fixtureId)) break;
        lineUps.add(d.fixtureId);
        input.lineUps.push({
          fixture: d.fixtureId,
          playedOn: d.playedOn,
          home: d.home.map((p) => p.playerId),
          away: d.away.map((p) => p.playerId),
        });
        const fx = fixtures.get(d.fixtureId);
        if (fx) fx.playedOn ??= d.playedOn;
        break;
      }
      case 'MatchResultRecorded': {
        const d = f.data as Data<'MatchResultRecorded'>;
        const fx = fixtures.get(d.fixtureId);
        if (fx) fx.playedOn ??= d.playedOn;
        break;
      }
      case 'SubscriptionPaid': {
        const d = f.data as Data<'SubscriptionPaid'>;
        input.paid[d.playerId] ??= d.paidOn;
        break;
      }
      case 'SubscriptionWarningIssued': {
        const d = f.data as Data<'SubscriptionWarningIssued'>;
        input.warnings.push({ player: d.playerId, level: d.level, on: d.issuedOn });
        break;
      }
      case 'TeamNominated': {
        const d = f.data as Data<'TeamNominated'>;
        input.nominations.push({ team: d.teamId, players: [...d.players], on: d.receivedOn });
        break;
      }
      case 'TwoClubsApproved': {
        const d = f.data as Data<'TwoClubsApproved'>;
        input.approvals.push({ player: d.playerId, clubs: [...d.clubs], on: d.approvedOn });
        break;
      }
      case 'MatchRearranged': {
        const d = f.data as Data<'MatchRearranged'>;
        // Its approvals are as old as the fact: the club day it was recorded.
        const on = (f as { occurredAt?: string }).occurredAt?.slice(0, 10);
        input.rearrangements.push({
          fixture: d.fixtureId,
          soughtBy: d.soughtBy,
          ...(d.approvedPlayers ? { approvedPlayers: [...d.approvedPlayers] } : {}),
          ...(on ? { on } : {}),
        });
        break;
      }
      case 'SameDatePlayApproved': {
        const d = f.data as Data<'SameDatePlayApproved'>;
        input.sameDateApprovals.push({
          player: d.playerId,
          fixtures: [...d.fixtures],
          on: d.approvedOn,
        });
        break;
      }
      case 'ResultFormReceived': {
        const d = f.data as Data<'ResultFormReceived'>;
        input.formsReceived[d.fixtureId] ??= d.receivedOn;
        break;
      }
      case 'ResultFormOffenceRatified': {
        const d = f.data as Data<'ResultFormOffenceRatified'>;
        input.ratified.push({ team: d.teamId, fixture: d.fixtureId, on: d.ratifiedOn });
        break;
      }
      case 'LateEntryFined': {
        const d = f.data as Data<'LateEntryFined'>;
        input.lateEntryFines.push({ team: d.teamId, vp: d.vp, on: d.finedOn });
        break;
      }
    }
  }
  for (const [team, d] of entered) {
    const div = division.get(team);
    if (div !== undefined)
      input.teams.push({ team, club: d.club, letter: d.letter, division: div });
  }
  input.fixtures = [...fixtures.values()];
  return input;
}
