import { v7 } from 'uuid';
import type { Proposed } from '../support/nz-club';
import { fact, league } from './league/support';

/**
 * LCBA-2.5: an appeal against the league structure is received within 5 days of its
 * publication, with a £40 deposit; the window is read from the league's own
 * LeagueStructurePublished (named by event id), on the league's corrections stream
 * `corrections-lcba-2009`. Published 2009-08-03 12:00 (BST): in time until 2009-08-08 12:00.
 */
const LEAGUE_ID = 'lcba-2009';
const PUBLISHED = '2009-08-03T12:00:00+01:00';
const published = () =>
  fact('LeagueStructurePublished', { publishedAt: PUBLISHED, by: 'secretary' });

const onLeagueStream = (
  type: string,
  data: Record<string, unknown>,
  occurredAt: string,
): Proposed => ({
  streamId: `corrections-${LEAGUE_ID}`,
  id: v7(),
  type,
  occurredAt,
  data: { clubId: LEAGUE_ID, leagueId: LEAGUE_ID, ...data },
  metadata: {},
});

const lodged = (
  structure: Proposed,
  receivedAt: string,
  extra: { publishedAt?: string; deposit?: { amount: number; currency: string } } = {},
) =>
  onLeagueStream(
    'AppealLodged',
    {
      appealId: 'a1',
      against: {
        decision: 'league structure 2009-10',
        publishedAt: extra.publishedAt ?? PUBLISHED,
        structure: { eventId: structure.id, streamId: structure.streamId },
      },
      by: 'oxford captain',
      deposit: extra.deposit ?? { amount: 40, currency: 'GBP' },
      receivedAt,
    },
    receivedAt,
  );

const decided = (decidedAt: string, extra: Record<string, unknown> = {}) =>
  onLeagueStream(
    'AppealDecided',
    {
      appealId: 'a1',
      outcome: 'dismissed',
      deposit: 'returned',
      by: 'committee',
      decidedAt,
      ...extra,
    },
    decidedAt,
  );

async function withStructure() {
  const ledger = await league();
  const structure = published();
  await ledger.append(structure);
  return { ledger, structure };
}

describe('LCBA-2.5: an appeal against the league structure, from the ledger’s publication', () => {
  it('LCBA-2.5: received on the 5th day exactly (5 × 24 h after the publication): in time, and heard', async () => {
    const { ledger, structure } = await withStructure();
    await expect(
      ledger.append(lodged(structure, '2009-08-08T12:00:00+01:00')),
    ).resolves.toBeUndefined();
    await expect(ledger.append(decided('2009-08-10T12:00:00+01:00'))).resolves.toBeUndefined();
  });

  it('LCBA-2.5: received on the 6th day: recorded, out of time, and not heard without heardLateBecause', async () => {
    const { ledger, structure } = await withStructure();
    await ledger.append(lodged(structure, '2009-08-09T10:00:00+01:00'));
    const refused = await ledger.refuses(
      [decided('2009-08-10T12:00:00+01:00')],
      'LCBA-2.5',
      'events[0].data.heardLateBecause',
    );
    expect(refused.reason).toMatch(
      /within 5 days of the publication of 2009-08-03T12:00:00\+01:00/,
    );
    await ledger.append(decided('2009-08-10T12:00:00+01:00', { heardLateBecause: 'post strike' }));
  });

  it('edge LCBA-2.5: one second after the 5th day’s hour is out of time', async () => {
    const { ledger, structure } = await withStructure();
    await ledger.append(lodged(structure, '2009-08-08T12:00:01+01:00'));
    await ledger.refuses(
      [decided('2009-08-10T12:00:00+01:00')],
      'LCBA-2.5',
      'events[0].data.heardLateBecause',
    );
  });

  it('LCBA-2.5: a publishedAt that disagrees with the ledger’s publication is refused naming it, nothing written', async () => {
    const { ledger, structure } = await withStructure();
    // Claiming a later publication would move the window to 2009-08-10.
    const refused = await ledger.refuses(
      [
        lodged(structure, '2009-08-09T10:00:00+01:00', {
          publishedAt: '2009-08-05T12:00:00+01:00',
        }),
      ],
      'LCBA-2.5',
      'events[0].data.against.publishedAt',
    );
    expect(refused.reason).toMatch(/published at 2009-08-03T12:00:00\+01:00/);
    // The same instant written in another offset is the same publication.
    await ledger.append(
      lodged(structure, '2009-08-04T10:00:00+01:00', { publishedAt: '2009-08-03T11:00:00Z' }),
    );
  });

  it('LCBA-2.5: the £40 deposit is asked; a short one is refused naming data.deposit', async () => {
    const { ledger, structure } = await withStructure();
    await ledger.refuses(
      [
        lodged(structure, '2009-08-04T10:00:00+01:00', {
          deposit: { amount: 20, currency: 'GBP' },
        }),
      ],
      'LCBA-2.5',
      'events[0].data.deposit',
    );
  });

  it('bad input LCBA-2.5: a structure that is not the league’s publication is refused naming the field', async () => {
    const { ledger } = await withStructure();
    const ghost = { ...published(), id: v7() };
    await ledger.refuses(
      [lodged(ghost, '2009-08-04T10:00:00+01:00')],
      'LEDGER',
      'events[0].data.against.structure.eventId',
    );
    // A fact of the league that is not its publication.
    const ledger2 = await league();
    const division6 = fact('DivisionFormed', { division: 6 });
    await ledger2.append(division6, published());
    await ledger2.refuses(
      [lodged(division6, '2009-08-04T10:00:00+01:00')],
      'LEDGER',
      'events[0].data.against.structure.eventId',
    );
  });

  it('bad input LCBA-2.5: an appeal on the league’s stream against no structure is refused naming against.structure', async () => {
    const { ledger, structure } = await withStructure();
    await ledger.append(lodged(structure, '2009-08-04T10:00:00+01:00'));
    const bare = onLeagueStream(
      'AppealLodged',
      {
        appealId: 'a2',
        against: { decision: 'the fixtures', publishedAt: PUBLISHED },
        by: 'x',
        deposit: { amount: 40, currency: 'GBP' },
        receivedAt: '2009-08-04T10:00:00+01:00',
      },
      '2009-08-04T10:00:00+01:00',
    );
    await ledger.refuses([bare], 'LEDGER', 'events[0].data.against.structure');
  });
});
