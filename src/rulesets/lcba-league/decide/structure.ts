import type { LeagueFactData } from '../../../contexts/league/facts/league';
import { ledger, placedTeam, teamOf } from '../../../contexts/league/domain/lookups';
import { ballotKey } from '../../../contexts/league/domain/state';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { Check } from './check';

/** The LCBA's rules on a league's structure: divisions, teams, fines, fixtures, RR3 and ballots. */
export const STRUCTURE_CHECKS: { [K in keyof LeagueFactData]?: Check<K> } = {
  DivisionFormed(d, state) {
    if (state.divisions[String(d.division)]) {
      throw ledger(`division ${d.division} is formed already`, 'data.division');
    }
    if (d.division > 1 && !state.divisions[String(d.division - 1)]) {
      throw new RuleViolation(
        'LCBA-2.2',
        `the divisions are one hierarchy: division ${d.division} comes after division ${d.division - 1}, which is not formed`,
        'data.division',
      );
    }
  },

  LeagueTeamEntered(d, state) {
    if (state.teams[d.teamId]) throw ledger(`team ${d.teamId} has entered already`, 'data.teamId');
    const twin = Object.entries(state.teams).find(
      ([, t]) => t.club === d.club && t.letter === d.letter,
    );
    if (twin) {
      throw ledger(`club ${d.club} has a team ${d.letter} already (${twin[0]})`, 'data.letter');
    }
  },

  LateEntryFined(d, state, params) {
    const team = teamOf(state, d.teamId, 'data.teamId');
    const p = params(d.finedOn).season;
    if (team.enteredOn <= p.entryDeadline) {
      throw new RuleViolation(
        'LCBA-2.1',
        `team ${d.teamId} entered on ${team.enteredOn}, by the deadline ${p.entryDeadline}: not a late entry`,
        'data.teamId',
      );
    }
    if (d.vp > p.lateEntryMaxFine) {
      throw new RuleViolation(
        'LCBA-2.1',
        `a late entry is fined up to ${p.lateEntryMaxFine} VP, not ${d.vp}`,
        'data.vp',
      );
    }
    if (state.fined[d.teamId]) throw ledger(`team ${d.teamId} is fined already`, 'data.teamId');
  },

  TeamPlaced(d, state) {
    const team = teamOf(state, d.teamId, 'data.teamId');
    if (!state.divisions[String(d.division)]) {
      throw ledger(`division ${d.division} is not formed`, 'data.division');
    }
    if (team.division !== undefined) {
      throw new RuleViolation(
        'LCBA-2.2',
        `team ${d.teamId} is in division ${team.division} already: a team plays in one division`,
        'data.teamId',
      );
    }
  },

  LeagueStructurePublished(d, state) {
    if (state.publishedAt) {
      throw new RuleViolation(
        'LCBA-2.4',
        `the league structure was published at ${state.publishedAt}: once a season`,
        'data.publishedAt',
      );
    }
  },

  FixtureScheduled(d, state, params) {
    if (state.fixtures[d.fixtureId]) {
      throw ledger(`fixture ${d.fixtureId} is scheduled already`, 'data.fixtureId');
    }
    if (d.home === d.away) throw ledger('a team does not play itself', 'data.away');
    const home = placedTeam(state, d.home, 'data.home');
    const away = placedTeam(state, d.away, 'data.away');
    if (home.division !== away.division) {
      throw new RuleViolation(
        'LCBA-2.2',
        `${d.home} plays in division ${home.division} and ${d.away} in division ${away.division}: a fixture is between teams of one division`,
        'data.away',
      );
    }
    const pair = (f: { home: string; away: string }) =>
      (f.home === d.home && f.away === d.away) || (f.home === d.away && f.away === d.home);
    const existing = Object.values(state.fixtures).filter(pair);
    if (d.round === 3) {
      const rr3 = params(d.scheduled).rr3;
      if (!rr3.divisions.includes(home.division)) {
        throw new RuleViolation(
          'LCBA-A1',
          `division ${home.division} plays no third round robin (RR3 divisions: ${rr3.divisions.join(', ')})`,
          'data.round',
        );
      }
      for (const side of ['home', 'away'] as const) {
        if (!state.elections[d[side]]?.elects) {
          throw new RuleViolation(
            'LCBA-A4',
            `${d[side]} did not elect to play RR3: a real RR3 match is between electing teams (the others' are virtual, never scheduled)`,
            `data.${side}`,
          );
        }
      }
      if (existing.some((f) => f.round === 3)) {
        throw new RuleViolation('LCBA-A4', `${d.home} and ${d.away} meet once in RR3`, 'data.away');
      }
      return;
    }
    if (existing.some((f) => f.round === d.round)) {
      throw new RuleViolation(
        'LCBA-2.2',
        `${d.home} and ${d.away} meet once in round robin ${d.round}`,
        'data.round',
      );
    }
    if (existing.some((f) => f.round !== 3 && f.home === d.home)) {
      throw new RuleViolation(
        'LCBA-2.2',
        `${d.home} is at home to ${d.away} already: the double round robin is home and away`,
        'data.home',
      );
    }
  },

  Rr3ElectionMade(d, state, params) {
    const team = placedTeam(state, d.teamId, 'data.teamId');
    const rr3 = params(d.informedOn).rr3;
    if (!rr3.divisions.includes(team.division)) {
      throw new RuleViolation(
        'LCBA-A1',
        `${d.teamId} plays in division ${team.division}, which has no RR3 (divisions ${rr3.divisions.join(', ')})`,
        'data.teamId',
      );
    }
    if (d.informedOn > rr3.electionDeadline) {
      throw new RuleViolation(
        'LCBA-A2',
        `the secretary was informed on ${d.informedOn}, after the deadline ${rr3.electionDeadline}: a team that did not inform the secretary in time does not play RR3`,
        'data.informedOn',
      );
    }
  },

  LeagueBallotDrawn(d, state) {
    if (!state.divisions[String(d.division)]) {
      throw ledger(`division ${d.division} is not formed`, 'data.division');
    }
    d.teams.forEach((t, i) => {
      if (state.teams[t]?.division !== d.division) {
        throw new RuleViolation(
          'LCBA-3.1.1',
          `${t} is not a team of division ${d.division}`,
          `data.teams[${i}]`,
        );
      }
    });
    const named = new Set(d.teams);
    const drawn = new Set(d.order);
    if (
      d.order.length !== d.teams.length ||
      drawn.size !== named.size ||
      d.order.some((t) => !named.has(t))
    ) {
      const stray = d.order.findIndex((t) => !named.has(t));
      throw new RuleViolation(
        'LCBA-3.1.1',
        `a ballot orders the tied teams it names (${d.teams.join(', ')}), each once`,
        stray >= 0 ? `data.order[${stray}]` : 'data.order',
      );
    }
    if (state.ballots[ballotKey(d.teams)]) {
      throw ledger(
        `a ballot among ${d.teams.join(', ')} is drawn already: replays read it`,
        'data.teams',
      );
    }
  },
};
