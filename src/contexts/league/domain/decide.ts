import type { LeagueFactData } from '../facts/league';
import type { DecidedFact } from '../../../kernel/decider';
import { presetOf } from '../../../rulebooks/presets';
import { lcbaLeague2009, type LcbaParams } from '../../../rulesets/lcba-league/preset';
import {
  addDays,
  lowestTeamOf,
  resultFormOffences,
} from '../../../rulesets/lcba-league/eligibility';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import { ballotKey, type LeagueFixtureState, type LeagueState } from './state';
import { leagueOfStream } from './streams';

/** The format a league's rulebook must score (the preset `lcba-league-2009`'s). */
export const LEAGUE_FORMAT = 'lcba-league';

type Data<K extends keyof LeagueFactData> = LeagueFactData[K];

const ledger = (reason: string, field: string) => new RuleViolation('LEDGER', reason, field);

/**
 * The league's parameters in force on a day: its organising club's rulebook then (the season's
 * start for a day before it); the preset's own when the club's rulebook is not an LCBA one.
 */
function paramsOn(state: LeagueState, club: ClubContext, day: string): LcbaParams {
  const reg = state.registered!;
  const on = day < reg.seasonStart ? reg.seasonStart : day;
  const rulebook = club.rulebookOn(reg.clubId, on) ?? club.rulebookOn(reg.clubId, reg.seasonStart);
  const lcba = rulebook && presetOf(rulebook.preset)?.formats.includes(LEAGUE_FORMAT);
  return lcba ? (rulebook.params as unknown as LcbaParams) : lcbaLeague2009.params;
}

/** The fact types whose decision reads the organising club's rulebook. */
export const READS_CLUB: ReadonlySet<string> = new Set([
  'LeagueRegistered',
  'LateEntryFined',
  'FixtureScheduled',
  'Rr3ElectionMade',
  'TeamNominated',
  'MatchLineUpRecorded',
  'MatchResultRecorded',
  'ResultFormOffenceRatified',
]);

const STRUCTURE = new Set(['DivisionFormed', 'TeamPlaced']);

/**
 * Decides a proposed fact of a league's stream: the fact, or a RuleViolation naming the rule
 * (LCBA-…, or LEDGER for what is not there or there already) and the field. Pure.
 */
export function decideLeagueFact(
  fact: DecidedFact,
  state: LeagueState,
  club: ClubContext,
  streamId: string,
): DecidedFact[] {
  const raw = fact.data as Record<string, unknown>;
  const leagueId = leagueOfStream(streamId);
  if (fact.type === 'LeagueRegistered') {
    registered(raw as unknown as Data<'LeagueRegistered'>, state, club);
    return [fact];
  }
  if (!state.registered) {
    throw ledger(
      `league ${leagueId} is not registered: no LeagueRegistered in ${streamId}; register the league first`,
      'data.leagueId',
    );
  }
  if (STRUCTURE.has(fact.type) && state.publishedAt) {
    throw new RuleViolation(
      'LCBA-2.4',
      `the league structure was published at ${state.publishedAt}: it is not amended for the season`,
      fact.type === 'TeamPlaced' ? 'data.teamId' : 'data.division',
    );
  }
  const check = CHECKS[fact.type as keyof LeagueFactData];
  check?.(raw as never, state, club);
  return [fact];
}

