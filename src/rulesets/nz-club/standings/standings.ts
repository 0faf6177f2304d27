/**
 * The standings of the NZ club's pairs and individual events (RULES.md NZ-1 … NZ-6, NZ-8h,
 * NZ-9): given each competitor's session scores, the counted scores, penalties, total,
 * qualification and place — and an explanation of each.
 */
import type { NzClubParams } from '../preset';
import { type Candidate, type CountedChoice, chooseCounted, countAll } from './counted';
import {
  formatHundredths,
  oneBoardPenalty,
  percentToHundredths,
  substitutePenalty,
} from './percent';
import {
  regularPartnershipVerdict,
  substituteLimitVerdict,
  wellesleyVerdict,
} from './qualification';
import {
  NIGHTS,
  NZ_EVENT_KINDS,
  type NzEntry,
  type NzEventSpec,
  type NzExplain,
  NzInputError,
  type NzSessionLine,
  type NzSessionScore,
  type NzStanding,
  type NzVerdict,
  ONE_BOARD_REASONS,
  type OneBoardReason,
} from './types';

/** How an event counts its scores, from its kind and the rulebook. */
export interface NzEventShape {
  kind: NzEventSpec['kind'];
  sessions: number;
  /** The rule that says which scores count (NZ-1 or NZ-2). */
  rule: string;
  /** 'best': the best `maxCounted` with at most `maxSubstitutes` substitute scores; 'all'. */
  mode: 'best' | 'all';
  maxCounted: number;
  maxSubstitutes: number;
  individual: boolean;
}

/** NZ-1 / NZ-2: the shape of an event. */
export function eventShape(event: NzEventSpec, params: NzClubParams): NzEventShape {
  const { kind } = event;
  if (!NZ_EVENT_KINDS.includes(kind)) {
    throw new NzInputError(
      'NZ-1',
      'event.kind',
      `must be one of ${NZ_EVENT_KINDS.join(', ')}, got '${kind}'`,
    );
  }
  const fixed = (rule: string, sessions: number): number => {
    if (event.sessions !== undefined && event.sessions !== sessions) {
      throw new NzInputError(
        rule,
        'event.sessions',
        `the ${kind} has ${sessions} sessions, got ${event.sessions}`,
      );
    }
    return sessions;
  };
  const given = (rule: string, allowed?: number[]): number => {
    const s = event.sessions;
    if (s === undefined || !Number.isInteger(s) || s < 1 || (allowed && !allowed.includes(s))) {
      throw new NzInputError(
        rule,
        'event.sessions',
        `must be ${allowed ? allowed.join(' or ') : 'a positive integer'} for the ${kind}, got ${s}`,
      );
    }
    return s;
  };
  const countAll = (sessions: number, individual: boolean): NzEventShape => ({
    kind,
    sessions,
    rule: 'NZ-2',
    mode: 'all',
    maxCounted: sessions,
    maxSubstitutes: sessions,
    individual,
  });
  if (params.tenSession.events.includes(kind)) {
    const t = params.tenSession;
    return {
      kind,
      sessions: fixed('NZ-1', t.sessions),
      rule: 'NZ-1',
      mode: 'best',
      maxCounted: t.counted,
      maxSubstitutes: t.maxSubstituteScoresCounted,
      individual: false,
    };
  }
  switch (kind) {
    case 'random-draw-individual': {
      const sessions = given('NZ-2');
      return {
        kind,
        sessions,
        rule: 'NZ-2',
        mode: 'best',
        maxCounted: params.randomDrawIndividualBestOf,
        maxSubstitutes: 0,
        individual: true,
      };
    }
    // NZ-2: every score counts (substitute scores too, penalised by NZ-4).
    case 'wilkinson-individual':
      return countAll(fixed('NZ-2', params.wilkinson.nights), true);
    case 'wellesley-pairs':
      return countAll(fixed('NZ-2', params.wellesley.nights), false);
    case 'short-pairs':
      return countAll(given('NZ-2', params.shortPairs.sessionCounts), false);
    default:
      throw new NzInputError(
        'NZ-1',
        'event.kind',
        `'${kind}' is not a ten-session event in this rulebook (tenSession.events)`,
      );
  }
}

