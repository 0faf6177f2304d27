import type { MembershipRules } from '../../contexts/membership/rules';
import type { Preset } from '../../rulebooks/rulebook';
import { decidePinnerFact } from './decide';
import { pinner2018 } from './preset';

/**
 * Pinner BC's constitution and club rules as the membership context's rules: they read a club
 * rulebook with a `membership` group (pinner-2018, or one amended from it), and any other club's
 * facts with pinner-2018's settings, as the first registered rules.
 */
export const pinnerMembershipRules: MembershipRules = {
  name: 'pinner-2018',
  preset: pinner2018 as unknown as Preset,
  appliesTo: (rulebook) => {
    const m = (rulebook?.params as Record<string, unknown> | undefined)?.membership;
    return typeof m === 'object' && m !== null && 'displayDays' in m;
  },
  decide: decidePinnerFact,
};