function registered(d: Data<'LeagueRegistered'>, state: LeagueState, club: ClubContext) {
  if (state.registered) throw ledger(`league ${d.leagueId} is registered already`, 'data.leagueId');
  if (d.seasonEnd < d.seasonStart) {
    throw ledger(
      `the season ends (${d.seasonEnd}) before it starts (${d.seasonStart})`,
      'data.seasonEnd',
    );
  }
  if (!club.isRegistered(d.clubId)) {
    throw ledger(
      `club ${d.clubId} is not registered: the league's organiser registers first`,
      'data.clubId',
    );
  }
  const rulebook = club.rulebookOn(d.clubId, d.seasonStart);
  if (!rulebook || !presetOf(rulebook.preset)?.formats.includes(LEAGUE_FORMAT)) {
    throw new RuleViolation(
      'RULEBOOK',
      `club ${d.clubId} has ${rulebook ? `the rulebook ${rulebook.preset}` : 'no rulebook'} in force on ${d.seasonStart}: a league is run under one that scores ${LEAGUE_FORMAT} (adopt lcba-league-2009 on club-${d.clubId} first)`,
      'data.clubId',
    );
  }
}

type Check<K extends keyof LeagueFactData> = (
  d: Data<K>,
  state: LeagueState,
  club: ClubContext,
) => void;

const teamOf = (state: LeagueState, teamId: string, field: string) => {
  const team = state.teams[teamId];
  if (!team) throw ledger(`team ${teamId} has not entered the league`, field);
  return team;
};

const placedTeam = (state: LeagueState, teamId: string, field: string) => {
  const team = teamOf(state, teamId, field);
  if (team.division === undefined) {
    throw ledger(`team ${teamId} is in no division yet (TeamPlaced)`, field);
  }
  return team as typeof team & { division: number };
};

const fixtureOf = (state: LeagueState, fixtureId: string): LeagueFixtureState => {
  const f = state.fixtures[fixtureId];
  if (!f) throw ledger(`the league has no fixture ${fixtureId}`, 'data.fixtureId');
  return f;
};

const playerOf = (state: LeagueState, playerId: string, field: string) => {
  const p = state.players[playerId];
  if (!p) throw ledger(`player ${playerId} is not registered in the league`, field);
  return p;
};

/** A match takes one outcome, a result or a default, once (corrections: their own context). */
const notRecordedYet = (f: LeagueFixtureState, fixtureId: string) => {
  if (f.resulted) {
    throw ledger(
      `match ${fixtureId} has a result already: a correction goes through the corrections context`,
      'data.fixtureId',
    );
  }
  if (f.unplayed) {
    throw ledger(`match ${fixtureId} is recorded unplayed (LCBA-8 scores it)`, 'data.fixtureId');
  }
};

