import { clubTime } from '../../../kernel/club-time';
import { NO_RULEBOOK_OPTIONS, type DecideOptions } from './decide-options';
import { RuleViolation } from '../../../kernel/rule-violation';
import {
  crossPartnerOf,
  crossResultViolation,
  crossSubstitutionViolation,
} from './cross-substitution';
import type { CompetitionCreated, CompetitionFact, SitOutMatchPlayed } from './facts';
import { resultSizeRefusal, scorableRefusalOn, shapeRefusalOn } from './format-shape';
import {
  isScored,
  presentAt,
  resultOf,
  sessionDateOf,
  sessionKey,
  sitOutMatchesOf,
  type CompetitionState,
} from './state';

export { NO_RULEBOOK_OPTIONS, type DecideOptions } from './decide-options';

/**
 * decide(state, proposed fact) → the facts to append, or a RuleViolation naming the rule.
 * A proposed fact is the command: the deciders refuse what the rules forbid, before anything
 * is written. The preconditions every fact of an existing competition shares (its competition,
 * session, group and pair) are checked here; each type's own rules are its handler's
 * (HANDLERS).
 */
export function decide(
  state: CompetitionState,
  fact: CompetitionFact,
  options: DecideOptions = NO_RULEBOOK_OPTIONS,
  /**
   * The options of the club's rulebook in force on any day: a CompetitionCreated is judged on
   * each of its sessions' days (the club is the fact's). Default: no rulebook on any day.
   */
  optionsOn: (date: string) => DecideOptions = () => NO_RULEBOOK_OPTIONS,
): CompetitionFact[] {
  const c = state.competition;
  if (fact.type === 'CompetitionCreated') {
    created(state, fact, optionsOn);
    return [fact];
  }
  if (!c) throw new RuleViolation('LEDGER', 'no such competition: create it first');
  if (fact.data.competitionId !== c.competitionId) {
    throw new RuleViolation('LEDGER', `this stream holds ${c.competitionId}`, 'data.competitionId');
  }
  const d = fact.data as { session?: number; pairId?: string; group?: string };
  if (d.session !== undefined && !c.sessions.some((s) => s.session === d.session)) {
    throw new RuleViolation(
      'LEDGER',
      `session ${d.session} is not a session of ${c.competitionId}`,
      'data.session',
    );
  }
  if (d.group !== undefined && c.groups && !c.groups.includes(d.group)) {
    throw new RuleViolation(
      'LEDGER',
      `group ${d.group} is not one of ${c.groups.join(', ')}`,
      'data.group',
    );
  }
  const pair = d.pairId === undefined ? undefined : state.pairs[d.pairId];
  if (fact.type !== 'PairEntered' && d.pairId !== undefined && !pair) {
    throw new RuleViolation(
      'LEDGER',
      `pair ${d.pairId} has not entered ${c.competitionId}`,
      'data.pairId',
    );
  }

  const handle = HANDLERS[fact.type] as (fact: CompetitionFact, ctx: Context) => void;
  handle(fact, { state, c, pair, options, optionsOn });
  return [fact];
}

/**
 * LEDGER: a competition is created once, its sessions numbered 1 to n (every standing counts
 * sessions 1, 2, … up to its number of sessions). Then, on each of its sessions' days, the
 * club's rulebook in force must publish its format (RULEBOOK) in a shape its standings can
 * score (the ruleset's `FormatShape.created`: NZ-1, NZ-2, DSB-4, DSB-5, DSB-12.1). A day with
 * no rulebook in force judges nothing (docs/events.md).
 */
function created(
  state: CompetitionState,
  fact: FactOf<'CompetitionCreated'>,
  optionsOn: (date: string) => DecideOptions,
): void {
  const c = state.competition;
  if (c) throw new RuleViolation('LEDGER', `competition ${c.competitionId} already exists`);
  const numbers = fact.data.sessions.map((s) => s.session);
  if (new Set(numbers).size !== numbers.length) {
    throw new RuleViolation('LEDGER', 'session numbers repeat', 'data.sessions');
  }
  const n = numbers.length;
  if (numbers.some((s) => s > n)) {
    throw new RuleViolation(
      'LEDGER',
      `sessions must be numbered 1 to ${n}, got ${[...numbers].sort((a, b) => a - b).join(', ')}`,
      'data.sessions',
    );
  }
  const days = [...new Set(fact.data.sessions.map((s) => s.date))].sort();
  for (const day of days) {
    const refused = shapeRefusalOn(fact.data, day, optionsOn(day));
    if (refused) throw refused;
  }
}

/** The shape the rulebook in force gives the competition's format (none: not judged). */
const shapeOf = (c: CompetitionCreated, options: DecideOptions) => options.formats?.[c.format];

