import type {
  PersonId,
  Visit,
  VisitorInput,
  VisitorParams,
  VisitorRow,
  VisitorVerdicts,
} from '../model';
import { checkInput } from './check';
import { judgeNz, judgePinner, type Visiting } from './judge';
import { isMemberOn } from './people';
import { limitRule, yearSpan } from './years';

/**
 * Each person who played as a visitor (not a member on the visit's date) in the year asked:
 * every such visit with the count up to it and its verdict (PIN-R10/R12/R9 for a calendar
 * year, NZ-10 for a club year), and the person's verdict: what a further visit would get,
 * judged on the day of their last visit of the year (a supervisor assumed for an under-16).
 * Sessions played as a member do not count; visits of other years neither.
 */
export function visitorVerdicts(input: VisitorInput, params: VisitorParams): VisitorVerdicts {
  const people = checkInput(input, params);
  const { first, next } = yearSpan(input.year, input.which);
  const judge = input.year.kind === 'calendar' ? judgePinner : judgeNz;
  const byPerson = new Map<PersonId, Visit[]>();
  input.visits
    .map((visit, i) => ({ visit, i }))
    .filter(({ visit }) => visit.date >= first && visit.date < next)
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
      const further = judge({ person, date: last, count: visits.length + 1 }, params);
      const text = `${visits.length} sessions as a visitor this year, the last on ${last}; a further visit:`;
      const because = [{ rule: limitRule(input.year), text }, ...further.because];
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
