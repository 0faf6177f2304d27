export {
  constitutionAt,
  findMeetingClub,
  meetingAt,
  meetingsAt,
  officersAt,
  readMeetingsQuery,
  type MeetingsMoment,
  type MeetingsParam,
} from './meetings';
export { meetingWhatIfAt, type MeetingWhatIfView, type MinutesChange } from './what-if';
