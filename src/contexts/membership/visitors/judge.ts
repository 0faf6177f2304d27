import type { Because, Visit, VisitorParams, VisitorPerson, VisitVerdict } from '../model';
import { ageOn, appliedBy, isMemberOn, youngOn } from './people';

export interface Judged {
  verdict: VisitVerdict;
  because: Because[];
}

/** What the rule of the year asks of a visit: the person, its date, its count in the year. */
export interface Visiting {
  person: VisitorPerson;
  date: string;
  count: number;
  /** The visit's supervisor; `undefined` for a visit still to come (supervision assumed). */
  supervisor?: { visit: Visit; of?: VisitorPerson };
}

const ordinal = (n: number): string =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** PIN-R9: barred from `barredFrom` on (membership and entry as a visitor alike). */
function barred(v: Visiting): Judged | undefined {
  const from = v.person.barredFrom;
  if (from === undefined || v.date < from) return undefined;
  return {
    verdict: 'barred',
    because: [{ rule: 'PIN-R9', text: `never to be admitted: barred from ${from}` }],
  };
}

/** PIN-R12: an under-16's visit needs an adult member supervising on the day. */
function supervision(v: Visiting, params: VisitorParams): Because | undefined {
  const s = v.supervisor;
  if (s === undefined) return undefined;
  const by = s.visit.supervisedBy;
  if (by === undefined || s.of === undefined) {
    return { rule: 'PIN-R12', text: 'under 16 without a supervising adult member' };
  }
  if (!isMemberOn(s.of, v.date)) {
    return { rule: 'PIN-R12', text: `supervised by ${by}, not a member on ${v.date}` };
  }
  const age = ageOn(s.of, v.date, params.adultAge, 'PIN-R12', params.leapDay);
  if (age.under) return { rule: 'PIN-R12', text: `supervised by ${by}: ${age.because.text}` };
  return undefined;
}

/** PIN-R10 (with PIN-R9 and PIN-R12) for one visit of a calendar year. */
export function judgePinner(v: Visiting, params: VisitorParams): Judged {
  const ban = barred(v);
  if (ban) return ban;
  const limit = params.limitRule ?? 'PIN-R10';
  const count: Because = {
    rule: limit,
    text: `the ${ordinal(v.count)} session this calendar year`,
  };
  // An `underAge` of 0: the club's rules know no young visitor (no exemption, no supervision).
  const young = params.underAge > 0 ? youngOn(v.person, v.date, params) : undefined;
  if (young?.under) {
    const unsupervised = supervision(v, params);
    if (unsupervised)
      return { verdict: 'unsupervised', because: [count, young.because, unsupervised] };
    const exempt = { rule: 'PIN-R12', text: 'R10 does not apply to players under 16' };
    return { verdict: 'ok', because: [count, young.because, exempt] };
  }
  const why = young ? [count, young.because] : [count];
  const applied = appliedBy(v.person, v.date);
  if (applied !== undefined) {
    const text = `applied for membership on ${applied}: not refused from that date`;
    return { verdict: 'ok', because: [...why, { rule: limit, text }] };
  }
  // "who has played 6 sessions ... may be refused entry to any further sessions": by default
  // the 7th visit is the first that may be refused; 'at-sessions' reads it as the 6th.
  const first = params.refuse === 'after-sessions' ? params.sessions + 1 : params.sessions;
  if (v.count >= first) {
    const text = `${v.count - 1} sessions played before: may be refused entry (from the ${ordinal(first)})`;
    return { verdict: 'may-be-refused', because: [...why, { rule: limit, text }] };
  }
  return { verdict: 'ok', because: why };
}

/** NZ-10 (with PIN-R9 when a bar is recorded) for one visit of a club year. */
export function judgeNz(v: Visiting, params: VisitorParams): Judged {
  const ban = barred(v);
  if (ban) return ban;
  const max = params.nzMaxVisits;
  const over = v.count > max;
  const text = `the ${ordinal(v.count)} visit this club year (at most ${max})${over ? ': over the limit' : ''}`;
  return {
    verdict: over ? 'over-limit' : 'ok',
    because: [{ rule: params.limitRule ?? 'NZ-10', text }],
  };
}
