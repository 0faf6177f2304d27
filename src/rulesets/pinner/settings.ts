// The groups of a club's rulebook Pinner's rules read (PIN readings), as its decider and its
// register read them alike.
import type { VisitorParams } from '../../contexts/membership/model';
import type { Rulebook } from '../../rulebooks/rulebook';
import { pinner2018 } from './preset';
import type { MembershipParams } from './register';

const isGroup = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const groupOf = (rulebook: Rulebook | undefined, name: string) =>
  (rulebook?.params as Record<string, unknown> | undefined)?.[name];

/** The membership group of a rulebook read by Pinner's rules, else pinner-2018's own. */
export function membershipOf(rulebook: Rulebook | undefined): MembershipParams {
  const m = groupOf(rulebook, 'membership');
  return isGroup(m) && typeof m.displayDays === 'number'
    ? (m as unknown as MembershipParams)
    : pinner2018.params.membership;
}

/** The visitors' group of a rulebook read by Pinner's rules, if it has one. */
export function visitorsOf(rulebook: Rulebook | undefined): VisitorParams | undefined {
  const v = groupOf(rulebook, 'visitors');
  return isGroup(v) && typeof v.underAge === 'number' ? (v as unknown as VisitorParams) : undefined;
}
