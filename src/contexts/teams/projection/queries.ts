import { buildRulebookHistory } from '../../../rulebooks/rulebook-facts';
import type { Params } from '../../../rulebooks/params';
import type { Json, Rulebook } from '../../../rulebooks/rulebook';
import { foldTeamsEvent, lastDayOf } from '../domain/state';
import { proposeSwissRound, type SwissProposal } from '../domain/swiss';
import type { TeamEnteredData } from '../facts/entries';
import type { TeamsMatchRecordedData } from '../facts/matches';
import type {
  TeamsEventState,
  TeamsPlay,
  TeamsScoredMatch,
  TeamsStanding,
  TeamsStandingRow,
} from '../model';
import { teamsRulesFor, type TeamsRules } from '../rules';
import type { TeamsReadState } from './state';

/** A teams event, or a match, team or round of it, the ledger does not have (404). */
export class UnknownTeamsEventError extends Error {
  readonly code = 'UNKNOWN_TEAMS_EVENT';
  constructor(
    readonly field: 'eventId' | 'matchId' | 'teamId' | 'round' | 'clubId',
    message: string,
  ) {
    super(message);
  }

  answer() {
    return { message: this.message, field: this.field };
  }
}

/** A teams event as the list shows it. */
export interface TeamsEventSummary {
  eventId: string;
  name: string;
  clubId: string;
  /** The teams rules it is run under (its format). */
  kind: string;
  teams: number;
  matches: number;
}

/** What every answer about an event carries: which event, under which rulebook, at which fact. */
export interface TeamsEventHead {
  eventId: string;
  name: string;
  clubId: string;
  kind: string;
  /** The ledger position of the event's latest fact read. */
  position: number;
  /** The day the rulebook was read on: the event's latest day of play (or its first day). */
  day: string;
  rulebook?: { preset: string; effectiveFrom: string };
}

export interface TeamsStandingView extends TeamsEventHead, TeamsStanding {
  teams: Record<
    string,
    Pick<TeamEnteredData, 'name' | 'captain' | 'players' | 'handicap' | 'group'>
  >;
}

export interface TeamsMatchView extends TeamsEventHead {
  match: TeamsScoredMatch;
  /** The line-ups as recorded (absent for a default). */
  recorded?: Pick<TeamsMatchRecordedData, 'home' | 'away' | 'playedOn'>;
}

export interface TeamCardView extends TeamsEventHead {
  team: TeamEnteredData;
  row?: TeamsStandingRow;
  group?: string;
  matches: TeamsScoredMatch[];
}

export interface SwissProposalView extends TeamsEventHead {
  proposal: SwissProposal;
  /** The pairing recorded for the round, if any: the one that counts. */
  recorded?: TeamsEventState['rounds'][string];
}

interface Replaced {
  eventId: string;
  correctionId?: string;
  appeal?: { appealId: string; rulingId: string };
}

interface Read {
  state: TeamsEventState;
  rules: TeamsRules;
  params: Params;
  /** How the event is played: as the rulebook of its first day said. */
  play: TeamsPlay;
  head: TeamsEventHead;
  /**
   * The matches read from an accepted correction or an upheld appeal: match id → what replaced
   * it and the fact first recorded.
   */
  corrected: Map<string, Replaced>;
  /** Match id → the event id of its fact (played or defaulted). */
  facts: Map<string, string>;
}

/** The event's standing, each match read from an accepted correction saying so. */
function standingOf(r: Read): TeamsStanding {
  const standing = r.rules.standing(r.state, r.params, r.play);
  const corrections = correctionRuleOf(r.params);
  return {
    ...standing,
    matches: standing.matches.map((scored) => {
      const recorded = r.state.matches.find((x) => x.matchId === scored.matchId);
      const fact = r.facts.get(scored.matchId);
      const m = {
        ...scored,
        ...(recorded?.byBoard ? { byBoard: recorded.byBoard } : {}),
        ...(fact ? { fact } : {}),
      };
      const c = r.corrected.get(m.matchId);
      if (!c) return m;
      const by = c.appeal
        ? `${appealRuleOf(r.params)}: read from appeal ${c.appeal.appealId}, upheld (against ruling ${c.appeal.rulingId})`
        : `${corrections}: read from correction ${c.correctionId}, accepted`;
      return {
        ...m,
        because: [...m.because, `${by} (the match as first recorded: event ${c.eventId})`],
      };
    }),
  };
}

/** The rule an accepted correction is made under: the rulebook's corrections rule. */
function correctionRuleOf(params: Params): string {
  const rule = (params as { corrections?: { rule?: unknown } }).corrections?.rule;
  return typeof rule === 'string' ? rule : 'corrections';
}

/** The rule an appeal against a director's ruling is heard under, when the rulebook names one. */
function appealRuleOf(params: Params): string {
  const rule = (params as { appeals?: { ruling?: { rule?: unknown } } }).appeals?.ruling?.rule;
  return typeof rule === 'string' && rule ? rule : 'appeal';
}