function validateScores(entry: NzEntry, shape: NzEventShape): void {
  const rule = shape.rule;
  const at = (i: number, f: string) => `${entry.competitor}.scores[${i}].${f}`;
  const seen = new Map<number, number>();
  entry.scores.forEach((s, i) => {
    if (!Number.isInteger(s.session) || s.session < 1) {
      throw new NzInputError(
        rule,
        at(i, 'session'),
        `must be a positive integer, got ${s.session}`,
      );
    }
    if (s.session > shape.sessions) {
      throw new NzInputError(
        rule,
        at(i, 'session'),
        `is ${s.session}, more sessions than the ${shape.sessions} of the ${shape.kind}`,
      );
    }
    const before = seen.get(s.session);
    if (before !== undefined) {
      throw new NzInputError(
        rule,
        at(i, 'session'),
        `repeats session ${s.session} (also scores[${before}])`,
      );
    }
    seen.set(s.session, i);
    if (!Number.isInteger(s.percentage) || s.percentage < 0 || s.percentage > 10000) {
      throw new NzInputError(
        rule,
        at(i, 'percentage'),
        `must be integer hundredths of a percent in 0..10000 (0–100 %), got ${s.percentage}`,
      );
    }
    if (!Number.isInteger(s.boardsPlayed) || s.boardsPlayed < 1) {
      throw new NzInputError(
        'NZ-5',
        at(i, 'boardsPlayed'),
        `must be a positive integer, got ${s.boardsPlayed}`,
      );
    }
    if (shape.individual && (s.substitute || s.crossSubstitutionWith !== undefined)) {
      throw new NzInputError(
        'NZ-3',
        at(i, 'substitute'),
        `a ${shape.kind} is an individual event: no substitutes`,
      );
    }
    if (s.crossSubstitutionWith !== undefined && s.substitute === false) {
      throw new NzInputError(
        'NZ-6',
        at(i, 'substitute'),
        'a cross-substitution score is a substitute score',
      );
    }
    for (const r of s.oneBoardPenalties ?? []) {
      if (!ONE_BOARD_REASONS.includes(r)) {
        throw new NzInputError(
          'NZ-5',
          at(i, 'oneBoardPenalties'),
          `unknown reason '${r}' (${ONE_BOARD_REASONS.join(', ')})`,
        );
      }
    }
  });
}

const isSub = (s: NzSessionScore): boolean =>
  s.substitute === true || s.crossSubstitutionWith !== undefined;

const reasonText: Record<OneBoardReason, string> = {
  'partner-non-member': 'partnering a non-club member',
  'tuesday-player': 'a Tuesday player',
};

/**
 * One competitor's standing, unranked (`place` null until `rankStandings`). `qualifies` is
 * decided here (NZ-1 regular partnership, NZ-3, NZ-9, and the given verdicts).
 */
