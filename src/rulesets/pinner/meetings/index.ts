export { decidePinnerMeetingsFact, meetingsParamsOf } from './decide';
export { PINNER_MEETINGS, type PinnerMeetingsParams } from './params';
export { agmDueByOf, ballotResultOf, egmDueByOf, quorumOf, voteResultOf } from './results';
