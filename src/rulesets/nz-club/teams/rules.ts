// The NZ club's teams rules, pure (RULES.md NZ-8 teams, NZ-11, NZ-12, NZ-14, NZ-15): numbers
// from the rulebook's `teams` group, each result with the rule and the reason behind it.
import { oldWbf25Scale } from '../../../scoring/vp';
import { ScoringInputError } from '../../../scoring/errors';
import { Fraction } from '../../../scoring/fraction';
import {
  BALLOT,
  placeByChain,
  type TieBallot,
  type TiePlacement,
  type TieStep,
  type TieWording,
} from '../../../scoring/tie-chain';
import { NzInputError } from '../standings/types';
import { NZ_TIE_STEPS, type NzTeamsParams, type NzTieStep } from './params';

const whole = (v: unknown, field: string, rule: string, min = 0) => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) {
    throw new NzInputError(rule, field, `must be a whole number ≥ ${min}, got ${String(v)}`);
  }
  return v;
};

/** The `teams` group as these rules read it: whole numbers, a chain of known steps. */
export function checkNzTeamsParams(p: NzTeamsParams): void {
  whole(p.substituteLimitPercent, 'teams.substituteLimitPercent', 'NZ-14');
  whole(p.playersPerSession, 'teams.playersPerSession', 'NZ-14', 1);
  whole(p.vpPerPenalisedSubstitute, 'teams.vpPerPenalisedSubstitute', 'NZ-15');
  whole(p.opponentsVpPerPenalisedSubstitute, 'teams.opponentsVpPerPenalisedSubstitute', 'NZ-15');
  if (!(p.minVp <= p.maxVp)) {
    throw new NzInputError(
      'NZ-15',
      'teams.maxVp',
      `must be at least minVp ${p.minVp}, got ${p.maxVp}`,
    );
  }
  if (!(p.defaultedToMinVp <= p.defaultedToMaxVp)) {
    throw new NzInputError(
      'NZ-11',
      'teams.defaultedToMaxVp',
      `must be at least defaultedToMinVp ${p.defaultedToMinVp}, got ${p.defaultedToMaxVp}`,
    );
  }
  whole(p.cPointsPerBoard, 'teams.cPointsPerBoard', 'NZ-8');
  whole(p.cPointsHalvedUnderBoards, 'teams.cPointsHalvedUnderBoards', 'NZ-8');
  for (const [boards, table] of Object.entries(p.vpTables)) {
    const field = `teams.vpTables.${boards}`;
    if (!/^[1-9]\d?$/.test(boards)) {
      throw new NzInputError(
        'STD-VP',
        field,
        'a table is keyed by its match length in boards, 1–99',
      );
    }
    try {
      oldWbf25Scale(Number(boards), table?.winnerFroms as number[], table?.loserFroms ?? []);
    } catch (e) {
      if (!(e instanceof ScoringInputError)) throw e;
      throw new NzInputError('STD-VP', `${field}.${e.field}`, e.reason);
    }
  }
  p.tieBreak.forEach((id, i) => {
    if (!(NZ_TIE_STEPS as readonly string[]).includes(id)) {
      throw new NzInputError(
        'NZ-12',
        `teams.tieBreak[${i}]`,
        `must be one of ${NZ_TIE_STEPS.join(', ')}, got '${id}'`,
      );
    }
  });
}

/** NZ-14: the most player-sessions substitutes may fill: percent of sessions × players, down. */
export function teamsSubstituteLimit(sessions: number, p: NzTeamsParams): number {
  whole(sessions, 'sessions', 'NZ-14', 1);
  return Math.floor((p.substituteLimitPercent * sessions * p.playersPerSession) / 100);
}

/** One side of a match as NZ-15 reads it: its VP and its penalised substitutes. */
export interface PenalisedSide {
  vp: number;
  /** Substitutes who were not club members, or Tuesday players in the penalty events. */
  penalised: number;
}

/**
 * NZ-15: each penalised substitute costs its team `vpPerPenalisedSubstitute` and gives the
 * opponents `opponentsVpPerPenalisedSubstitute`; a team's VP stays within minVp..maxVp. Applied
 * after the C points are determined (they read the VP before it).
 */