export function nzStanding(
  event: NzEventSpec,
  entry: NzEntry,
  params: NzClubParams,
  /**
   * The rules in force on a session's day, for what is decided per session (the NZ-5 one-board
   * penalty, the NZ-8h handicap). Default: `params`. NZ-1 … NZ-4 and NZ-9 follow `params`, the
   * rules at the end of the event.
   */
  paramsOn: (session: number) => NzClubParams = () => params,
): NzStanding {
  const shape = eventShape(event, params);
  validateScores(entry, shape);
  const explain: NzExplain[] = [];
  const penalty = (n: number) => substitutePenalty(n, params);

  // NZ-8h: the Wilkinson handicap of a Monday or Wednesday player, under each session's rules.
  const night = entry.homeNights?.[0];
  if (shape.kind === 'wilkinson-individual' && (!night || !NIGHTS.includes(night))) {
    throw new NzInputError(
      'NZ-8h',
      `${entry.competitor}.homeNights`,
      `must give the player's home night for the Wilkinson Individual`,
    );
  }
  const handicapOn = (rules: NzClubParams) =>
    shape.kind === 'wilkinson-individual' && rules.wilkinsonHandicapNights.includes(night!)
      ? percentToHundredths(rules.wilkinsonHandicapPercent, 'NZ-8h', 'wilkinsonHandicapPercent')
      : 0;

  const byNumber = new Map(entry.scores.map((s) => [s.session, s]));
  const candidates: Candidate[] = [];
  const lines: NzSessionLine[] = [];
  for (let n = 1; n <= shape.sessions; n++) {
    const s = byNumber.get(n);
    if (!s) {
      lines.push({
        session: n,
        played: false,
        substitute: false,
        raw: 0,
        beforeSubstitutePenalty: 0,
        score: 0,
        counted: false,
      });
      continue;
    }
    let value = s.percentage;
    const rules = paramsOn(n);
    const handicap = handicapOn(rules);
    // NZ-5: one full board, in the events the rulebook names for each reason.
    const reasons = [...new Set(s.oneBoardPenalties ?? [])];
    const events = (r: OneBoardReason) =>
      r === 'partner-non-member'
        ? rules.oneBoardPenalty.nonMemberPartnerEvents
        : rules.oneBoardPenalty.tuesdayPlayerEvents;
    const applied = reasons.filter((r) => events(r).includes(shape.kind));
    for (const r of reasons.filter((r) => !applied.includes(r))) {
      explain.push({
        rule: 'NZ-5',
        session: n,
        effect: `no one-board penalty for ${reasonText[r]} in the ${shape.kind}`,
      });
    }
    const times = rules.oneBoardPenalty.perReason ? applied.length : Math.min(applied.length, 1);
    if (times > 0) {
      const p = oneBoardPenalty(s.boardsPlayed, rules) * times;
      value -= p;
      explain.push({
        rule: 'NZ-5',
        session: n,
        effect: `one-board penalty (${applied.map((r) => reasonText[r]).join('; ')}): ${rules.oneBoardPenalty.boards} of ${s.boardsPlayed} boards = −${formatHundredths(p)} %`,
        amount: -p,
      });
    }
    if (handicap) {
      value += handicap;
      explain.push({
        rule: 'NZ-8h',
        session: n,
        effect: `Wilkinson handicap of a ${entry.homeNights![0]} player: +${formatHundredths(handicap)} %`,
        amount: handicap,
      });
    }
    const substitute = isSub(s);
    if (s.crossSubstitutionWith !== undefined) {
      explain.push({
        rule: 'NZ-6',
        session: n,
        effect: `cross-substitution with ${s.crossSubstitutionWith}: the score counts for both pairs as a substitute score`,
      });
    }
    candidates.push({ session: n, value, substitute });
    lines.push({
      session: n,
      played: true,
      substitute,
      raw: s.percentage,
      beforeSubstitutePenalty: value,
      score: value,
      counted: false,
    });
  }

  // NZ-1 / NZ-2 with NZ-4: the counted set.
  const choice: CountedChoice =
    shape.mode === 'best'
      ? chooseCounted(candidates, shape.maxCounted, shape.maxSubstitutes, penalty)
      : countAll(candidates, penalty);
  const counted = new Set(choice.counted);
  const countedSubs = choice.substituteNumbers.size;
  const played = candidates.length;
  const dropped: number[] = [];
  const notPlayed: number[] = [];
  for (const line of lines) {
    const n = line.session;
    if (!line.played) {
      notPlayed.push(n);
      explain.push({ rule: shape.rule, session: n, effect: 'not played: scores 0' });
      continue;
    }
    if (counted.has(n)) {
      line.counted = true;
      const k = choice.substituteNumbers.get(n);
      if (k !== undefined) {
        const p = penalty(k);
        line.substituteNumber = k;
        line.score -= p;
        explain.push({
          rule: 'NZ-4',
          session: n,
          effect: `the ${ordinalWord(k)} counted substitute score: −${formatHundredths(p)} %`,
          amount: -p,
        });
      }
      explain.push({
        rule: shape.rule,
        session: n,
        effect: `counted: ${formatHundredths(line.score)} %`,
      });
      continue;
    }
    dropped.push(n);
    let why: string;
    if (line.substitute && countedSubs >= shape.maxSubstitutes) {
      why = `not counted: at most ${shape.maxSubstitutes} substitute scores count`;
    } else if (choice.counted.length >= shape.maxCounted) {
      why =
        played === shape.sessions && played - shape.maxCounted === 1
          ? `dropped: the lowest score after penalties (all ${shape.sessions} sessions played)`
          : `dropped: not among the best ${shape.maxCounted} after penalties`;
    } else {
      why = 'not counted: counting it would lower the total after penalties';
    }
    explain.push({
      rule: shape.rule,
      session: n,
      effect: `${why} (${formatHundredths(line.beforeSubstitutePenalty)} % before any substitute penalty)`,
    });
  }

  // Qualification.
  const verdicts: NzVerdict[] = [];
  if (!shape.individual) {
    const subs = lines.filter((l) => l.substitute).length;
    if (shape.rule === 'NZ-1')
      verdicts.push(regularPartnershipVerdict(entry.competitor, played - subs, params));
    verdicts.push(substituteLimitVerdict(entry.competitor, subs, shape.sessions, params));
  }
  if (shape.kind === 'wellesley-pairs')
    verdicts.push(wellesleyVerdict(entry.competitor, entry.homeNights, params));
  verdicts.push(...(entry.verdicts ?? []));
  for (const v of verdicts) {
    explain.push({
      rule: v.rule,
      effect: `${v.scope}${v.subject === entry.competitor ? '' : ` (${v.subject})`}: ${v.ok ? 'ok' : 'no'} — ${v.reason}`,
    });
  }
  const qualifies = verdicts.every((v) => v.scope !== 'event' || v.ok);
  if (!qualifies)
    explain.push({
      rule: verdicts.find((v) => v.scope === 'event' && !v.ok)!.rule,
      effect: 'does not qualify: listed, not placed',
    });
  const total = choice.total;
  explain.push({
    rule: shape.rule,
    effect: `total of ${choice.counted.length} counted score(s)${notPlayed.length && shape.mode === 'all' ? ' and the sessions not played (0)' : ''}: ${formatHundredths(total)} %`,
    amount: total,
  });

  return {
    competitor: entry.competitor,
    place: null,
    qualifies,
    total,
    counted: choice.counted,
    dropped,
    notPlayed,
    sessions: lines,
    explain,
  };
}

