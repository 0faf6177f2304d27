// A competition's sessions decided: substitutes, absences, sit-outs, ballots, moves, groups.
import { clubTime } from '../../../kernel/club-time';
import { type DecideOptions } from './decide-options';
import { RuleViolation } from '../../../kernel/rule-violation';
import { crossSubstitutionViolation } from './cross-substitution';
import type { SitOutMatchPlayed } from './facts';
import { scorableRefusalOn } from './format-shape';
import {
  isScored,
  presentAt,
  resultOf,
  sessionDateOf,
  sessionKey,
  sitOutMatchesOf,
  type CompetitionState,
} from './state';

import { shapeOf, type Handlers } from './handler-context';

/** The rules of substitutes, absences, sit-outs, dispensations, ballots, sessions and groups. */
export const SESSION_HANDLERS: Omit<
  Handlers,
  'PairEntered' | 'PartnershipPlayersNamed' | 'SessionResultRecorded' | 'SessionScoredFromBoards'
> = {
  SubstitutePlayed(fact, { state, c, pair, options }) {
    const s = fact.data;
    const none = shapeOf(c, options)?.substitute?.(c);
    if (none) throw none;
    if (!pair!.players.includes(s.absentPlayerId)) {
      throw new RuleViolation(
        'NZ-6',
        `${s.absentPlayerId} is not in pair ${s.pairId}`,
        'data.absentPlayerId',
      );
    }
    if (pair!.players.includes(s.substituteId)) {
      throw new RuleViolation(
        'NZ-7',
        `${s.substituteId} is already in pair ${s.pairId}`,
        'data.substituteId',
      );
    }
    const planned = c.sessions.find((x) => x.session === s.session)!;
    const start = `${planned.date}T${planned.startTime}`;
    if (options.substituteNoticeBeforeStart && clubTime(fact.occurredAt) > start) {
      throw new RuleViolation(
        'DSB-10.1',
        `the substitute was notified at ${clubTime(fact.occurredAt).replace('T', ' ')}, after the session started (${start.replace('T', ' ')})`,
        'occurredAt',
      );
    }
    const key = sessionKey(s.session, s.pairId);
    const earlier = state.substitutes[key] ?? [];
    if (earlier.some((e) => e.absentPlayerId !== s.absentPlayerId)) {
      throw new RuleViolation(
        'DSB-10.1',
        `only one member of pair ${s.pairId} may be replaced at a session`,
        'data.absentPlayerId',
      );
    }
    if (earlier.some((e) => e.absentPlayerId === s.absentPlayerId)) {
      throw new RuleViolation(
        'LEDGER',
        `${s.absentPlayerId} already has a substitute at this session`,
        'data.absentPlayerId',
      );
    }
    if (isScored(state, s.session, s.pairId)) {
      throw new RuleViolation(
        'LEDGER',
        `session ${s.session} of pair ${s.pairId} is already scored`,
        'data.session',
      );
    }
    const present = presentAt(state, s.session);
    if (present.has(s.absentPlayerId)) {
      throw new RuleViolation(
        'NZ-7',
        `${s.absentPlayerId} is present at session ${s.session} (pair ${present.get(s.absentPlayerId)}): no one may substitute for them`,
        'data.absentPlayerId',
      );
    }
    if (s.crossPairId !== undefined) {
      const cross = state.pairs[s.crossPairId];
      if (!cross || !cross.players.includes(s.substituteId) || s.crossPairId === s.pairId) {
        throw new RuleViolation(
          'NZ-6',
          `${s.substituteId} is not a member of pair ${s.crossPairId}`,
          'data.crossPairId',
        );
      }
    }
    const sitsFor = present.get(s.substituteId);
    if (sitsFor !== undefined && sitsFor !== s.pairId && sitsFor !== s.crossPairId) {
      throw new RuleViolation(
        'NZ-7',
        `${s.substituteId} already plays for pair ${sitsFor} at this session`,
        'data.substituteId',
      );
    }
    const crossed = crossSubstitutionViolation(state, s, (n, id) => isScored(state, n, id));
    if (crossed) throw crossed;
  },
  AbsenceNotified(fact, { state }) {
    const key = sessionKey(fact.data.session, fact.data.pairId);
    if (isScored(state, fact.data.session, fact.data.pairId)) {
      throw new RuleViolation(
        'LEDGER',
        `pair ${fact.data.pairId} has a result at session ${fact.data.session}`,
        'data.session',
      );
    }
    if (state.absences[key]) {
      throw new RuleViolation('LEDGER', 'this absence is already recorded', 'data.session');
    }
    const across = sitOutMatchesOf(state, fact.data.session, fact.data.pairId);
    if (across.length) {
      throw new RuleViolation(
        'LEDGER',
        `pair ${fact.data.pairId} played a sit-out match at session ${fact.data.session} (against ${across[0].opponentPairId})`,
        'data.session',
      );
    }
  },
  SitOutMatchPlayed(fact, { state, options }) {
    sitOutMatch(state, fact.data, options);
  },
  DispensationGranted(fact, { pair }) {
    const g = fact.data;
    if (g.rule === 'DSB-9.4(2)' && g.playerId === undefined) {
      throw new RuleViolation(
        'DSB-9.4',
        'DSB-9.4(2) lets one player play with a substitute: name the player',
        'data.playerId',
      );
    }
    if (g.playerId !== undefined && !pair!.players.includes(g.playerId)) {
      throw new RuleViolation(
        'DSB-9.4',
        `${g.playerId} is not in pair ${g.pairId}`,
        'data.playerId',
      );
    }
  },
  BallotDrawn(fact, { state }) {
    const order = fact.data.order;
    const entered = Object.keys(state.pairs);
    const stranger = order.find((p) => !state.pairs[p]);
    if (stranger)
      throw new RuleViolation('DSB-12', `pair ${stranger} has not entered`, 'data.order');
    if (new Set(order).size !== order.length || order.length !== entered.length) {
      throw new RuleViolation(
        'DSB-12',
        `the draw must list each of the ${entered.length} entered pairs once`,
        'data.order',
      );
    }
    if (state.ballots?.[String(fact.data.session)]) {
      throw new RuleViolation(
        'LEDGER',
        `session ${fact.data.session} has been drawn already`,
        'data.session',
      );
    }
  },
  // Nothing to judge beyond the shared preconditions.
  PairGroupAssigned() {},
  SessionHeld(fact, { state, c, options, optionsOn }) {
    const { session, date } = fact.data;
    // PIN-R6: what the session is recorded under, judged by the rulebook of the day it is held.
    const planned = c.sessions.find((p) => p.session === session)?.startTime;
    const level = shapeOf(c, optionsOn(date))?.held?.(fact.data, planned);
    if (level) throw level;
    const day = sessionDateOf(state, session);
    if (date === day) return;
    const rule = shapeOf(c, options)?.sessionDay;
    const scored = Object.keys(state.pairs).find((id) => isScored(state, session, id));
    if (rule !== undefined && scored !== undefined) {
      throw new RuleViolation(
        rule,
        `session ${session} is scored as held on ${day} (pair ${scored}): what it counted was read on that day, it cannot move to ${date}`,
        'data.date',
      );
    }
    movedSession(state, session, day, date, options, optionsOn(date));
  },
  GroupsRebalanced(fact, { state, c }) {
    for (const [i, m] of fact.data.moves.entries()) {
      if (!state.pairs[m.pairId]) {
        throw new RuleViolation(
          'LEDGER',
          `pair ${m.pairId} has not entered`,
          `data.moves[${i}].pairId`,
        );
      }
      if (c.groups && !c.groups.includes(m.group)) {
        throw new RuleViolation(
          'LEDGER',
          `group ${m.group} is not a group of this competition`,
          `data.moves[${i}].group`,
        );
      }
    }
  },
};

