import type { LeagueFactData } from '../../../contexts/league/facts/league';
import {
  fixtureOf,
  ledger,
  notRecordedYet,
  playerOf,
} from '../../../contexts/league/domain/lookups';
import { RuleViolation } from '../../../kernel/rule-violation';
import { ScoringInputError } from '../../../scoring';
import type { MatchInput } from '../../../contexts/league/model';
import { scoreMatch } from '../match';
import type { LcbaParams } from '../preset';
import { addDays, resultFormOffences } from '../eligibility';
import type { Check } from './check';

/** The LCBA's rules on a league's matches: line-ups, results, forms, defaults (LCBA-4 to 8). */
export const MATCH_CHECKS: { [K in keyof LeagueFactData]?: Check<K> } = {
  MatchLineUpRecorded(d, state, params) {
    const f = fixtureOf(state, d.fixtureId);
    if (f.lineUp) throw ledger(`match ${d.fixtureId} has a line-up already`, 'data.fixtureId');
    if (f.playedOn && f.playedOn !== d.playedOn) {
      throw ledger(
        `match ${d.fixtureId} was played on ${f.playedOn}, as its result says`,
        'data.playedOn',
      );
    }
    if (f.unplayed) throw ledger(`match ${d.fixtureId} is recorded unplayed`, 'data.fixtureId');
    const above = params(d.playedOn).resultForm.boardsRecordedAbove;
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

  MatchResultRecorded(d, state, params) {
    const f = fixtureOf(state, d.fixtureId);
    notRecordedYet(f, d.fixtureId);
    if (f.playedOn && f.playedOn !== d.playedOn) {
      throw ledger(
        `match ${d.fixtureId} was played on ${f.playedOn}, as its line-up says`,
        'data.playedOn',
      );
    }
    const m = params(d.playedOn).match;
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
      scorable(d.result, m);
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
    scorable(d.result, m);
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

  MatchUnplayed(d, state, params) {
    const f = fixtureOf(state, d.fixtureId);
    notRecordedYet(f, d.fixtureId);
    checkUnplayed(d as unknown as Readonly<Record<string, unknown>>, params(d.on));
  },

  MatchRearranged(d, state) {
    fixtureOf(state, d.fixtureId);
    d.approvedPlayers?.forEach((p, i) => playerOf(state, p, `data.approvedPlayers[${i}]`));
  },

  SameDatePlayApproved(d, state) {
    playerOf(state, d.playerId, 'data.playerId');
    const [a, b] = d.fixtures.map((id, i) => fixtureOf(state, id, `data.fixtures[${i}]`));
    // LCBA-5.5 speaks of two matches "originally scheduled for the same date".
    if (a!.scheduled !== b!.scheduled) {
      throw new RuleViolation(
        'LCBA-5.5',
        `${d.fixtures[0]} was scheduled for ${a!.scheduled} and ${d.fixtures[1]} for ${b!.scheduled}: an approval is for two matches originally scheduled for one date`,
        'data.fixtures',
      );
    }
  },

  ResultFormOffenceRatified(d, state, params) {
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
    const p = params(d.ratifiedOn).resultForm;
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

/** What the LCBA asks of a match left unplayed beyond its schema (a correction's content too). */
export function checkUnplayed(d: Readonly<Record<string, unknown>>, params: LcbaParams): void {
  const minutes = d.incompleteMinutes;
  if (d.rule !== 'LCBA-7.5') {
    if (minutes !== undefined) {
      throw new RuleViolation(
        'LCBA-7.5',
        `only a withdrawal (rule LCBA-7.5) records how long the team was incomplete, not a match unplayed under ${String(d.rule)}`,
        'data.incompleteMinutes',
      );
    }
    return;
  }
  // LCBA-7.5: the non-offending team withdraws, so one side offends.
  if (d.offender === 'both') {
    throw new RuleViolation(
      'LCBA-7.5',
      'the non-offending team withdraws: one side offends, not both',
      'data.offender',
    );
  }
  // LCBA-7.5: "if the incompleteness exceeds 45 minutes", the option of withdrawing.
  const after = params.match.withdrawAfterMinutes;
  if (typeof minutes !== 'number') {
    throw new RuleViolation(
      'LCBA-7.5',
      `a withdrawal records how long the team was incomplete (incompleteMinutes): it may withdraw only once that exceeds ${after} minutes`,
      'data.incompleteMinutes',
    );
  }
  if (minutes <= after) {
    throw new RuleViolation(
      'LCBA-7.5',
      `the team was incomplete for ${minutes} minutes: the non-offending team may withdraw only once the incompleteness exceeds ${after} minutes`,
      'data.incompleteMinutes',
    );
  }
}

/**
 * Accepted means publishable: a result is scored here exactly as the division's table will
 * score it (LCBA-6.4, 6.7, 7.3 …), and what the table would refuse is refused now, naming the
 * field of the result.
 */
function scorable(result: unknown, params: LcbaParams['match']): void {
  try {
    scoreMatch(result as MatchInput, params);
  } catch (e) {
    if (!(e instanceof ScoringInputError)) throw e;
    throw new RuleViolation(e.rule, e.reason, e.field ? `data.result.${e.field}` : 'data.result');
  }
}
