import { ScoringInputError } from '../../../scoring';
import type {
  Because,
  PersonId,
  PrizeEligibility,
  PrizeEvent,
  VisitorInput,
  VisitorParams,
} from '../model';
import { checkInput } from './check';
import { requireClubDate } from './dates';
import { isMemberOn } from './people';

/**
 * PIN-R13 / NZ-10: the prizes `person` may win at `event`, by the club's rule `params.prizes`.
 * A member on the event's date: 'all'. A visitor: under PIN-R13 'normal-only' at a special event
 * (no enhanced money) and 'all' at a normal one (its money is all normal); under NZ-10 'none'.
 * The date is `event.date`, else the person's sessions of the event in `input.visits`: a visitor
 * at any of them is a visitor for the event's prizes.
 */
export function prizeEligibility(
  person: PersonId,
  event: PrizeEvent,
  input: VisitorInput,
  params: VisitorParams,
): PrizeEligibility {
  const rule = params.prizes === 'pin-r13' ? 'PIN-R13' : 'NZ-10';
  const people = checkInput(input, params);
  const p = people.get(person);
  if (p === undefined) throw new ScoringInputError('person', rule, `${person} is not in people`);
  const dates =
    event.date !== undefined
      ? [requireClubDate(event.date, 'event.date', rule)]
      : input.visits
          .filter((v) => v.person === person && v.event.id === event.id)
          .map((v) => v.date);
  if (dates.length === 0) {
    throw new ScoringInputError(
      'event.date',
      rule,
      `is needed: ${person} has no session of ${event.id} in visits`,
    );
  }
  const visitorOn = dates.find((d) => !isMemberOn(p, d));
  const answer = (mayWin: PrizeEligibility['mayWin'], because: Because) => ({
    person,
    event: event.id,
    mayWin,
    because: [because],
  });
  if (visitorOn === undefined) {
    return answer('all', { rule, text: `a member on ${dates.join(', ')}: every prize` });
  }
  if (params.prizes === 'nz-10') {
    return answer('none', { rule, text: `a visitor on ${visitorOn}: qualifies for no prizes` });
  }
  return event.special
    ? answer('normal-only', {
        rule,
        text: `a visitor on ${visitorOn} at a special event: normal prize money, not the enhanced`,
      })
    : answer('all', {
        rule,
        text: `a visitor on ${visitorOn} at a normal event: any prize money won`,
      });
}
