/**
 * NZ-8 C points of one club session: the places of the session AFTER the NZ-5 one-board
 * penalty, per field (direction), turned into C points by the rulebook's award table
 * (`cPoints`, a setting: RULES.md NZ-8 "the award table is a setting"), and given to each
 * player whose NZ-8 a–d verdict for C points is ok. Exact arithmetic: shares of tied places
 * are fractions; the only rounding is each player's session award (`cPoints.rounding`).
 */
import type { NzClubParams } from '../preset';
import { Fraction } from '../../../scoring/fraction';
import { formatHundredths } from './percent';
import {
  NZ_EVENT_KINDS,
  NzInputError,
  type NzEventKind,
  type NzExplain,
  type NzVerdict,
} from './types';

/** A player who sat down for a competitor in the session, with their verdicts of the session. */
export interface CPointsPlayer {
  id: string;
  /**
   * The NZ-8 (a–d, c for guests and visitors) verdicts with scope 'c-points' decide; at least
   * one is required. Verdicts of other scopes are explained only: event qualification (NZ-8f/g)
   * and permission to play (NZ-8e, NZ-10) are not C-point eligibility (reading).
   */
  verdicts: NzVerdict[];
}

export interface CPointsCompetitor {
  /** The pair (or, in an individual event, the player). */
  competitor: string;
  /** The session score after the NZ-5 penalty (and the NZ-8h handicap), hundredths. */
  score: number;
  /** The NZ-5 penalty already taken off `score`, hundredths (positive), for the explanation. */
  oneBoardPenalty?: number;
  /** The field (direction) the competitor was placed in: 'NS' or 'EW'; absent: one field. */
  field?: string;
  players: CPointsPlayer[];
}

export interface CPointsSessionInput {
  kind: NzEventKind;
  session: number;
  competitors: CPointsCompetitor[];
}

export interface CPointsField {
  /** 'NS', 'EW', or 'ALL' when the session is one field. */
  field: string;
  /** Competitors placed in it. */
  size: number;
  /** How many places earn C points (the top `awardedFraction`, at least 1). */
  places: number;
  /** The C points of each of those places, exact ("40", "80/3", …). */
  points: string[];
}

export interface CPointsAward {
  player: string;
  competitor: string;
  field: string;
  /** Competition place ("1224") in the field, after NZ-5. */
  place: number;
  /** The score placed on, hundredths. */
  score: number;
  /** The C points awarded, after `cPoints.rounding` ("27"; a fraction with 'none'). */
  points: string;
  /** The exact share before rounding ("80/3"). */
  exact: string;
  explain: NzExplain[];
}

export interface CPointsSession {
  session: number;
  fields: CPointsField[];
  /** Every player who sat down, by field, place and player id; 0 C points included. */
  awards: CPointsAward[];
}

const PLACES_ROUNDING = ['down', 'up'];
const SCALES = ['linear', 'table'];
const ROUNDINGS = ['half-up', 'down', 'up', 'none'];

/** `cPoints.awardedFraction` ('1/3', '0.25') as an exact fraction in (0, 1]; refused otherwise. */
function awardedFraction(value: string): Fraction {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const d = /^\s*(\d+)(?:\.(\d{1,6}))?\s*$/.exec(value);
  const f = m
    ? Number(m[2]) > 0
      ? Fraction.of(Number(m[1]), Number(m[2]))
      : undefined
    : d
      ? Fraction.of(Number(`${d[1]}${d[2] ?? ''}`), 10 ** (d[2]?.length ?? 0))
      : undefined;
  if (!f || f.compare(Fraction.ZERO) <= 0 || f.compare(Fraction.of(1)) > 0) {
    throw new NzInputError(
      'NZ-8',
      'cPoints.awardedFraction',
      `must be a fraction of the field in (0, 1] such as '1/3', got '${value}'`,
    );
  }
  return f;
}

const oneOf = (field: string, value: string, allowed: string[]) => {
  if (!allowed.includes(value)) {
    throw new NzInputError(
      'NZ-8',
      field,
      `must be ${allowed.map((a) => `'${a}'`).join(', ')}, got '${value}'`,
    );
  }
};

const wholeNonNegative = (field: string, v: unknown) => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new NzInputError('NZ-8', field, `must be a whole number of C points >= 0, got ${v}`);
  }
};

