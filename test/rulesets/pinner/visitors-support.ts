import { PINNER_VISITOR_DEFAULTS } from '../../../src/rulesets/pinner/visitor-defaults';
import {
  type Visit,
  type VisitorInput,
  type VisitorParams,
  type VisitorPerson,
  type VisitorRow,
  type VisitorVerdicts,
} from '../../../src/contexts/membership/model';

export const PIN = PINNER_VISITOR_DEFAULTS;

/** An NZ club counting NZ-10's visits per club year from 1 April. */
export const NZ: VisitorParams = {
  ...PINNER_VISITOR_DEFAULTS,
  prizes: 'nz-10',
  year: { kind: 'club-year', yearStart: '04-01' },
};

export const person = (id: string, extra: Partial<VisitorPerson> = {}): VisitorPerson => ({
  person: id,
  memberSpans: [],
  appliedOn: [],
  ...extra,
});

/** A member since 2000 (an adult: no birth date, so read as 18 or over). */
export const member = (id: string, extra: Partial<VisitorPerson> = {}) =>
  person(id, { memberSpans: [{ from: '2000-01-01' }], ...extra });

export const visit = (who: string, date: string, extra: Partial<Visit> = {}): Visit => ({
  person: who,
  date,
  event: { id: `pairs-${date}`, special: false },
  ...extra,
});

/** Visits on the given days of a month: `days('alice', '2018-03', 1, 8)`. */
export const days = (who: string, month: string, ...ds: number[]): Visit[] =>
  ds.map((d) => visit(who, `${month}-${String(d).padStart(2, '0')}`));

export const pinner = (people: VisitorPerson[], visits: Visit[], which = '2018'): VisitorInput => ({
  people,
  visits,
  year: { kind: 'calendar' },
  which,
});

export const nz = (
  people: VisitorPerson[],
  visits: Visit[],
  which = '2018-04-01',
): VisitorInput => ({
  people,
  visits,
  year: { kind: 'club-year', yearStart: '04-01' },
  which,
});

export function rowOf(v: VisitorVerdicts, who: string): VisitorRow {
  const row = v.rows.find((r) => r.person === who);
  if (!row) throw new Error(`no row for ${who}`);
  return row;
}

/** [date, count, verdict] of each visit of the row. */
export const visitsOf = (row: VisitorRow) => row.visits.map((v) => [v.date, v.count, v.verdict]);

export const texts = (because: { rule: string; text: string }[]) =>
  because.map((b) => `${b.rule}: ${b.text}`);
