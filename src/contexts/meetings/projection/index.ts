export { meetingsProjection, type MeetingsReadState } from './state';
export {
  meetingsOf,
  officersOf,
  UnknownMeetingError,
  type MeetingsListView,
  type OfficersView,
} from './queries';
export { meetingMinutesOf, type MeetingMinutes, type MotionMinute } from './minutes';