/** Checks the award table's parameters; a wrong value is refused, naming it. */
export function checkCPointsParams(params: NzClubParams): void {
  const c = params.cPoints;
  if (!c) throw new NzInputError('NZ-8', 'cPoints', 'the rulebook has no C-point award table');
  c.events.forEach((e, i) => {
    if (!NZ_EVENT_KINDS.includes(e as NzEventKind)) {
      throw new NzInputError(
        'NZ-8',
        `cPoints.events[${i}]`,
        `must be one of ${NZ_EVENT_KINDS.join(', ')}, got '${e}'`,
      );
    }
  });
  wholeNonNegative('cPoints.top', c.top);
  awardedFraction(c.awardedFraction);
  oneOf('cPoints.placesRounding', c.placesRounding, PLACES_ROUNDING);
  oneOf('cPoints.scale', c.scale, SCALES);
  c.table.forEach((v, i) => wholeNonNegative(`cPoints.table[${i}]`, v));
  if (c.scale === 'table' && c.table.length === 0) {
    throw new NzInputError(
      'NZ-8',
      'cPoints.table',
      "must list the places' C points when scale is 'table'",
    );
  }
  oneOf('cPoints.rounding', c.rounding, ROUNDINGS);
}

/**
 * How many places of a field of `size` earn C points: size × awardedFraction, rounded down
 * (or up), at least 1 ("the top pair … gets 40 C" in any field), at most the field.
 */
export function cPointPlaces(size: number, params: NzClubParams): number {
  if (size <= 0) return 0;
  const f = awardedFraction(params.cPoints.awardedFraction).mulInt(size);
  const down = Number(f.num / f.den);
  const k = params.cPoints.placesRounding === 'up' && f.den !== 1n ? down + 1 : down;
  return Math.min(size, Math.max(1, k));
}

/** The exact C points of places 1 … k of a field of `size` (the award table). */
export function cPointScale(size: number, params: NzClubParams): Fraction[] {
  const k = cPointPlaces(size, params);
  const { top, scale, table } = params.cPoints;
  return Array.from({ length: k }, (_, i) =>
    scale === 'table' ? Fraction.of(table[i] ?? 0) : Fraction.of(top * (k - i), k),
  );
}

function rounded(f: Fraction, rounding: string): Fraction {
  switch (rounding) {
    case 'half-up':
      return Fraction.of(f.roundToInteger());
    case 'down':
      return Fraction.of(f.num / f.den);
    case 'up':
      return Fraction.of((f.num + f.den - 1n) / f.den);
    default:
      return f;
  }
}

const ordinal = (n: number): string =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

const range = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);

/**
 * The C points of one session. Places are competition places ("1224") on the score after NZ-5
 * in each field; every competitor with a score is placed, eligible or not, and a player who does
 * not qualify simply gets none (the points are not passed down: reading). Tied competitors share
 * the points of the places they tie for equally. Each player of a competitor gets its points.
 */