const CHECKS: { [K in keyof LeagueFactData]?: Check<K> } = {
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

  LateEntryFined(d, state, club) {
    const team = teamOf(state, d.teamId, 'data.teamId');
    const p = paramsOn(state, club, d.finedOn).season;
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

  FixtureScheduled(d, state, club) {
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
      const rr3 = paramsOn(state, club, d.scheduled).rr3;
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

  Rr3ElectionMade(d, state, club) {
    const team = placedTeam(state, d.teamId, 'data.teamId');
    const rr3 = paramsOn(state, club, d.informedOn).rr3;
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

  LeaguePlayerRegistered(d, state) {
    if (state.players[d.playerId]) {
      throw ledger(`player ${d.playerId} is registered already`, 'data.playerId');
    }
  },

  SubscriptionPaid(d, state) {
    const p = playerOf(state, d.playerId, 'data.playerId');
    if (p.paidOn) throw ledger(`${d.playerId} paid on ${p.paidOn} already`, 'data.playerId');
  },

  TeamNominated(d, state, club) {
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
    const n = paramsOn(state, club, d.receivedOn).players.nominated;
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

  SubscriptionWarningIssued(d, state) {
    const p = playerOf(state, d.playerId, 'data.playerId');
    if (p.paidOn && p.paidOn <= d.issuedOn) {
      throw new RuleViolation(
        'LCBA-4.2',
        `${d.playerId} paid the subscription on ${p.paidOn}: nothing is outstanding`,
        'data.playerId',
      );
    }
    if (d.level === 'final') {
      if (!p.warnings.some((w) => w.level === 'warning' && w.issuedOn <= d.issuedOn)) {
        throw new RuleViolation(
          'LCBA-4.2',
          `${d.playerId} was never warned: a final warning follows a warning`,
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

  MatchLineUpRecorded(d, state, club) {
    const f = fixtureOf(state, d.fixtureId);
    if (f.lineUp) throw ledger(`match ${d.fixtureId} has a line-up already`, 'data.fixtureId');
    if (f.playedOn && f.playedOn !== d.playedOn) {
      throw ledger(
        `match ${d.fixtureId} was played on ${f.playedOn}, as its result says`,
        'data.playedOn',
      );
    }
    if (f.unplayed) throw ledger(`match ${d.fixtureId} is recorded unplayed`, 'data.fixtureId');
    const above = paramsOn(state, club, d.playedOn).resultForm.boardsRecordedAbove;
    const seen = new Map<string, string>();
    for (const side of ['home', 'away'] as const) {
      const teamClub = state.teams[f[side]]?.club;
      const players = d[side];
      players.forEach((lp, i) => {
        const at = `data.${side}[${i}]`;
        const player = playerOf(state, lp.playerId, `${at}.playerId`);
        if (seen.has(lp.playerId)) {
          throw ledger(
            `${lp.playerId} is named twice (${seen.get(lp.playerId)})`,
            `${at}.playerId`,
          );
        }
        seen.set(lp.playerId, at);
        if (players.length > above && lp.boards === undefined) {
          throw new RuleViolation(
            'LCBA-6.8',
            `${players.length} persons played for the ${side} team: with more than ${above} the number of boards each played must be recorded`,
            `${at}.boards`,
          );
        }
        if (teamClub === undefined) return;
        const clubs = Object.keys(player.clubs);
        if (!clubs.length || clubs.includes(teamClub)) return;
        const needed = [...clubs, teamClub];
        const approved = player.approvals.some(
          (a) => a.approvedOn <= d.playedOn && needed.every((c) => a.clubs.includes(c)),
        );
        if (!approved) {
          throw new RuleViolation(
            'LCBA-4.3',
            `${lp.playerId} played for ${clubs.join(', ')} this season: playing for ${teamClub} too needs the LMSC's prior approval (TwoClubsApproved)`,
            `${at}.playerId`,
          );
        }
      });
    }
  },

  MatchResultRecorded(d, state, club) {
    const f = fixtureOf(state, d.fixtureId);
    notRecordedYet(f, d.fixtureId);
    if (f.playedOn && f.playedOn !== d.playedOn) {
      throw ledger(
        `match ${d.fixtureId} was played on ${f.playedOn}, as its line-up says`,
        'data.playedOn',
      );
    }
    const m = paramsOn(state, club, d.playedOn).match;
    const r = d.result as Record<string, unknown> & { boards: number };
    if (r.boards !== m.boards && r.boards !== m.agreedBoards) {
      throw new RuleViolation(
        'LCBA-6.3',
        `a match is ${m.boards} boards, or ${m.agreedBoards} by agreement, not ${r.boards}`,
        'data.result.boards',
      );
    }
    const inRange = (board: number, field: string) => {
      if (board > r.boards) {
        throw new RuleViolation(
          'LCBA-6.3',
          `board ${board} is not one of the match's ${r.boards}`,
          field,
        );
      }
    };
    if (r.kind === 'result-form') {
      for (const board of Object.keys(r.homeImps as Record<string, number>)) {
        inRange(Number(board), `data.result.homeImps.${board}`);
      }
      return;
    }
    const b = d.result as unknown as {
      stanzas: number[][];
      results: { board: number; table: number }[];
      fouled: { board: number }[];
      unplayed: { board: number }[];
    };
    const dealt = b.stanzas.flat();
    for (let board = 1; board <= r.boards; board++) {
      const times = dealt.filter((x) => x === board).length;
      if (times !== 1) {
        throw new RuleViolation(
          'LCBA-6.3',
          `board ${board} is in ${times} stanzas: each board of the match is in exactly one`,
          'data.result.stanzas',
        );
      }
    }
    dealt.forEach((board) => inRange(board, 'data.result.stanzas'));
    const tables = new Set<string>();
    b.results.forEach((t, i) => {
      inRange(t.board, `data.result.results[${i}].board`);
      const key = `${t.board} ${t.table}`;
      if (tables.has(key)) {
        throw ledger(
          `board ${t.board} has two results at table ${t.table}`,
          `data.result.results[${i}]`,
        );
      }
      tables.add(key);
    });
    b.fouled.forEach((x, i) => inRange(x.board, `data.result.fouled[${i}].board`));
    b.unplayed.forEach((x, i) => inRange(x.board, `data.result.unplayed[${i}].board`));
  },

  ResultFormReceived(d, state) {
    const f = fixtureOf(state, d.fixtureId);
    if (!f.playedOn) {
      throw ledger(
        `match ${d.fixtureId} has no line-up or result: record the match first`,
        'data.fixtureId',
      );
    }
    if (d.receivedOn < f.playedOn) {
      throw ledger(
        `a form is not received (${d.receivedOn}) before its match (${f.playedOn})`,
        'data.receivedOn',
      );
    }
    if (f.formReceivedOn) {
      throw ledger(
        `the form of ${d.fixtureId} was received on ${f.formReceivedOn} already`,
        'data.fixtureId',
      );
    }
  },

  MatchUnplayed(d, state) {
    const f = fixtureOf(state, d.fixtureId);
    notRecordedYet(f, d.fixtureId);
    if (d.rule === 'LCBA-7.5' && d.offender === 'both') {
      throw new RuleViolation(
        'LCBA-7.5',
        'the non-offending team withdraws: one side offends, not both',
        'data.offender',
      );
    }
  },

  MatchRearranged(d, state) {
    fixtureOf(state, d.fixtureId);
    d.approvedPlayers?.forEach((p, i) => playerOf(state, p, `data.approvedPlayers[${i}]`));
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

  ResultFormOffenceRatified(d, state, club) {
    const f = fixtureOf(state, d.fixtureId);
    if (f.home !== d.teamId) {
      throw new RuleViolation(
        'LCBA-6.8',
        `the home team (${f.home}) sends the form of ${d.fixtureId}, not ${d.teamId}`,
        'data.teamId',
      );
    }
    if (state.ratified[`${d.teamId} ${d.fixtureId}`]) {
      throw ledger(`the offence of ${d.fixtureId} is ratified already`, 'data.fixtureId');
    }
    const p = paramsOn(state, club, d.ratifiedOn).resultForm;
    const fixtures = Object.entries(state.fixtures).map(([id, x]) => ({
      id,
      home: x.home,
      ...(x.playedOn ? { playedOn: x.playedOn } : {}),
    }));
    const received: Record<string, string> = {};
    for (const [id, x] of Object.entries(state.fixtures)) {
      if (x.formReceivedOn) received[id] = x.formReceivedOn;
    }
    const offence = resultFormOffences(fixtures, received, p.days, d.ratifiedOn).find(
      (o) => o.fixture === d.fixtureId,
    );
    if (!offence) {
      throw new RuleViolation(
        'LCBA-6.8',
        f.playedOn
          ? `the form of ${d.fixtureId} (played ${f.playedOn}) was not late by ${d.ratifiedOn}: received within ${p.days} days, or its ${p.days} days not over (until ${addDays(f.playedOn, p.days)})`
          : `match ${d.fixtureId} is not played`,
        'data.fixtureId',
      );
    }
    if (offence.nth < 3) {
      throw new RuleViolation(
        'LCBA-6.8',
        `the late form of ${d.fixtureId} is ${d.teamId}'s offence ${offence.nth}: the League Committee ratifies a third offence (or later)`,
        'data.fixtureId',
      );
    }
  },
};
