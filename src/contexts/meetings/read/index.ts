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
