import type { MembershipGroup, MembershipRules } from '../../contexts/membership/rules';
import type { VisitorParams } from '../../contexts/membership/model';
import type { Preset, Rulebook } from '../../rulebooks/rulebook';
import { decidePinnerFact } from './decide';
import { pinner2018 } from './preset';
import { barredFrom, classHistory, registerOf, type MembershipParams } from './register';
import { PINNER_VISITOR_DEFAULTS } from './visitor-defaults';

const isGroup = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const groupOf = (rulebook: Rulebook | undefined, name: string) =>
  (rulebook?.params as Record<string, unknown> | undefined)?.[name];

/** The membership group of a rulebook read by Pinner's rules, else pinner-2018's own. */
function membershipOf(rulebook: Rulebook | undefined): MembershipParams {
  const m = groupOf(rulebook, 'membership');
  return isGroup(m) && typeof m.displayDays === 'number'
    ? (m as unknown as MembershipParams)
    : pinner2018.params.membership;
}

const pinnerParams = (group: MembershipGroup) => group as MembershipParams;

/**
 * Pinner BC's constitution and club rules as the membership context's rules: they read a club
 * rulebook with a `membership` group (pinner-2018, or one amended from it), and any other club's
 * facts with pinner-2018's settings, as the first registered rules.
 */
export const pinnerMembershipRules: MembershipRules = {
  name: 'pinner-2018',
  preset: pinner2018 as unknown as Preset,
  appliesTo: (rulebook) => {
    const m = groupOf(rulebook, 'membership');
    return typeof m === 'object' && m !== null && 'displayDays' in m;
  },
  decide: decidePinnerFact,
  membershipOf,
  visitorsOf: (rulebook) => {
    const v = groupOf(rulebook, 'visitors');
    return isGroup(v) && typeof v.underAge === 'number'
      ? (v as unknown as VisitorParams)
      : undefined;
  },
  visitorDefaults: PINNER_VISITOR_DEFAULTS,
  registerOf: (state, asOf, membership) => registerOf(state, asOf, pinnerParams(membership)),
  classHistory: (span, asOf, membership) => classHistory(span, asOf, pinnerParams(membership)),
  barredFrom,
};