export function nz15Adjusted(
  home: PenalisedSide,
  away: PenalisedSide,
  p: NzTeamsParams,
): { home: number; away: number; because: string[] } {
  whole(home.penalised, 'home.penalised', 'NZ-15');
  whole(away.penalised, 'away.penalised', 'NZ-15');
  const one = (own: PenalisedSide, other: PenalisedSide) => {
    const raw =
      own.vp -
      p.vpPerPenalisedSubstitute * own.penalised +
      p.opponentsVpPerPenalisedSubstitute * other.penalised;
    return Math.min(p.maxVp, Math.max(p.minVp, raw));
  };
  const because: string[] = [];
  for (const [side, s] of [
    ['home', home],
    ['away', away],
  ] as const) {
    if (s.penalised > 0) {
      because.push(
        `NZ-15: ${side} fielded ${s.penalised} penalised substitute(s): −${p.vpPerPenalisedSubstitute * s.penalised} VP to ${side}, +${p.opponentsVpPerPenalisedSubstitute * s.penalised} VP to its opponents (within ${p.minVp}–${p.maxVp})`,
      );
    }
  }
  return { home: one(home, away), away: one(away, home), because };
}

/**
 * NZ-11 (Gladys Palmer Teams): the defaulting team scores `defaultingVp`; the team defaulted to
 * scores base + the opponents' handicap − its own, clamped to defaultedToMinVp..MaxVp.
 */
export function gladysPalmerDefault(
  defaultedTo: { handicap: number },
  defaulting: { handicap: number },
  p: NzTeamsParams,
): { defaultedTo: number; defaulting: number; because: string } {
  for (const [field, h] of [
    ['defaultedTo.handicap', defaultedTo.handicap],
    ['defaulting.handicap', defaulting.handicap],
  ] as const) {
    if (typeof h !== 'number' || !Number.isFinite(h)) {
      throw new NzInputError('NZ-11', field, `must be a number, got ${String(h)}`);
    }
  }
  const raw = p.defaultedToBaseVp + defaulting.handicap - defaultedTo.handicap;
  const vp = Math.min(p.defaultedToMaxVp, Math.max(p.defaultedToMinVp, raw));
  return {
    defaultedTo: vp,
    defaulting: p.defaultingVp,
    because: `NZ-11: ${p.defaultedToBaseVp} + ${defaulting.handicap} (the defaulting team's handicap) − ${defaultedTo.handicap} (its own) = ${raw}${raw === vp ? '' : `, within ${p.defaultedToMinVp}–${p.defaultedToMaxVp}: ${vp}`} VP; the defaulting team ${p.defaultingVp}`,
  };
}

/**
 * NZ-8 (teams): each player of the winning team gets `cPointsPerBoard` C per board of the match,
 * each player of both teams half that for a draw, all halved under `cPointsHalvedUnderBoards`
 * boards; read on the VP before NZ-15. Exact fractions (½ C is possible).
 */
export function teamsMatchCPoints(
  match: { boards: number; homeVp: number; awayVp: number },
  p: NzTeamsParams,
): { home: Fraction; away: Fraction; because: string } {
  whole(match.boards, 'boards', 'NZ-8', 1);
  const perBoard = Fraction.of(p.cPointsPerBoard);
  const full = perBoard.mulInt(match.boards);
  const award = match.boards < p.cPointsHalvedUnderBoards ? full.div(Fraction.of(2)) : full;
  const halved =
    match.boards < p.cPointsHalvedUnderBoards
      ? `, halved under ${p.cPointsHalvedUnderBoards} boards`
      : '';
  if (match.homeVp === match.awayVp) {
    const each = award.div(Fraction.of(2));
    return {
      home: each,
      away: each,
      because: `NZ-8: a draw over ${match.boards} boards: ${each.toString()} C to each player of both teams${halved}`,
    };
  }
  const homeWon = match.homeVp > match.awayVp;
  return {
    home: homeWon ? award : Fraction.of(0),
    away: homeWon ? Fraction.of(0) : award,
    because: `NZ-8: ${homeWon ? 'home' : 'away'} won over ${match.boards} boards: ${award.toString()} C to each of its players (${p.cPointsPerBoard} a board${halved})`,
  };
}