/**
 * A session moved to another day is judged under the rulebook in force on the new day, as a
 * new competition's day is (`created`): the standing after it reads that rulebook, for the
 * competition's shape and the results recorded up to it (`scorableRefusalOn`). Refused at
 * `data.date`, naming the rule (RULEBOOK, NZ-1, DSB-4, DSB-7 …), when the competition was
 * scorable on its old day and is not on the new one; moved to a day with no rulebook in force
 * while its old day had one, refused (RULEBOOK: its standings could name no rulebook). A day
 * with no rulebook in force before judges nothing new, as a competition created on it.
 */
function movedSession(
  state: CompetitionState,
  session: number,
  day: string | undefined,
  date: string,
  before: DecideOptions,
  after: DecideOptions,
): void {
  const c = state.competition!;
  if (!after.formats) {
    if (!before.formats) return;
    throw new RuleViolation(
      'RULEBOOK',
      `no rulebook of club ${c.clubId} is in force on ${date} (the ${before.rulebook ?? "club's"} rulebook is on ${day}): session ${session} of ${c.competitionId} moved there could never be scored`,
      'data.date',
    );
  }
  const refused = scorableRefusalOn(state, session, date, after);
  if (!refused) return;
  if (day !== undefined && scorableRefusalOn(state, session, day, before)) return;
  throw new RuleViolation(
    refused.rule,
    `session ${session} of ${c.competitionId} (${c.format}) moved to ${date} could never be scored: ${refused.reason}`,
    'data.date',
  );
}

