export { decidePinnerMeetingsFact, meetingsParamsOf } from './decide';
export { meetingsProblem, PINNER_MEETINGS, type PinnerMeetingsParams } from './params';
export { agmDueByOf, ballotResultOf, egmDueByOf, quorumOf, voteResultOf } from './results';