/** A match as the standings read it: the teams, their VP (after NZ-15) and IMPs. */
export interface TeamsMatch {
  home: string;
  away: string;
  homeVp: number;
  awayVp: number;
  homeImps: number;
  awayImps: number;
}

/** NZ-12's steps as the chain reads them, over the event's matches. */
function stepsOf(chain: readonly string[], matches: readonly TeamsMatch[]): TieStep[] {
  return chain.map((id, i) => {
    if (!(NZ_TIE_STEPS as readonly string[]).includes(id)) {
      throw new NzInputError(
        'NZ-12',
        `tieBreak[${i}]`,
        `must be one of ${NZ_TIE_STEPS.join(', ')}, got '${id}'`,
      );
    }
    return STEPS[id as NzTieStep](matches);
  });
}

/** How NZ-12's steps are told. */
const STEP_NAMES: Record<NzTieStep, string> = {
  'head-to-head-vp': 'VPs in their matches against each other',
  'head-to-head-imps': 'IMP difference in their matches against each other',
  'imp-quotient': 'IMP quotient (IMPs won ÷ IMPs lost, every match)',
};

const NZ_12: TieWording = {
  separated: (step, group, placed, shown) => ({
    rule: 'NZ-12',
    text: `level with ${group.filter((t) => t !== placed).join(', ')}: placed by ${STEP_NAMES[step.id as NzTieStep]}: ${shown}`,
  }),
  ballotDue: (group) => ({
    rule: 'NZ-12',
    text: `${group.join(', ')} level after every step: ranked equal, a ballot is due`,
  }),
  byBallot: (_team, i, group, ballot) => ({
    rule: 'NZ-12',
    text: `placed ${i + 1} of ${group.length} among ${group.join(', ')} by the recorded ballot (${ballot.order.join(', ')})`,
  }),
  rankedEqual: (group) => ({ rule: 'NZ-12', text: `${group.join(', ')} level after every step` }),
  show: (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2)),
};

const STEPS: Record<NzTieStep, (matches: readonly TeamsMatch[]) => TieStep> = {
  'head-to-head-vp': (matches) => ({
    id: 'head-to-head-vp',
    values: (group) => among(group, matches, (m, home) => (home ? m.homeVp : m.awayVp)),
  }),
  'head-to-head-imps': (matches) => ({
    id: 'head-to-head-imps',
    values: (group) =>
      among(group, matches, (m, home) =>
        home ? m.homeImps - m.awayImps : m.awayImps - m.homeImps,
      ),
  }),
  'imp-quotient': (matches) => ({
    id: 'imp-quotient',
    values: (group) => {
      const v = new Map<string, number>();
      for (const t of group) {
        let won = 0;
        let lost = 0;
        for (const m of matches) {
          const home = m.home === t;
          if (!home && m.away !== t) continue;
          won += home ? m.homeImps : m.awayImps;
          lost += home ? m.awayImps : m.homeImps;
        }
        v.set(t, lost === 0 ? (won === 0 ? 1 : Number.POSITIVE_INFINITY) : won / lost);
      }
      return v;
    },
  }),
};

function among(
  group: readonly string[],
  matches: readonly TeamsMatch[],
  side: (m: TeamsMatch, home: boolean) => number,
): Map<string, number> {
  const v = new Map(group.map((t) => [t, 0]));
  for (const m of matches) {
    if (!v.has(m.home) || !v.has(m.away)) continue;
    v.set(m.home, v.get(m.home)! + side(m, true));
    v.set(m.away, v.get(m.away)! + side(m, false));
  }
  return v;
}

/** A team's row: its VP total, place (shared when equal), and how the tie-break placed it. */
export interface TeamsRow {
  team: string;
  vp: number;
  place: number;
  placement: TiePlacement;
}

/**
 * NZ-12: the teams ranked by VP total, teams level placed by the rulebook's chain as a
 * mini-league (those still level restart it among themselves), then a recorded ballot.
 */
