import type { PublicationFactData } from '../facts/corrections';
import type { Decider } from '../../../kernel/decider';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import { PUBLICATIONS_HOME, clubOfPublicationsStream, isPublicationsStream } from './streams';

export const PUBLICATION_FACT_TYPES: ReadonlySet<string> = new Set([
  'StandingsPublished',
] satisfies Array<keyof PublicationFactData>);

/**
 * The publications context: a club's stream `publications-<clubId>`, each fact a
 * table published as computed at a ledger position. Refused (LEDGER): a position beyond the
 * ledger's head when it is appended (a table never computed), a competition the club does not
 * have.
 */
export const publicationsDecider: Decider<null, ClubContext> = {
  name: 'publications',
  owns: isPublicationsStream,
  streams: 'publications-<clubId>',
  factTypes: PUBLICATION_FACT_TYPES,
  homeOf: () => PUBLICATIONS_HOME,
  readsClub: () => true,
  readsHead: true,
  initialState: () => null,
  evolve: () => undefined,
  decide(fact, _state, club, streamId) {
    const d = fact.data as PublicationFactData['StandingsPublished'];
    const clubId = clubOfPublicationsStream(streamId);
    if (!club.isRegistered(clubId)) {
      throw new RuleViolation(
        'LEDGER',
        `club ${clubId} is not registered: no ClubRegistered in club-${clubId}`,
        'data.clubId',
      );
    }
    const head = club.headPosition?.();
    if (head !== undefined && d.atPosition > head) {
      throw new RuleViolation(
        'LEDGER',
        `atPosition ${d.atPosition} is beyond the ledger's head (${head}): a table is published as computed at a position the ledger has`,
        'data.atPosition',
      );
    }
    if (
      d.competitionId !== undefined &&
      !club.competitionsOf(clubId).some((c) => c.competition?.competitionId === d.competitionId)
    ) {
      throw new RuleViolation(
        'LEDGER',
        `club ${clubId} has no competition ${d.competitionId} (no CompetitionCreated naming the club)`,
        'data.competitionId',
      );
    }
    if ((d.table === 'standings' || d.table === 'c-points') && d.competitionId === undefined) {
      throw new RuleViolation(
        'LEDGER',
        `a published ${d.table} table names its competitionId`,
        'data.competitionId',
      );
    }
    if (d.table === 'session' && d.sessionStreamId === undefined) {
      throw new RuleViolation(
        'LEDGER',
        'a published session names its sessionStreamId',
        'data.sessionStreamId',
      );
    }
    if (d.table === 'championship' && d.season === undefined) {
      throw new RuleViolation('LEDGER', 'a published championship names its season', 'data.season');
    }
    return [fact];
  },
};