type FactOf<T extends CompetitionFact['type']> = Extract<CompetitionFact, { type: T }>;

/** What a handler decides with, the shared preconditions having passed. */
interface Context {
  state: CompetitionState;
  c: CompetitionCreated;
  /** The pair the fact names (`data.pairId`), entered unless the fact is its PairEntered. */
  pair: CompetitionState['pairs'][string] | undefined;
  options: DecideOptions;
  /** The club's rulebook in force on any day (a session moved to another is judged there). */
  optionsOn: (date: string) => DecideOptions;
}

type Handlers = {
  [T in Exclude<CompetitionFact['type'], 'CompetitionCreated'>]: (
    fact: FactOf<T>,
    ctx: Context,
  ) => void;
};

/** Each fact type's own rules: a handler throws a RuleViolation or accepts by returning. */
const HANDLERS: Handlers = {
  PairEntered(fact, { state, c, pair, options }) {
    if (pair)
      throw new RuleViolation(
        'LEDGER',
        `pair ${fact.data.pairId} has already entered`,
        'data.pairId',
      );
    const players = fact.data.players;
    if (new Set(players).size !== players.length) {
      throw new RuleViolation('DSB-3', 'a pair needs different players', 'data.players');
    }
    for (const [id, other] of Object.entries(state.pairs)) {
      const shared = players.find((p) => other.players.includes(p));
      if (shared)
        throw new RuleViolation('LEDGER', `${shared} already plays in pair ${id}`, 'data.players');
    }
    const size = shapeOf(c, options)?.pair?.(players);
    if (size) throw size;
    if (c.groups && fact.data.group === undefined) {
      throw new RuleViolation(
        'DSB-5',
        'this competition plays in groups: name the pair’s group',
        'data.group',
      );
    }
    // A draw that seeds the field (DSB-12.2) is the ruleset's to judge.
    const late = shapeOf(c, options)?.entry?.(fact.data.pairId, Object.keys(state.ballots ?? {}));
    if (late) throw late;
  },
  PartnershipPlayersNamed(fact, { c, pair, options }) {
    if (pair!.players.length !== 3) {
      throw new RuleViolation(
        'DSB-3',
        `pair ${fact.data.pairId} is not a partnership of three`,
        'data.pairId',
      );
    }
    const stranger = fact.data.players.find((p) => !pair!.players.includes(p));
    if (stranger)
      throw new RuleViolation('DSB-3', `${stranger} is not in the partnership`, 'data.players');
    const date = c.sessions.find((s) => s.session === fact.data.session)!.date;
    const deadline = `${date}T${options.namingDeadline}`;
    if (options.namingDeadline !== undefined && clubTime(fact.occurredAt) > deadline) {
      throw new RuleViolation(
        'DSB-3',
        `players named at ${clubTime(fact.occurredAt).replace('T', ' ')}, after the ${options.namingDeadline} deadline of ${date}`,
        'occurredAt',
      );
    }
  },
  SessionResultRecorded(fact, { state, c, pair, options }) {
    const key = sessionKey(fact.data.session, fact.data.pairId);
    const size = resultSizeRefusal(c, fact.data, options);
    if (size) throw size;
    if (resultOf(state, fact.data.session, fact.data.pairId)) {
      throw new RuleViolation(
        'LEDGER',
        `session ${fact.data.session} of pair ${fact.data.pairId} is already scored: that is a correction`,
        'data.session',
      );
    }
    const linked = state.scoredFromBoards?.[key];
    if (linked) {
      throw new RuleViolation(
        'LEDGER',
        `session ${fact.data.session} of pair ${fact.data.pairId} is scored from the board results of ${linked.sessionStreamId} (pair ${linked.pairNumber}): a correction is a board-result fact there`,
        'data.session',
      );
    }
    const subs = state.substitutes[key] ?? [];
    const allowed = new Set([...pair!.players, ...subs.map((s) => s.substituteId)]);
    const stranger = fact.data.players.find((p) => !allowed.has(p));
    if (stranger) {
      throw new RuleViolation(
        'NZ-7',
        `${stranger} is neither in pair ${fact.data.pairId} nor its substitute at session ${fact.data.session}`,
        'data.players',
      );
    }
    const away = new Set(subs.map((s) => s.absentPlayerId));
    const replaced = fact.data.players.find((p) => away.has(p));
    if (replaced) {
      throw new RuleViolation(
        'NZ-7',
        `${replaced} was replaced by a substitute at this session`,
        'data.players',
      );
    }
    const across = sitOutMatchesOf(state, fact.data.session, fact.data.pairId);
    const matched = across.reduce((n, m) => n + m.rounds.length, 0);
    if (fact.data.sitOutRounds !== undefined && fact.data.sitOutRounds < matched) {
      throw new RuleViolation(
        'DSB-22.5',
        `pair ${fact.data.pairId} played ${matched} sit-out round(s) of session ${fact.data.session} against ${across.map((m) => m.opponentPairId).join(', ')}: it cannot have sat out ${fact.data.sitOutRounds}`,
        'data.sitOutRounds',
      );
    }
    const present = presentAt(state, fact.data.session);
    for (const p of fact.data.players) {
      const elsewhere = present.get(p);
      if (
        elsewhere &&
        elsewhere !== fact.data.pairId &&
        !crossLinked(state, fact.data.session, fact.data.pairId, elsewhere)
      ) {
        throw new RuleViolation(
          'NZ-7',
          `${p} already played for pair ${elsewhere} at this session`,
          'data.players',
        );
      }
    }
    const cross = crossResultViolation(state, fact.data);
    if (cross) throw cross;
    const named = shapeOf(c, options)?.result?.(fact.data, pair!.players, subs.length > 0);
    if (named) throw named;
  },
  SessionScoredFromBoards(fact, { state, c }) {
    const l = fact.data;
    if (state.boardLinks?.[sessionKey(l.session, l.sessionStreamId)]) {
      throw new RuleViolation(
        'LEDGER',
        `session ${l.session} is already linked to ${l.sessionStreamId}`,
        'data.sessionStreamId',
      );
    }
    const numbers = new Set<string>();
    const ids = new Set<string>();
    for (const [i, p] of l.pairs.entries()) {
      const at = `data.pairs[${i}]`;
      const entered = state.pairs[p.pairId];
      if (!entered) {
        throw new RuleViolation(
          'LEDGER',
          `pair ${p.pairId} has not entered ${c.competitionId}`,
          `${at}.pairId`,
        );
      }
      if (numbers.has(p.pairNumber)) {
        throw new RuleViolation(
          'LEDGER',
          `pair number ${p.pairNumber} is listed twice`,
          `${at}.pairNumber`,
        );
      }
      if (ids.has(p.pairId)) {
        throw new RuleViolation('LEDGER', `pair ${p.pairId} is listed twice`, `${at}.pairId`);
      }
      numbers.add(p.pairNumber);
      ids.add(p.pairId);
      const key = sessionKey(l.session, p.pairId);
      const recorded = resultOf(state, l.session, p.pairId);
      if (recorded) {
        throw new RuleViolation(
          'LEDGER',
          `session ${l.session} of pair ${p.pairId} already has a result (${recorded.source}): that is a correction`,
          `${at}.pairId`,
        );
      }
      const earlier = state.scoredFromBoards?.[key];
      if (earlier) {
        throw new RuleViolation(
          'LEDGER',
          `session ${l.session} of pair ${p.pairId} is already scored from ${earlier.sessionStreamId} (pair ${earlier.pairNumber})`,
          `${at}.pairId`,
        );
      }
      const cross = crossPartnerOf(state, l.session, p.pairId);
      if (cross !== undefined) {
        // Two pairs cannot share a pair number, and two numbers score differently.
        throw new RuleViolation(
          'NZ-6',
          `pair ${p.pairId} is cross-substituted with pair ${cross} at session ${l.session}: the one score counts for both pairs, record it as both pairs' SessionResultRecorded`,
          `${at}.pairId`,
        );
      }
      if (l.group !== undefined && entered.group !== undefined && entered.group !== l.group) {
        throw new RuleViolation(
          'DSB-5',
          `pair ${p.pairId} plays in group ${entered.group}, not ${l.group}`,
          `${at}.pairId`,
        );
      }
      if (p.players) {
        const subs = state.substitutes[key] ?? [];
        const allowed = new Set([...entered.players, ...subs.map((x) => x.substituteId)]);
        const away = new Set(subs.map((x) => x.absentPlayerId));
        const stranger = p.players.find((x) => !allowed.has(x) || away.has(x));
        if (stranger) {
          throw new RuleViolation(
            'NZ-7',
            `${stranger} did not play for pair ${p.pairId} at session ${l.session}`,
            `${at}.players`,
          );
        }
      }
    }
  },
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
function crossLinked(state: CompetitionState, session: number, a: string, b: string) {
  return [
    ...(state.substitutes[sessionKey(session, a)] ?? []),
    ...(state.substitutes[sessionKey(session, b)] ?? []),
  ].some((s) => (s.pairId === a && s.crossPairId === b) || (s.pairId === b && s.crossPairId === a));
}
