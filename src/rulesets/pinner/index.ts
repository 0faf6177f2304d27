import type { MembershipGroup, MembershipRules } from '../../contexts/membership/rules';
import type { MeetingsRules } from '../../contexts/meetings';
import {
  agmDueByOf,
  ballotResultOf,
  decidePinnerMeetingsFact,
  egmDueByOf,
  meetingsParamsOf,
  quorumOf,
  voteResultOf,
} from './meetings';
import type { Preset } from '../../rulebooks/rulebook';
import { pinnerRubberRulesOf } from './rubber';
import { decidePinnerFact } from './decide';
import { pinnerPreset as preset } from './registered-preset';
import {
  barredFrom,
  classHistory,
  registerOf,
  restrictionOn,
  spanOn,
  type MembershipParams,
} from './register';
import { PINNER_VISITOR_DEFAULTS } from './visitor-defaults';
import { membershipOf, visitorsOf } from './settings';

const pinnerParams = (group: MembershipGroup) => group as MembershipParams;

/**
 * Pinner BC's constitution and club rules as the membership context's rules: they read a club
 * rulebook with a `membership` group (pinner-2018, or one amended from it), and any other club's
 * facts with pinner-2018's settings, as the first registered rules.
 */
export const pinnerMembershipRules: MembershipRules = {
  name: 'pinner-2018',
  preset: preset as unknown as Preset,
  appliesTo: (rulebook) => {
    const m = (rulebook?.params as Record<string, unknown> | undefined)?.membership;
    return typeof m === 'object' && m !== null && 'displayDays' in m;
  },
  decide: decidePinnerFact,
  membershipOf,
  visitorsOf,
  visitorDefaults: PINNER_VISITOR_DEFAULTS,
  registerOf: (state, asOf, membership) => registerOf(state, asOf, pinnerParams(membership)),
  classHistory: (span, asOf, membership) => classHistory(span, asOf, pinnerParams(membership)),
  barredFrom,
  playVerdict: (person, event, day, membership) => {
    const r = restrictionOn(spanOn(person, day), event, day, pinnerParams(membership));
    return r
      ? {
          rule: 'PIN-R8',
          text: `played in ${event}, restricted from it by the committee since ${r.from} (PIN-C17; recorded: the club lets the duty member decide)`,
        }
      : undefined;
  },
};

/**
 * Pinner BC's constitution (C20 to C37) as the meetings context's rules: they read a club
 * rulebook with a `meetings` group (pinner-2018, or one amended from it).
 */
export const pinnerMeetingsRules: MeetingsRules = {
  name: 'pinner-2018',
  preset: preset as unknown as Preset,
  appliesTo: (rulebook) => {
    const m = (rulebook?.params as Record<string, unknown> | undefined)?.meetings;
    return typeof m === 'object' && m !== null && 'noticeDays' in m;
  },
  decide: decidePinnerMeetingsFact,
  quorum: (meeting, view, rulebook) => quorumOf(meeting, view, meetingsParamsOf(rulebook)),
  voteResult: (meeting, vote, rulebook) => voteResultOf(meeting, vote, meetingsParamsOf(rulebook)),
  ballotResult: (ballot) => ballotResultOf(ballot),
  agmDueBy: (previous, rulebook) => agmDueByOf(previous, meetingsParamsOf(rulebook)),
  egmDueBy: (receivedOn, rulebook) => egmDueByOf(receivedOn, meetingsParamsOf(rulebook)),
};

/** Pinner BC's rules of rotation at rubber bridge (R21 to R25) as the rubber context's rules. */
export const pinnerRubberRules = pinnerRubberRulesOf(preset as unknown as Preset);