export function cPointsOfSession(input: CPointsSessionInput, params: NzClubParams): CPointsSession {
  checkCPointsParams(params);
  if (!Number.isSafeInteger(input.session) || input.session < 1) {
    throw new NzInputError(
      'NZ-8',
      'session',
      `must be a session number >= 1, got ${input.session}`,
    );
  }
  const seen = new Map<string, string>();
  input.competitors.forEach((c, i) => {
    if (!Number.isSafeInteger(c.score)) {
      throw new NzInputError(
        'NZ-8',
        `competitors[${i}].score`,
        `must be integer hundredths, got ${c.score}`,
      );
    }
    if (c.field !== undefined && c.field !== 'NS' && c.field !== 'EW') {
      throw new NzInputError(
        'NZ-8',
        `competitors[${i}].field`,
        `must be 'NS' or 'EW', got '${c.field}'`,
      );
    }
    if (seen.has(`competitor:${c.competitor}`)) {
      throw new NzInputError('NZ-8', `competitors[${i}].competitor`, `repeats '${c.competitor}'`);
    }
    seen.set(`competitor:${c.competitor}`, c.competitor);
    c.players.forEach((p, j) => {
      const field = `competitors[${i}].players[${j}]`;
      const other = seen.get(`player:${p.id}`);
      if (other !== undefined) {
        throw new NzInputError(
          'NZ-8',
          `${field}.id`,
          `${p.id} also sat down for ${other} in session ${input.session}`,
        );
      }
      seen.set(`player:${p.id}`, c.competitor);
      if (!p.verdicts.some((v) => v.scope === 'c-points')) {
        throw new NzInputError(
          'NZ-8',
          `${field}.verdicts`,
          `must give ${p.id}'s C-point verdict for the session`,
        );
      }
    });
  });

  const awarding = params.cPoints.events.includes(input.kind);
  const byField = new Map<string, CPointsCompetitor[]>();
  for (const c of input.competitors) {
    const f = c.field ?? 'ALL';
    byField.set(f, [...(byField.get(f) ?? []), c]);
  }
  const fields: CPointsField[] = [];
  const awards: CPointsAward[] = [];
  for (const field of [...byField.keys()].sort()) {
    const list = [...byField.get(field)!].sort(
      (a, b) => b.score - a.score || a.competitor.localeCompare(b.competitor),
    );
    const scale = awarding ? cPointScale(list.length, params) : [];
    fields.push({
      field,
      size: list.length,
      places: scale.length,
      points: scale.map((p) => p.toString()),
    });
    const where = field === 'ALL' ? 'the session (one field)' : field;
    for (let i = 0; i < list.length;) {
      let j = i;
      while (j + 1 < list.length && list[j + 1]!.score === list[i]!.score) j++;
      const place = i + 1;
      const shared = j - i + 1;
      const pool = scale.slice(i, j + 1).reduce((s, p) => s.add(p), Fraction.ZERO);
      const share = pool.div(Fraction.of(shared));
      for (const c of list.slice(i, j + 1)) {
        const ties = list
          .slice(i, j + 1)
          .filter((o) => o !== c)
          .map((o) => o.competitor);
        const placing: NzExplain[] = [];
        if (c.oneBoardPenalty) {
          placing.push({
            rule: 'NZ-5',
            session: input.session,
            effect: `placed on ${formatHundredths(c.score)} % after the one-board penalty of ${formatHundredths(c.oneBoardPenalty)} %`,
            amount: -c.oneBoardPenalty,
          });
        }
        placing.push({
          rule: 'NZ-8',
          session: input.session,
          effect: `${ordinal(place)}${shared > 1 ? '=' : ''} of ${list.length} in ${where} on ${formatHundredths(c.score)} %; ${awarding ? `place${scale.length > 1 ? 's' : ''} ${range(1, scale.length)} earn${scale.length > 1 ? '' : 's'} C points (the top ${params.cPoints.awardedFraction}, rounded ${params.cPoints.placesRounding})` : `the ${input.kind} awards no C points (cPoints.events)`}`,
        });
        if (shared > 1 && awarding) {
          placing.push({
            rule: 'NZ-8',
            session: input.session,
            effect: `tied with ${ties.join(', ')}: places ${range(place, place + shared - 1)} shared equally, (${
              scale
                .slice(i, j + 1)
                .map((p) => p.toString())
                .join(' + ') || '0'
            }) / ${shared} = ${share.toString()}`,
          });
        }
        for (const p of c.players) {
          const explain = [...placing];
          for (const v of p.verdicts) {
            explain.push({
              rule: v.rule,
              session: input.session,
              effect: `${v.scope}: ${v.ok ? 'ok' : 'no'} — ${v.reason}${v.scope === 'c-points' ? '' : ' (not a C-point verdict: explained only)'}`,
            });
          }
          const refused = p.verdicts.find((v) => v.scope === 'c-points' && !v.ok);
          const exact = refused ? Fraction.ZERO : share;
          const points = rounded(exact, params.cPoints.rounding);
          let why: string;
          if (refused) why = `no C points: ${refused.rule} ${refused.reason}`;
          else if (!awarding) why = `no C points: the ${input.kind} awards none`;
          else if (share.compare(Fraction.ZERO) === 0)
            why = `no C points: below the top ${scale.length} place(s)`;
          else
            why = `${points.toString()} C${points.equals(exact) ? '' : ` (exactly ${exact.toString()}, rounded ${params.cPoints.rounding})`}`;
          explain.push({
            rule: refused ? refused.rule : 'NZ-8',
            session: input.session,
            effect: why,
          });
          awards.push({
            player: p.id,
            competitor: c.competitor,
            field,
            place,
            score: c.score,
            points: points.toString(),
            exact: exact.toString(),
            explain,
          });
        }
      }
      i = j + 1;
    }
  }
  return { session: input.session, fields, awards };
}
