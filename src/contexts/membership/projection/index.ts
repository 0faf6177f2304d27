export { membership, type ClubMembershipRecord, type MembershipReadState } from './state';
export { seatingsOf, type Seating } from './seatings';
export { settingsOf, type MembershipSettings, type RulebookUsed } from './settings';
export { eventEntries, type EventEntriesView, type EventEntry } from './event-entries';
export {
  applicationsView,
  personHistory,
  registerView,
  UnknownMembershipError,
  visitorsView,
  type ApplicationsView,
  type ApplicationView,
  type HistoryLine,
  type MembershipSources,
  type PersonHistoryView,
  type RegisterView,
  type VisitorsRow,
  type VisitorsView,
  type VisitSource,
} from './queries';
