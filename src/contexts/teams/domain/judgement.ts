import type { DecidedFact } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { Params } from '../../../rulebooks/params';
import type { ClubContext } from '../../club-context';
import type { TeamsEventState, TeamsPlay } from '../model';
import { teamsFormats, teamsFormatsOf, teamsRulesFor, type TeamsRules } from '../rules';
import { lastDayOf } from './state';

type Data = Record<string, unknown>;

/** What deciding a fact of a created event reads: its rules, parameters, way of play. */
export interface TeamsJudgement {
  event: TeamsEventState;
  rules: TeamsRules;
  params: Params;
  play: TeamsPlay;
}

/** The day a fact is judged on: its own day of play, else the event's latest. */
function dayOf(fact: DecidedFact, event: TeamsEventState): string {
  const d = fact.data as Data;
  const own = d.playedOn ?? d.scheduledOn ?? d.startsOn;
  return typeof own === 'string' ? own : (lastDayOf(event) ?? fact.occurredAt.slice(0, 10));
}

/**
 * The rules and parameters an event's fact is judged under: its format's rules, read from its
 * club's rulebook in force on the fact's day (refused when that rulebook no longer runs them).
 */
export function judgementOf(
  fact: DecidedFact,
  event: TeamsEventState,
  club: ClubContext,
  clubId: string,
  format: string,
): TeamsJudgement {
  const rules = teamsRulesFor(format);
  if (!rules) {
    throw new RuleViolation(
      'LEDGER',
      `no teams rules run the format ${format}; registered: ${teamsFormats().join(', ') || 'none'}`,
      'data.format',
    );
  }
  const day = dayOf(fact, event);
  const rulebook = club.rulebookOn(clubId, day);
  if (!rulebook || !rules.presets.includes(rulebook.preset)) {
    const runs = teamsFormatsOf(rulebook);
    throw new RuleViolation(
      'LEDGER',
      `the rulebook of ${clubId} in force on ${day} (${rulebook ? rulebook.preset : 'none adopted'}) does not run ${format} events${runs.length ? `: it runs ${runs.join(', ')}` : ''}`,
      fact.type === 'TeamsEventCreated' ? 'data.format' : 'data.eventId',
    );
  }
  const params = rules.paramsOf(rulebook);
  // The way of play is the event's first day's (an amendment does not re-shape an event).
  const first = event.created?.startsOn;
  const start = first === undefined ? rulebook : club.rulebookOn(clubId, first);
  const play = rules.playOf(
    start && rules.presets.includes(start.preset) ? rules.paramsOf(start) : params,
  );
  return { event, rules, params, play };
}

/** A team entered by id in the event, or the refusal naming the field. */
export function enteredTeam(j: TeamsJudgement, teamId: string, field: string) {
  const team = j.event.teams.find((t) => t.teamId === teamId);
  if (!team) {
    throw new RuleViolation(
      j.play.rule,
      `${teamId} is not a team of ${j.event.created!.eventId} (${j.event.created!.name}): a match is between two teams entered in the same event`,
      field,
    );
  }
  return team;
}
