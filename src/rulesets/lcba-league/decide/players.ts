import type { LeagueFactData } from '../../../contexts/league/facts/league';
import { ledger, placedTeam, playerOf } from '../../../contexts/league/domain/lookups';
import { RuleViolation } from '../../../kernel/rule-violation';
import { lowestTeamOf } from '../eligibility';
import type { Check } from './check';

/** The LCBA's rules on a league's players: registration, subscriptions, nominations (LCBA-4). */
export const PLAYER_CHECKS: { [K in keyof LeagueFactData]?: Check<K> } = {
  LeaguePlayerRegistered(d, state) {
    if (state.players[d.playerId]) {
      throw ledger(`player ${d.playerId} is registered already`, 'data.playerId');
    }
  },

  SubscriptionPaid(d, state) {
    const p = playerOf(state, d.playerId, 'data.playerId');
    if (p.paidOn) throw ledger(`${d.playerId} paid on ${p.paidOn} already`, 'data.playerId');
  },

  TeamNominated(d, state, params) {
    const team = placedTeam(state, d.teamId, 'data.teamId');
    const clubTeams = Object.entries(state.teams)
      .filter(([, t]) => t.club === team.club && t.division !== undefined)
      .map(([id, t]) => ({ id, club: t.club, letter: t.letter, division: t.division! }));
    const lowest = lowestTeamOf(clubTeams);
    if (clubTeams.length < 2 || lowest?.id === d.teamId) {
      throw new RuleViolation(
        'LCBA-4.4',
        clubTeams.length < 2
          ? `club ${team.club} has one team: it nominates none`
          : `${d.teamId} is club ${team.club}'s lowest team: a club nominates for each team but its lowest`,
        'data.teamId',
      );
    }
    const n = params(d.receivedOn).players.nominated;
    if (d.players.length !== n) {
      throw new RuleViolation(
        'LCBA-4.4',
        `a club nominates ${n} players for a team, not ${d.players.length}`,
        'data.players',
      );
    }
    d.players.forEach((p, i) => {
      playerOf(state, p, `data.players[${i}]`);
      const other = Object.entries(state.nominations).find(
        ([t, players]) => t !== d.teamId && players.includes(p),
      );
      if (other) {
        throw new RuleViolation(
          'LCBA-4.4',
          `${p} is nominated for ${other[0]} already`,
          `data.players[${i}]`,
        );
      }
    });
    if (state.nominations[d.teamId] && !d.changeConsentedBy) {
      throw new RuleViolation(
        'LCBA-4.5',
        `${d.teamId}'s nominations were received already: they change only with the LMSC's consent (changeConsentedBy)`,
        'data.changeConsentedBy',
      );
    }
  },

  TwoClubsApproved(d, state) {
    playerOf(state, d.playerId, 'data.playerId');
    const clubs = new Set(Object.values(state.teams).map((t) => t.club));
    d.clubs.forEach((c, i) => {
      if (!clubs.has(c))
        throw ledger(`no team of club ${c} has entered the league`, `data.clubs[${i}]`);
    });
  },

  SubscriptionWarningIssued(d, state, params) {
    const p = playerOf(state, d.playerId, 'data.playerId');
    if (p.paidOn && p.paidOn <= d.issuedOn) {
      throw new RuleViolation(
        'LCBA-4.2',
        `${d.playerId} paid the subscription on ${p.paidOn}: nothing is outstanding`,
        'data.playerId',
      );
    }
    if (d.level === 'final') {
      const warned = p.warnings.some((w) => w.level === 'warning' && w.issuedOn <= d.issuedOn);
      if (!warned && params(d.issuedOn).players.firstWarningRequired) {
        throw new RuleViolation(
          'LCBA-4.2',
          `${d.playerId} was never warned: a final warning follows a warning (players.firstWarningRequired)`,
          'data.level',
        );
      }
      if (p.warnings.some((w) => w.level === 'final')) {
        throw new RuleViolation(
          'LCBA-4.2',
          `${d.playerId} had a final warning already`,
          'data.level',
        );
      }
    }
  },
};
