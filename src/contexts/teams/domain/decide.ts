import type { DecidedFact } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { ClubContext } from '../../club-context';
import type { TeamsEventState } from '../model';
import { decidePlay } from './decide-play';
import { enteredTeam, judgementOf, type TeamsJudgement } from './judgement';

type Data = Record<string, unknown>;

/**
 * Decides a proposed fact of a teams event's stream: the checks every event makes (created
 * once, by a registered club whose rulebook runs its format; teams entered once, in range; a
 * match between two of its teams), then its rules' own (src/contexts/teams/rules.ts).
 */
export function decideTeamsFact(
  fact: DecidedFact,
  event: TeamsEventState,
  club: ClubContext,
): DecidedFact[] {
  const d = fact.data as Data;
  if (fact.type === 'TeamsEventCreated') {
    if (event.created) {
      throw new RuleViolation(
        'LEDGER',
        `event ${String(d.eventId)} was created already (${event.created.name})`,
        'data.eventId',
      );
    }
    const clubId = d.clubId as string;
    if (!club.isRegistered(clubId)) {
      throw new RuleViolation('LEDGER', `club ${clubId} is not registered`, 'data.clubId');
    }
    const j = judgementOf(fact, event, club, clubId, d.format as string);
    const range = d.handicaps as { min: number; max: number } | undefined;
    if (range && range.min > range.max) {
      throw new RuleViolation(
        'NZ-16',
        `the handicap range runs from min to max: ${range.min} is above ${range.max}`,
        'data.handicaps.max',
      );
    }
    j.rules.decide(fact, j.event, j.params);
    return [fact];
  }
  const created = event.created;
  if (!created) {
    throw new RuleViolation(
      'LEDGER',
      `event ${String(d.eventId)} has no TeamsEventCreated: create it first`,
      'data.eventId',
    );
  }
  const j = judgementOf(fact, event, club, created.clubId, created.format);
  if (fact.type === 'TeamEntered') decideEntry(d, j);
  else if (fact.type === 'TeamHandicapAdjusted') decideAdjustment(d, j);
  else if (fact.type === 'TeamsBallotDrawn') decideBallot(d, j);
  else decidePlay(fact, j);
  j.rules.decide(fact, event, j.params);
  return [fact];
}

function inRange(j: TeamsJudgement, handicap: unknown, field: string): void {
  const range = j.event.created!.handicaps;
  if (!range) {
    if (handicap !== undefined)
      throw new RuleViolation('NZ-16', `${j.event.created!.name} is not a handicap event`, field);
    return;
  }
  if (typeof handicap !== 'number') {
    throw new RuleViolation(
      'NZ-16',
      `a team of ${j.event.created!.name} (a handicap event) needs its handicap`,
      field,
    );
  }
  if (handicap < range.min || handicap > range.max) {
    throw new RuleViolation(
      'NZ-16',
      `handicap ${handicap} is outside the event's range ${range.min} to ${range.max}`,
      field,
    );
  }
}

function decideEntry(d: Data, j: TeamsJudgement): void {
  const teamId = d.teamId as string;
  const players = d.players as string[];
  if (j.event.teams.some((t) => t.teamId === teamId))
    throw new RuleViolation('LEDGER', `team ${teamId} is entered already`, 'data.teamId');
  if (j.event.matches.length || j.event.defaults.length || Object.keys(j.event.rounds).length) {
    throw new RuleViolation(
      j.play.rule,
      'entries close when play starts: a round is paired or a match recorded already',
      'data.teamId',
    );
  }
  if (!players.includes(d.captain as string)) {
    throw new RuleViolation(
      j.play.rule,
      `the captain ${String(d.captain)} is not one of the team's players`,
      'data.captain',
    );
  }
  players.forEach((p, i) => {
    const other = j.event.teams.find((t) => t.players.includes(p));
    if (other) {
      throw new RuleViolation(
        j.play.rule,
        `${p} plays for ${other.teamId} in this event already`,
        `data.players[${i}]`,
      );
    }
  });
  inRange(j, d.handicap, 'data.handicap');
  if (j.play.format === 'groups' && d.group === undefined) {
    throw new RuleViolation(
      j.play.rule,
      'the event is played in fixed groups: the team needs its group',
      'data.group',
    );
  }
  if (j.play.format !== 'groups' && d.group !== undefined) {
    throw new RuleViolation(
      j.play.rule,
      `the event is played ${j.play.format === 'swiss' ? 'Swiss' : 'all-play-all'}, not in groups`,
      'data.group',
    );
  }
}

function decideAdjustment(d: Data, j: TeamsJudgement): void {
  const session = d.session as number;
  if (session > j.event.created!.sessions) {
    throw new RuleViolation(
      'NZ-16',
      `the event has ${j.event.created!.sessions} sessions, not ${session}`,
      'data.session',
    );
  }
  const teams = d.teams as Array<{ teamId: string; handicap: number }>;
  teams.forEach((t, i) => {
    enteredTeam(j, t.teamId, `data.teams[${i}].teamId`);
    if (teams.findIndex((u) => u.teamId === t.teamId) !== i)
      throw new RuleViolation('NZ-16', `${t.teamId} is adjusted twice`, `data.teams[${i}].teamId`);
    inRange(j, t.handicap, `data.teams[${i}].handicap`);
  });
}

function decideBallot(d: Data, j: TeamsJudgement): void {
  const teams = d.teams as string[];
  const order = d.order as string[];
  teams.forEach((t, i) => enteredTeam(j, t, `data.teams[${i}]`));
  const i = order.findIndex((t) => !teams.includes(t));
  if (i >= 0 || order.length !== teams.length) {
    throw new RuleViolation(
      j.play.tieRule,
      'the order drawn places exactly the teams balloted',
      `data.order${i >= 0 ? `[${i}]` : ''}`,
    );
  }
}