function ordinalWord(n: number): string {
  return ['1st', '2nd', '3rd'][n - 1] ?? `${n}th`;
}

/**
 * Ranking: qualifying competitors by total, descending, ties sharing a place ("1224"); then the
 * competitors who do not qualify, by total, unplaced. Equal totals are listed by competitor id.
 */
export function rankStandings(rows: readonly NzStanding[]): NzStanding[] {
  const order = (a: NzStanding, b: NzStanding) =>
    b.total - a.total || (a.competitor < b.competitor ? -1 : a.competitor > b.competitor ? 1 : 0);
  const placed = rows.filter((r) => r.qualifies).sort(order);
  const unplaced = rows.filter((r) => !r.qualifies).sort(order);
  const out = placed.map((r, i) => ({ ...r, place: i + 1 }));
  for (let i = 1; i < out.length; i++)
    if (out[i]!.total === out[i - 1]!.total) out[i]!.place = out[i - 1]!.place;
  return [...out, ...unplaced.map((r) => ({ ...r, place: null }))];
}

/**
 * The standings of an event: every entry's standing, ranked. Checks across entries: competitor
 * ids are unique, and an NZ-6 cross-substitution score appears, equal, in both pairs.
 */
export function nzStandings(
  event: NzEventSpec,
  entries: readonly NzEntry[],
  params: NzClubParams,
  /** The rules in force on each session's day (NZ-5, NZ-8h); default `params`. */
  paramsOn?: (session: number) => NzClubParams,
): NzStanding[] {
  const byId = new Map<string, NzEntry>();
  entries.forEach((e, i) => {
    if (byId.has(e.competitor)) {
      throw new NzInputError('NZ-1', `entries[${i}].competitor`, `repeats '${e.competitor}'`);
    }
    byId.set(e.competitor, e);
  });
  for (const e of entries) {
    e.scores.forEach((s, i) => {
      if (s.crossSubstitutionWith === undefined) return;
      const other = byId.get(s.crossSubstitutionWith);
      const mirror = other?.scores.find((o) => o.session === s.session);
      if (
        other &&
        (!mirror ||
          mirror.crossSubstitutionWith !== e.competitor ||
          mirror.percentage !== s.percentage ||
          mirror.boardsPlayed !== s.boardsPlayed)
      ) {
        throw new NzInputError(
          'NZ-6',
          `${e.competitor}.scores[${i}].crossSubstitutionWith`,
          `${s.crossSubstitutionWith} must have the same score for session ${s.session}, marked as a cross-substitution with ${e.competitor}`,
        );
      }
    });
  }
  return rankStandings(entries.map((e) => nzStanding(event, e, params, paramsOn)));
}

/**
 * NZ-6: when one member of each of two pairs needs a substitute, the remaining members play
 * together; the one score counts for both pairs as a substitute score. Returns the score as each
 * pair records it.
 */
export function crossSubstitution(
  score: Omit<NzSessionScore, 'substitute' | 'crossSubstitutionWith'>,
  pairA: string,
  pairB: string,
): [NzSessionScore, NzSessionScore] {
  return [
    { ...score, substitute: true, crossSubstitutionWith: pairB },
    { ...score, substitute: true, crossSubstitutionWith: pairA },
  ];
}
