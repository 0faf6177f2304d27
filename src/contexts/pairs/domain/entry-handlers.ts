// A competition's entries and results decided.
import { clubTime } from '../../../kernel/club-time';
import { RuleViolation } from '../../../kernel/rule-violation';
import { crossPartnerOf, crossResultViolation } from './cross-substitution';
import { resultSizeRefusal } from './format-shape';
import { presentAt, resultOf, sessionKey, sitOutMatchesOf, type CompetitionState } from './state';

import { shapeOf, type Handlers } from './handler-context';

/** The rules of a pair's entry, its partnership's players and its results (NZ-5 to NZ-7, DSB-3). */
export const ENTRY_HANDLERS: Pick<
  Handlers,
  'PairEntered' | 'PartnershipPlayersNamed' | 'SessionResultRecorded' | 'SessionScoredFromBoards'
> = {
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
    // A seat is one player's: the C points (NZ-8) and the visitor counts (NZ-10) read each
    // player once a session, so a result naming one player for two seats could not be published.
    const twice = fact.data.players.find((p, i) => fact.data.players.indexOf(p) !== i);
    if (twice !== undefined) {
      throw new RuleViolation(
        'LEDGER',
        `${twice} is named for two seats of pair ${fact.data.pairId}: a pair's players are different people`,
        `data.players[${fact.data.players.lastIndexOf(twice)}]`,
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
};

function crossLinked(state: CompetitionState, session: number, a: string, b: string) {
  return [
    ...(state.substitutes[sessionKey(session, a)] ?? []),
    ...(state.substitutes[sessionKey(session, b)] ?? []),
  ].some((s) => (s.pairId === a && s.crossPairId === b) || (s.pairId === b && s.crossPairId === a));
}
