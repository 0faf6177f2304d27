import { EventCatalogue } from './catalogue';
import { accessEvents } from './contexts/access';
import { clubEvents } from './contexts/club';
import { competitionEvents } from './contexts/competition';
import { correctionEvents, publicationEvents } from './contexts/corrections';
import { leagueEvents } from './contexts/league';
import { rulebookEvents } from './contexts/rulebook';
import { sessionEvents } from './contexts/session';

/** Every event type the ledger accepts. A new context adds one file and one entry here. */
export const catalogue = new EventCatalogue([
  ...clubEvents,
  ...rulebookEvents,
  ...competitionEvents,
  ...sessionEvents,
  ...correctionEvents,
  ...publicationEvents,
  ...leagueEvents,
  ...accessEvents,
]);

export type { EventDefinition } from './catalogue';
export { EventCatalogue } from './catalogue';
export type { EventMetadata, EventToAppend, RecordedEvent } from './envelope';