/** An event's facts folded and its rulebook read (the rules' own parameters when none runs it). */
function readEvent(s: TeamsReadState, eventId: string, override?: Record<string, Json>): Read {
  const record = s.events[eventId];
  const state = record ? foldTeamsEvent(record.facts as never) : undefined;
  const created = state?.created;
  if (!record || !state || !created) {
    throw new UnknownTeamsEventError('eventId', `the ledger has no teams event ${eventId}`);
  }
  const corrected = new Map<string, Replaced>();
  const factOf = new Map<string, string>();
  for (const f of record.facts) {
    const matchId = (f.data as { matchId?: unknown }).matchId;
    if (typeof matchId === 'string') factOf.set(matchId, f.id);
    if (typeof matchId !== 'string') continue;
    if (f.correctedBy) corrected.set(matchId, { correctionId: f.correctedBy, eventId: f.id });
    if (f.appealedBy) corrected.set(matchId, { appeal: f.appealedBy, eventId: f.id });
  }
  const rules = teamsRulesFor(created.format);
  if (!rules) {
    throw new UnknownTeamsEventError(
      'eventId',
      `no teams rules run ${eventId}'s format ${created.format}`,
    );
  }
  const day = lastDayOf(state)!;
  // A what-if: the override as an amendment from the event's first day (nothing stored).
  const facts = s.rulebooks[created.clubId] ?? [];
  const history = buildRulebookHistory(
    override
      ? [...facts, { kind: 'amended', changes: override, effectiveFrom: created.startsOn }]
      : facts,
    { unusable: 'skip' },
  );
  const rulebook: Rulebook | undefined = history.inForce(day) ?? history.inForce(created.startsOn);
  const runs = rulebook && rules.presets.includes(rulebook.preset);
  const params = rules.paramsOf(runs ? rulebook : undefined);
  const start = history.inForce(created.startsOn);
  const play = rules.playOf(
    start && rules.presets.includes(start.preset) ? rules.paramsOf(start) : params,
  );
  return {
    state,
    rules,
    params,
    play,
    corrected,
    facts: factOf,
    head: {
      eventId,
      name: created.name,
      clubId: created.clubId,
      kind: created.format,
      position: record.position,
      day,
      ...(runs
        ? { rulebook: { preset: rulebook.preset, effectiveFrom: rulebook.effectiveFrom } }
        : {}),
    },
  };
}

/** Every teams event the ledger holds, in id order. */
export function teamsEventList(s: TeamsReadState): TeamsEventSummary[] {
  return Object.keys(s.events)
    .sort()
    .flatMap((eventId) => {
      const state = foldTeamsEvent(s.events[eventId]!.facts as never);
      const c = state.created;
      if (!c) return [];
      return [
        {
          eventId,
          name: c.name,
          clubId: c.clubId,
          kind: c.format,
          teams: state.teams.length,
          matches: state.matches.length + state.defaults.length,
        },
      ];
    });
}

/** The event's standing: every match scored and every team ranked, with the rules named. */
export function teamsStandingOf(
  s: TeamsReadState,
  eventId: string,
  override?: Record<string, Json>,
): TeamsStandingView {
  const r = readEvent(s, eventId, override);
  const standing = standingOf(r);
  return {
    ...r.head,
    ...standing,
    teams: Object.fromEntries(
      r.state.teams.map((t) => [
        t.teamId,
        {
          name: t.name,
          captain: t.captain,
          players: t.players,
          ...(t.handicap !== undefined ? { handicap: t.handicap } : {}),
          ...(t.group !== undefined ? { group: t.group } : {}),
        },
      ]),
    ),
  };
}

/** One match of the event as the standing scored it, with its line-ups. */
export function teamsMatchOf(s: TeamsReadState, eventId: string, matchId: string): TeamsMatchView {
  const r = readEvent(s, eventId);
  const match = standingOf(r).matches.find((m) => m.matchId === matchId);
  if (!match) throw new UnknownTeamsEventError('matchId', `${eventId} has no match ${matchId}`);
  const recorded = r.state.matches.find((m) => m.matchId === matchId);
  return {
    ...r.head,
    match,
    ...(recorded
      ? { recorded: { home: recorded.home, away: recorded.away, playedOn: recorded.playedOn } }
      : {}),
  };
}

/** A team's card: its entry, its place and its matches. */
export function teamCardOf(s: TeamsReadState, eventId: string, teamId: string): TeamCardView {
  const r = readEvent(s, eventId);
  const team = r.state.teams.find((t) => t.teamId === teamId);
  if (!team) throw new UnknownTeamsEventError('teamId', `${eventId} has no team ${teamId}`);
  const standing = standingOf(r);
  const group = standing.groups.find((g) => g.rows.some((row) => row.teamId === teamId));
  return {
    ...r.head,
    team,
    ...(group?.group !== undefined ? { group: group.group } : {}),
    ...(group ? { row: group.rows.find((row) => row.teamId === teamId)! } : {}),
    matches: standing.matches.filter((m) => m.home === teamId || m.away === teamId),
  };
}

/** DSB-15: the ledger's proposal for a Swiss round (2 or later), beside the pairing recorded. */
export function swissProposalOf(
  s: TeamsReadState,
  eventId: string,
  round: number,
): SwissProposalView {
  const r = readEvent(s, eventId);
  const play = r.play;
  if (play.format !== 'swiss') {
    throw new UnknownTeamsEventError(
      'round',
      `${eventId} is played ${play.format}, not Swiss: it has no Swiss rounds`,
    );
  }
  if (round < 2) {
    throw new UnknownTeamsEventError(
      'round',
      `${play.rule}: round 1 is drawn, not paired from standings: the director records the draw (SwissRoundPaired)`,
    );
  }
  const before = r.state.rounds[String(round - 1)];
  if (!before) {
    throw new UnknownTeamsEventError(
      'round',
      `${eventId} has not paired round ${round - 1}: round ${round} is paired from the standings after it`,
    );
  }
  const recorded = r.state.rounds[String(round)];
  return {
    ...r.head,
    proposal: proposeSwissRound(r.state, round, r.rules, r.params, r.play),
    ...(recorded ? { recorded } : {}),
  };
}