export function nzTeamsStandings(
  teams: readonly string[],
  matches: readonly TeamsMatch[],
  p: NzTeamsParams,
  ballots: readonly TieBallot[] = [],
): TeamsRow[] {
  const entered = new Set(teams);
  matches.forEach((m, i) => {
    for (const side of ['home', 'away'] as const) {
      if (!entered.has(m[side])) {
        throw new NzInputError('NZ-12', `matches[${i}].${side}`, `${m[side]} is not entered`);
      }
    }
    if (m.home === m.away) {
      throw new NzInputError('NZ-12', `matches[${i}].away`, `${m.away} cannot play itself`);
    }
  });
  const totals = new Map(teams.map((t) => [t, 0]));
  for (const m of matches) {
    totals.set(m.home, totals.get(m.home)! + m.homeVp);
    totals.set(m.away, totals.get(m.away)! + m.awayVp);
  }
  const rows: TeamsRow[] = [];
  let place = 1;
  for (const placement of placeByChain(
    totals,
    [...stepsOf(p.tieBreak, matches), BALLOT],
    ballots,
    NZ_12,
  )) {
    for (const team of placement.teams)
      rows.push({ team, vp: totals.get(team)!, place, placement });
    place += placement.teams.length;
  }
  return rows;
}

/** NZ-16: the director's adjustment of a team's handicap for a session, with the reason. */
export interface HandicapAdjustment {
  session: number;
  teamId: string;
  handicap: number;
  reason: string;
}

/**
 * NZ-16 (Gladys Palmer Teams): each team's handicap for a session: its entry's, or the
 * director's adjustment for that session (the latest recorded for it), with why. An adjustment
 * is for its session only: the next session reads the entry's again.
 */
export function handicapsInForce(
  entered: ReadonlyArray<{ teamId: string; handicap: number }>,
  adjustments: readonly HandicapAdjustment[],
  session: number,
): Map<string, { handicap: number; because: string }> {
  whole(session, 'session', 'NZ-16', 1);
  const out = new Map(
    entered.map((t) => [
      t.teamId,
      { handicap: t.handicap, because: `NZ-16: ${t.teamId}'s handicap as entered, ${t.handicap}` },
    ]),
  );
  adjustments.forEach((a, i) => {
    if (!out.has(a.teamId)) {
      throw new NzInputError('NZ-16', `adjustments[${i}].teamId`, `${a.teamId} is not entered`);
    }
    if (a.session !== session) return;
    out.set(a.teamId, {
      handicap: a.handicap,
      because: `NZ-16: ${a.teamId}'s handicap for session ${session} adjusted by the director to ${a.handicap}: ${a.reason}`,
    });
  });
  return out;
}

/** A substitute in a team's line-up for a match: who, and with whom they sat (their partner). */
export interface TeamSubstitute {
  player: string;
  /** The player they partnered at the table. */
  partner: string;
  /** Whether they are a Tuesday player (their home night, NZ-8a). */
  tuesdayPlayer: boolean;
}

/**
 * NZ-14, NZ-15: why a team's substitutes for a match cannot be taken, or undefined. NZ-14: the
 * event's substitutes (those before, `used`, and these) fill at most the limit of
 * player-sessions. NZ-15: two Tuesday players may substitute on the same night, not as a
 * partnership.
 */
export function substitutesRefusal(
  substitutes: readonly TeamSubstitute[],
  used: number,
  sessions: number,
  p: NzTeamsParams,
): { rule: string; field: string; reason: string } | undefined {
  const limit = teamsSubstituteLimit(sessions, p);
  if (used + substitutes.length > limit) {
    return {
      rule: 'NZ-14',
      field: `substitutes[${Math.max(0, limit - used)}]`,
      reason: `the team has had ${used} substitute player-session(s) of the ${limit} allowed over ${sessions} sessions (${p.substituteLimitPercent} % of ${sessions} × ${p.playersPerSession}, rounded down): ${substitutes.length} more is past the limit`,
    };
  }
  const tuesday = new Set(substitutes.filter((s) => s.tuesdayPlayer).map((s) => s.player));
  const i = substitutes.findIndex((s) => s.tuesdayPlayer && tuesday.has(s.partner));
  if (i >= 0) {
    return {
      rule: 'NZ-15',
      field: `substitutes[${i}].partner`,
      reason: `${substitutes[i]!.player} and ${substitutes[i]!.partner} are both Tuesday players substituting: they may play on the same night, not as a partnership`,
    };
  }
  return undefined;
}
