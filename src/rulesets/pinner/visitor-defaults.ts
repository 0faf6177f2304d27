import type { VisitorParams } from '../../contexts/membership/model';

/** Pinner's defaults (the `pinner-2018` preset carries them under `visitors`). */
export const PINNER_VISITOR_DEFAULTS: VisitorParams = {
  sessions: 6,
  refuse: 'after-sessions',
  underAge: 16,
  adultAge: 18,
  nzMaxVisits: 3,
  prizes: 'pin-r13',
  year: { kind: 'calendar' },
};
