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
export {
  meetingDiffAt,
  meetingWhatIfAt,
  readMeetingsMoment,
  type MeetingDiffView,
  type MeetingWhatIfView,
  type MinutesChange,
} from './what-if';