/**
 * DSB-22.5: two sit-out pairs of different groups played each other. Refused: a pair not
 * entered, two pairs of one group, rounds the session does not have, a pair the facts show did
 * not sit out (absent, or its result says it sat out fewer rounds), a round in which a pair
 * already played another sit-out match, and the same match twice.
 */
function sitOutMatch(state: CompetitionState, m: SitOutMatchPlayed, options: DecideOptions): void {
  const [a, b] = m.pairs;
  if (a === b) {
    throw new RuleViolation('DSB-22.5', `pair ${a} cannot play itself`, 'data.pairs');
  }
  const groups = m.pairs.map((id, i) => {
    const entered = state.pairs[id];
    if (!entered) {
      throw new RuleViolation(
        'LEDGER',
        `pair ${id} has not entered ${m.competitionId}`,
        `data.pairs[${i}]`,
      );
    }
    return entered.group;
  });
  if (groups[0] === undefined || groups[0] === groups[1]) {
    throw new RuleViolation(
      'DSB-22.5',
      groups[0] === undefined
        ? 'this competition does not play in groups: a sit-out match is between pairs of different groups'
        : `pairs ${a} and ${b} both play in group ${groups[0]}: a sit-out match is between pairs of different groups`,
      'data.pairs',
    );
  }
  const rounds = options.sessionRounds;
  m.rounds.forEach((r, i) => {
    if (rounds !== undefined && r > rounds) {
      throw new RuleViolation(
        'LEDGER',
        `round ${r} is not a round of session ${m.session} (rounds 1..${rounds})`,
        `data.rounds[${i}]`,
      );
    }
  });
  m.pairs.forEach((id, i) => {
    const key = sessionKey(m.session, id);
    if (state.absences[key]) {
      throw new RuleViolation(
        'DSB-22.5',
        `pair ${id} was absent at session ${m.session}: it did not sit out`,
        `data.pairs[${i}]`,
      );
    }
    const result = resultOf(state, m.session, id);
    const earlier = sitOutMatchesOf(state, m.session, id);
    const stated = result?.sitOutRounds;
    const matched = earlier.reduce((n, x) => n + x.rounds.length, 0) + m.rounds.length;
    if (stated !== undefined && stated < matched) {
      throw new RuleViolation(
        'DSB-22.5',
        `pair ${id} sat out ${stated} round(s) of session ${m.session} (its result): it cannot have played ${matched} as a sit-out pair`,
        `data.pairs[${i}]`,
      );
    }
    for (const x of earlier) {
      if (x.opponentPairId === m.pairs[1 - i]) {
        throw new RuleViolation(
          'LEDGER',
          `the sit-out match of ${a} and ${b} at session ${m.session} is already recorded: that is a correction`,
          'data.pairs',
        );
      }
      const clash = m.rounds.find((r) => x.rounds.includes(r));
      if (clash !== undefined) {
        throw new RuleViolation(
          'DSB-22.5',
          `pair ${id} already played round ${clash} of session ${m.session} against ${x.opponentPairId}`,
          'data.rounds',
        );
      }
    }
  });
}

/** NZ-6: two pairs whose remaining members play together, each the other's substitute. */
