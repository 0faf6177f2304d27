import type { LeagueFactData } from '../facts/league';
import type { DecidedFact } from '../../../kernel/decider';
import type { Rulebook } from '../../../rulebooks/rulebook';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import {
  leagueFormats,
  leagueRulesFor,
  leagueRulesOf,
  rulesOfLeague,
  scoresFormat,
  someRulesReadClub,
  type LeagueParams,
  type LeagueRules,
} from '../rules';
import { ledger, type Data } from './lookups';
import type { LeagueState } from './state';
import { leagueOfStream } from './streams';

/**
 * The league's parameters in force on a day: its organising club's rulebook then (the season's
 * start for a day before it), when that rulebook scores the league's format; the rules' own
 * (their preset's) otherwise.
 */
export function paramsOnOf(
  rules: LeagueRules,
  inForce: (day: string) => Rulebook | undefined,
): (day: string) => LeagueParams {
  return (day) => {
    const rulebook = inForce(day);
    return scoresFormat(rulebook, rules.format)
      ? (rulebook!.params as LeagueParams)
      : (rules.preset.params as LeagueParams);
  };
}

/** Whether a fact's decision reads the organising club's rulebook, under any league's rules. */
export function readsClub(type: string): boolean {
  return type === 'LeagueRegistered' || someRulesReadClub(type);
}

/**
 * Decides a proposed fact of a league's stream: the fact, or a RuleViolation naming the rule
 * (the league's rulebook's, or LEDGER for what is not there or there already) and the field.
 * LeagueRegistered is the context's own; every later fact is its rules'. Pure.
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
  const reg = state.registered;
  if (!reg) {
    throw ledger(
      `league ${leagueId} is not registered: no LeagueRegistered in ${streamId}; register the league first`,
      'data.leagueId',
    );
  }
  const rules = rulesOfLeague(club.rulebookOn(reg.clubId, reg.seasonStart));
  const paramsOn = paramsOnOf(
    rules,
    (day) =>
      club.rulebookOn(reg.clubId, day < reg.seasonStart ? reg.seasonStart : day) ??
      club.rulebookOn(reg.clubId, reg.seasonStart),
  );
  rules.decide(fact, state, club, paramsOn);
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
  if (!leagueRulesOf(rulebook)) {
    const formats = leagueFormats();
    const presets = formats.map((f) => leagueRulesFor(f)!.preset.id);
    throw new RuleViolation(
      'RULEBOOK',
      `club ${d.clubId} has ${rulebook ? `the rulebook ${rulebook.preset}` : 'no rulebook'} in force on ${d.seasonStart}: a league is run under one that scores ${formats.join(' or ')} (adopt ${presets.join(' or ')} on club-${d.clubId} first)`,
      'data.clubId',
    );
  }
}

export type { LeagueFactData };
