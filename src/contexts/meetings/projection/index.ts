export { meetingsProjection, type MeetingsReadState } from './state';
export {
  meetingsOf,
  officersOf,
  UnknownMeetingError,
  type MeetingsListView,
  type OfficersView,
} from './queries';
export { meetingMinutesOf, type MeetingMinutes, type MotionMinute } from './minutes';
export { constitutionOf, type ConstitutionView, type SectionChange } from './constitution';
