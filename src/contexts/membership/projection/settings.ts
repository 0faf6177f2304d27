import { PINNER_VISITOR_DEFAULTS } from '../../../rulesets/pinner/visitor-defaults';
import { pinner2018 } from '../../../rulesets/pinner/preset';
import type { NzClubParams } from '../../../rulesets/nz-club/preset';
import { buildRulebookHistory, type RulebookFactRecord } from '../../../rulebooks/rulebook-facts';
import type { Rulebook } from '../../../rulebooks/rulebook';
import { type VisitorParams } from '../model';
import type { MembershipParams } from '../../../rulesets/pinner/register';

const isGroup = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rulebook a membership answer was read under (absent: pinner-2018's defaults). */
export interface RulebookUsed {
  preset: string;
  effectiveFrom: string;
}

export interface MembershipSettings {
  membership: MembershipParams;
  visitors: VisitorParams;
  rulebook?: RulebookUsed;
}

/** A club's rulebook history, as every reader builds it (an unusable fact skipped). */
export const historyOf = (facts: readonly RulebookFactRecord[]) =>
  buildRulebookHistory(facts, { unusable: 'skip' });

/**
 * The register's and the visitors' settings of a rulebook: its `membership` and `visitors`
 * groups when it has them (pinner-2018, or one amended from it: as the membership decider
 * reads them); an NZ club's rulebook (no `visitors` group) reads NZ-10 from its own settings
 * (`visitorMaxPerYear`, the club year from `yearStarts`, no prizes); none, pinner-2018's.
 */
export function settingsOf(rulebook: Rulebook | undefined): MembershipSettings {
  const params = rulebook?.params as Record<string, unknown> | undefined;
  const m = params?.membership;
  const v = params?.visitors;
  const membership =
    isGroup(m) && typeof m.displayDays === 'number'
      ? (m as unknown as MembershipParams)
      : pinner2018.params.membership;
  let visitors: VisitorParams = PINNER_VISITOR_DEFAULTS;
  if (isGroup(v) && typeof v.underAge === 'number') visitors = v as unknown as VisitorParams;
  else if (params && typeof params.visitorMaxPerYear === 'number') {
    const nz = params as unknown as NzClubParams;
    visitors = {
      ...PINNER_VISITOR_DEFAULTS,
      nzMaxVisits: nz.visitorMaxPerYear,
      prizes: 'nz-10',
      year: { kind: 'club-year', yearStart: nz.yearStarts },
    };
  }
  return {
    membership,
    // One 29 February reading for every age (PIN readings): the membership group's.
    visitors: { ...visitors, leapDay: membership.leapDay },
    ...(rulebook
      ? { rulebook: { preset: rulebook.preset, effectiveFrom: rulebook.effectiveFrom } }
      : {}),
  };
}
