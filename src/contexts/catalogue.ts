import { EventCatalogue } from '../kernel/catalogue';
import { accessEvents } from './access/facts/access';
import { clubEvents } from './club/facts/club';
import { competitionEvents } from './pairs/facts/competition';
import { correctionEvents, publicationEvents } from './corrections/facts/corrections';
import { leagueEvents } from './league/facts/league';
import { membershipEvents } from './membership/facts/membership';
import { rulebookEvents } from './club/facts/rulebook';
import { sessionEvents } from './pairs/facts/session';

/** Every event type the ledger accepts. A new context adds one file and one entry here. */
export const catalogue = new EventCatalogue([
  ...clubEvents,
  ...rulebookEvents,
  ...competitionEvents,
  ...sessionEvents,
  ...correctionEvents,
  ...publicationEvents,
  ...accessEvents,
  ...leagueEvents,
  ...membershipEvents,
]);

export type { EventDefinition } from '../kernel/catalogue';
export { EventCatalogue } from '../kernel/catalogue';
export type { EventMetadata, EventToAppend, RecordedEvent } from '../kernel/envelope';
