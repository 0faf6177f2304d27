import type {
  PersonId,
  Visit,
  VisitorInput,
  VisitorParams,
  VisitorRow,
  VisitorVerdicts,
} from '../model';
import { ScoringInputError } from '../../../scoring';
import { checkInput } from './check';
import { dayBefore, requireClubDate } from './dates';
import { judgeNz, judgePinner, type Judged, type Visiting } from './judge';
import { isMemberOn } from './people';
import { limitRule, yearSpan } from './years';

/**
 * Each person who played as a visitor (not a member on the visit's date) in the year asked, up
 * to `asOf`: every such visit with the count up to it and its verdict on its own day (PIN-R10/
 * R12/R9 for a calendar year, NZ-10 for a club year), and the person's verdict: what a further
 * visit would get on `asOf` (a supervisor assumed for an under-16; a member then: `ok`).
 * `asOf` is a day of the year asked, its last day when absent: the row says what the club
 * needs to know then (a bar after the last visit bars the row, PIN-R9). Sessions played as a
 * member do not count; visits of other years neither.
 */
export function visitorVerdicts(
  input: VisitorInput,
  params: VisitorParams,
  asOf?: string,
): VisitorVerdicts {
  const people = checkInput(input, params);
  const rule = params.limitRule ?? limitRule(input.year);
  const { first, next } = yearSpan(input.year, input.which, rule);
  const on = asOf === undefined ? dayBefore(next) : asOfIn(asOf, first, next, input, rule);
  const judge = input.year.kind === 'calendar' ? judgePinner : judgeNz;
  const byPerson = new Map<PersonId, Visit[]>();
  input.visits
    .map((visit, i) => ({ visit, i }))
    .filter(({ visit }) => visit.date >= first && visit.date <= on)
    .filter(({ visit }) => !isMemberOn(people.get(visit.person)!, visit.date))
    .sort((a, b) =>
      a.visit.date < b.visit.date ? -1 : a.visit.date > b.visit.date ? 1 : a.i - b.i,
    )
    .forEach(({ visit }) => {
      const list = byPerson.get(visit.person);
      if (list) list.push(visit);
      else byPerson.set(visit.person, [visit]);
    });

  const rows: VisitorRow[] = [...byPerson.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, visits]) => {
      const person = people.get(id)!;
      const judged = visits.map((visit, i) => {
        const v: Visiting = {
          person,
          date: visit.date,
          count: i + 1,
          supervisor: {
            visit,
            of: visit.supervisedBy === undefined ? undefined : people.get(visit.supervisedBy),
          },
        };
        const { verdict, because } = judge(v, params);
        return { date: visit.date, event: visit.event.id, count: i + 1, verdict, because };
      });
      const last = visits[visits.length - 1]!.date;
      const text = `${visits.length} sessions as a visitor this year, the last on ${last}; a further visit as of ${on}:`;
      const further = rowVerdict(
        judge({ person, date: on, count: visits.length + 1 }, params),
        isMemberOn(person, on),
        on,
        rule,
      );
      const because = [{ rule, text }, ...further.because];
      return {
        person: id,
        sessions: visits.length,
        visits: judged,
        verdict: further.verdict,
        because,
      };
    });
  return { year: input.which, rows };
}

/** A member on the day asked is no visitor: the limit does not apply (a bar comes first). */
function rowVerdict(judged: Judged, member: boolean, on: string, rule: string): Judged {
  if (!member || judged.verdict === 'barred') return judged;
  const text = `a member on ${on}: the visitor rules do not apply`;
  return { verdict: 'ok', because: [{ rule, text }] };
}

/** The day asked: a real date of the year asked, refused otherwise naming `asOf`. */
function asOfIn(
  asOf: string,
  first: string,
  next: string,
  input: VisitorInput,
  rule: string,
): string {
  requireClubDate(asOf, 'asOf', rule);
  if (asOf < first || asOf >= next) {
    throw new ScoringInputError(
      'asOf',
      rule,
      `must be a day of the year asked (${first} to ${dayBefore(next)}), got ${asOf}`,
    );
  }
  return asOf;
}
