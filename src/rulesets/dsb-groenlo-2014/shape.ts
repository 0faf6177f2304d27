import type { CompetitionCreated, SessionResultRecorded } from '../../contexts/pairs/domain/facts';
import type { FormatShape } from '../../contexts/pairs/domain/decide-options';
import { RuleViolation } from '../../kernel/rule-violation';
import type { DsbParams } from './preset';
import type { Params } from '../../rulebooks/rulebook';

/**
 * DSB-5: the groups a competition plays in are groups of the rulebook (`groups`, A–E), each
 * once: the DSB standings refuse any other (`groupIndex`).
 */
function groupsViolation(c: CompetitionCreated, p: DsbParams): RuleViolation | undefined {
  const groups = c.groups ?? [];
  const unknown = groups.find((g) => !p.groups.includes(g));
  if (unknown !== undefined) {
    return new RuleViolation(
      'DSB-5',
      `${unknown} is not a group of the rulebook (${p.groups.join(', ')}): its standings could never be scored`,
      'data.groups',
    );
  }
  const twice = groups.find((g, i) => groups.indexOf(g) !== i);
  if (twice !== undefined) {
    return new RuleViolation('DSB-5', `group ${twice} is given twice`, 'data.groups');
  }
  return undefined;
}

/** DSB-3 (`validateMembers`): a pair has `pairs.minMembers` to `maxMembers` players. */
function membersViolation(p: DsbParams, players: readonly string[]): RuleViolation | undefined {
  const { minMembers, maxMembers } = p.pairs;
  if (players.length >= minMembers && players.length <= maxMembers) return undefined;
  return new RuleViolation(
    'DSB-3',
    `a pair has ${minMembers} (a pair) to ${maxMembers} (a partnership) players, got ${players.length}`,
    'data.players',
  );
}

/**
 * DSB-3 / DSB-10.1 (`validateEntry`): a partnership's result names the two members who played;
 * a result with a substitute names the one member who played with the substitute.
 */
function resultViolation(
  p: DsbParams,
  r: SessionResultRecorded,
  members: readonly string[],
  substituted: boolean,
): RuleViolation | undefined {
  const partnership = members.length > p.pairs.minMembers;
  if (!partnership && !substituted) return undefined;
  const needed = substituted ? 1 : 2;
  const named = r.players.filter((x) => members.includes(x));
  if (named.length === needed) return undefined;
  return new RuleViolation(
    substituted ? 'DSB-10.1' : 'DSB-3',
    substituted
      ? `a result with a substitute names one member of the pair (${members.join(', ')}) beside the substitute, got ${r.players.join(', ')}`
      : `a partnership's result names two of its members (${members.join(', ')}), got ${r.players.join(', ')}`,
    'data.players',
  );
}

/**
 * What the DSB standings need of a competition, under the dsb-groenlo-2014 parameters in
 * force (src/rulesets/dsb-groenlo-2014/standings/validate.ts, top-integral.ts):
 * - DSB-4: a pairs competition has at most `pairsCompetition.sessions` sessions, and a pair
 *   plays at most `rounds × boardsPerRound` boards of one (DSB-7);
 * - DSB-5: its groups are the rulebook's;
 * - DSB-3: a pair has `pairs.minMembers` to `maxMembers` players;
 * - DSB-12.1: a top-integral has at least `topIntegral.minSessions` sessions, and a pair plays
 *   at most its `rounds × boardsPerRound` boards of one (DSB-12.2); DSB-12.2: its draw seeds
 *   the field, every pair once, so no pair enters after a draw;
 * - DSB-3 / DSB-10.1: a result names the members who played (two of a partnership, one beside
 *   a substitute);
 * - DSB-9.1: an absence is judged against the session's day, so a scored session keeps it;
 * - DSB-16a: a butler competition has at most `butler.sessions` sessions, each scored from a
 *   butler session (STD-BUTLER), a pair playing at most its rounds × boards a round.
 */
export function dsbShapes(params: Params): Readonly<Record<string, FormatShape>> {
  const p = params as unknown as DsbParams;
  const pc = p.pairsCompetition;
  const ti = p.topIntegral;
  return {
    'dsb-pairs': {
      created(c) {
        if (c.sessions.length > pc.sessions) {
          return new RuleViolation(
            'DSB-4',
            `a pairs competition has at most ${pc.sessions} sessions, got ${c.sessions.length}: its standings could never be scored`,
            'data.sessions',
          );
        }
        return groupsViolation(c, p);
      },
      pair: (players) => membersViolation(p, players),
      result: (r, members, substituted) => resultViolation(p, r, members, substituted),
      maxBoardsPlayed: { boards: pc.rounds * pc.boardsPerRound, rule: 'DSB-7' },
      sessionDay: 'DSB-9.1',
    },
    'dsb-top-integral': {
      created(c) {
        if (c.sessions.length < ti.minSessions) {
          return new RuleViolation(
            'DSB-12.1',
            `a top-integral has at least ${ti.minSessions} sessions, got ${c.sessions.length}: its standings could never be scored`,
            'data.sessions',
          );
        }
        return groupsViolation(c, p);
      },
      pair: (players) => membersViolation(p, players),
      entry(pairId, drawn) {
        if (drawn.length === 0) return undefined;
        // The draw seeds the field: every pair once (DSB-12.2), so none can enter after it.
        return new RuleViolation(
          'DSB-12.2',
          `session ${drawn[0]} has been drawn without pair ${pairId}: a draw lists every pair of the field, none can enter after it`,
          'data.pairId',
        );
      },
      maxBoardsPlayed: { boards: ti.rounds * ti.boardsPerRound, rule: 'DSB-12.2' },
      sessionDay: 'DSB-9.1',
    },
    'dsb-butler': {
      created(c) {
        if (c.sessions.length > p.butler.sessions) {
          return new RuleViolation(
            'DSB-16a',
            `a butler competition has at most ${p.butler.sessions} sessions (one after each pairs competition), got ${c.sessions.length}: its standings could never be scored`,
            'data.sessions',
          );
        }
        return groupsViolation(c, p);
      },
      pair: (players) => membersViolation(p, players),
      scoringMethod: 'BUTLER',
      entriesFrom: { formats: ['dsb-pairs'], rule: 'DSB-16a' },
      maxBoardsPlayed: {
        boards: p.butler.roundsPerSession * p.butler.boardsPerRound,
        rule: 'DSB-16a',
      },
    },
  };
}
