import { proposed, type Proposed } from './nz-club';

/**
 * Facts of a DSB competition in groups as a writer proposes them, for tests of the append gate
 * reading a fact of an older schema version as the store reads it (upcast).
 */
export const DSB_2014 = 'dsb-2014';
export const DSB_2014_STREAM = `competition-${DSB_2014}`;

/** A fact of competition dsb-2014 on 1 September 2014, of `schemaVersion` when given. */
export const dsbFact = (
  type: string,
  data: Record<string, unknown>,
  schemaVersion?: number,
): Proposed => ({
  ...proposed(
    DSB_2014_STREAM,
    type,
    { competitionId: DSB_2014, ...data },
    '2014-09-01T12:00:00+02:00',
  ),
  ...(schemaVersion ? { schemaVersion } : {}),
});

/**
 * Groenlo registered, and ann and bob on its roster (a competition is of a registered club, a
 * pair names players of its roster): to append before `dsbCompetitionWithPairA1`, each on its
 * own stream.
 */
export const groenloWithAnnAndBob = (): Proposed[] => [
  proposed(
    'club-groenlo',
    'ClubRegistered',
    { clubId: 'groenlo', name: 'Bridgeclub Groenlo', timeZone: 'Europe/Amsterdam' },
    '2014-08-01T12:00:00+02:00',
  ),
  ...['ann', 'bob'].map((playerId) =>
    proposed(
      'club-groenlo-players',
      'PlayerRegistered',
      { clubId: 'groenlo', playerId, name: playerId, status: 'member' },
      '2014-08-01T12:00:00+02:00',
    ),
  ),
];

/** Groenlo creates dsb-2014 in group A (one session) and pair a1 (ann, bob) enters it. */
export const dsbCompetitionWithPairA1 = (): Proposed[] => [
  dsbFact('CompetitionCreated', {
    clubId: 'groenlo',
    name: 'Parencompetitie',
    season: '2014-2015',
    kind: 'pairs-series',
    format: 'dsb-pairs',
    groups: ['A'],
    sessions: [{ session: 1, date: '2014-09-08', startTime: '19:45' }],
  }),
  dsbFact('PairEntered', { pairId: 'a1', players: ['ann', 'bob'], group: 'A' }),
];

/**
 * A version-1 DispensationGranted for pair a1 under `rule` (v1 spells DSB-9.4.2, v2 DSB-9.4(2)),
 * naming `playerId` when given.
 */
export const dispensationGrantedV1 = (rule: string, playerId?: string, reason = 'long illness') =>
  dsbFact(
    'DispensationGranted',
    { pairId: 'a1', rule, ...(playerId ? { playerId } : {}), reason },
    1,
  );
