/**
 * The meetings context's door: what another context, a ruleset or the app may use of it.
 */
export { MEETINGS_STREAM_PREFIX, meetingsStreamId } from './facts/scope';
export type { MeetingsRules, MeetingsView, MemberOnDay } from './rules';
export { registerMeetingsRules } from './rules';
