import { ScoringInputError } from '../../../scoring';
import type { PersonId, VisitorInput, VisitorParams, VisitorPerson } from '../model';
import { requireClubDate } from './dates';
import { limitRule } from './years';

/**
 * Refuses bad input before anything is counted, naming the field and the rule it is read for;
 * returns the people by id.
 */
export function checkInput(
  input: VisitorInput,
  params: VisitorParams,
): Map<PersonId, VisitorPerson> {
  if (input.year.kind !== params.year.kind) {
    throw new ScoringInputError(
      'year.kind',
      params.limitRule ?? limitRule(params.year),
      `must be the rulebook's year kind ${params.year.kind}, got ${input.year.kind}`,
    );
  }
  if (input.year.kind === 'club-year' && params.year.kind === 'club-year') {
    if (input.year.yearStart !== params.year.yearStart) {
      throw new ScoringInputError(
        'year.yearStart',
        params.limitRule ?? 'NZ-10',
        `must be the rulebook's club year start ${params.year.yearStart}, got ${input.year.yearStart}`,
      );
    }
  }
  const rule = params.limitRule ?? limitRule(input.year);
  const people = new Map<PersonId, VisitorPerson>();
  input.people.forEach((p, i) => {
    const at = `people[${i}]`;
    if (typeof p.person !== 'string' || p.person === '') {
      throw new ScoringInputError(`${at}.person`, rule, 'must be a person id');
    }
    if (people.has(p.person)) {
      throw new ScoringInputError(`${at}.person`, rule, `${p.person} is listed twice`);
    }
    people.set(p.person, p);
    p.memberSpans.forEach((s, j) => {
      const f = `${at}.memberSpans[${j}]`;
      requireClubDate(s.from, `${f}.from`, rule);
      if (s.until !== undefined) {
        requireClubDate(s.until, `${f}.until`, rule);
        if (s.until < s.from) {
          throw new ScoringInputError(
            `${f}.until`,
            rule,
            `must not be before from ${s.from}, got ${s.until}`,
          );
        }
      }
    });
    if (p.birthDate !== undefined) requireClubDate(p.birthDate, `${at}.birthDate`, 'PIN-R12');
    if (p.over16DeclaredOn !== undefined) {
      requireClubDate(p.over16DeclaredOn, `${at}.over16DeclaredOn`, 'PIN-R12');
    }
    p.appliedOn.forEach((d, j) => requireClubDate(d, `${at}.appliedOn[${j}]`, rule));
    if (p.barredFrom !== undefined) requireClubDate(p.barredFrom, `${at}.barredFrom`, 'PIN-R9');
  });
  input.visits.forEach((v, i) => {
    const at = `visits[${i}]`;
    requireClubDate(v.date, `${at}.date`, rule);
    if (!people.has(v.person)) {
      throw new ScoringInputError(`${at}.person`, rule, `${v.person} is not in people`);
    }
    if (v.supervisedBy !== undefined && !people.has(v.supervisedBy)) {
      throw new ScoringInputError(
        `${at}.supervisedBy`,
        'PIN-R12',
        `${v.supervisedBy} is not in people`,
      );
    }
  });
  return people;
}
