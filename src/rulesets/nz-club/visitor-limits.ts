import type { VisitorLimits } from '../../contexts/membership/rules';
import type { NzClubParams } from './preset';

/**
 * NZ-10 as the membership context's visitor limits: an NZ club's rulebook (`visitorMaxPerYear`)
 * counts a visitor's visits per club year from `yearStarts`, and a visitor qualifies for no
 * prizes; the rest of a visitor's rules are the club's membership rules' defaults.
 */
export const nzClubVisitorLimits: VisitorLimits = {
  name: 'nz-club',
  appliesTo: (rulebook) =>
    typeof (rulebook?.params as Record<string, unknown> | undefined)?.visitorMaxPerYear ===
    'number',
  visitorsOf: (rulebook, defaults) => {
    const nz = rulebook.params as unknown as NzClubParams;
    return {
      ...defaults,
      nzMaxVisits: nz.visitorMaxPerYear,
      prizes: 'nz-10',
      year: { kind: 'club-year', yearStart: nz.yearStarts },
    };
  },
};
