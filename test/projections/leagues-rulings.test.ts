import { v7 } from 'uuid';
import { fold } from '../../src/contexts/projections';
import { competitions } from '../../src/contexts/pairs/projection';
import { leagues, leagueTableOf } from '../../src/contexts/league/projection';
import { leagueMatchAt, leagueTableAt } from '../../src/contexts/league/read/leagues';
import { collect } from '../support/events';
import type { GatedLedger } from '../support/gated-ledger';
import type { Proposed } from '../support/nz-club';
import { formResult } from '../domain/league/support';
import { season, seasonLedger } from './leagues-season';

/**
 * LCBA-10.2: a director's ruling on a league match (its MatchResultRecorded), an
 * appeal received within 7 days of the match (to the end of the 7th day, in the organising
 * club's zone, Europe/London), its decision, and an upheld appeal's corrected result replacing
 * the match's in the table. The season is leagues-season.ts's: f1 north–south, played
 * 2009-09-16, +1 IMP a board to north (16-4); the appeal's deadline is the end of 2009-09-23.
 */
const LEAGUE_ID = 'lcba-2009';
const STREAM = `corrections-${LEAGUE_ID}`;
const f1 = season.results[0]!;
const at = (day: string, time = '12:00:00') => `${day}T${time}+01:00`;

function onLeague(type: string, data: Record<string, unknown>, occurredAt: string): Proposed {
  return {
    streamId: STREAM,
    id: v7(),
    type,
    occurredAt,
    data: { clubId: LEAGUE_ID, leagueId: LEAGUE_ID, ...data },
    metadata: {},
  };
}

const match = (extra: Record<string, unknown> = {}) => ({
  eventId: f1.id,
  streamId: f1.streamId,
  fixtureId: 'f1',
  playedOn: '2009-09-16',
  ...extra,
});

const ruling = (extra: Record<string, unknown> = {}) =>
  onLeague(
    'RulingGiven',
    {
      rulingId: 'r1',
      director: 'league TD',
      board: 7,
      decision: 'the result stands as the captains sent it',
      match: match(),
      ...extra,
    },
    at('2009-09-17'),
  );

const lodged = (receivedAt: string, extra: Record<string, unknown> = {}) =>
  onLeague(
    'AppealLodged',
    { appealId: 'a1', against: { rulingId: 'r1' }, by: 'south captain', receivedAt, ...extra },
    receivedAt,
  );

/** f1 as the appeal decides it: −1 a board to north (4-16). */
const correctedF1 = () => formResult('f1', '2009-09-16', 24, -1).data as Record<string, unknown>;

const decided = (outcome: 'upheld' | 'dismissed', extra: Record<string, unknown> = {}) =>
  onLeague(
    'AppealDecided',
    {
      appealId: 'a1',
      outcome,
      by: 'Laws & Ethics committee',
      decidedAt: at('2009-09-25'),
      ...(outcome === 'upheld' ? { corrected: correctedF1() } : {}),
      ...extra,
    },
    at('2009-09-25'),
  );

const rows = (view: {
  divisions: Array<{ rows: Array<{ team: string; vp: number; netImps: number }> }>;
}) => view.divisions[0]!.rows.map((r) => [r.team, r.vp, r.netImps]);

const ORIGINAL = [
  ['east', 52, 57],
  ['north', 42, 39],
  ['south', 19, -96],
];

async function withRuling(): Promise<GatedLedger> {
  const ledger = await seasonLedger();
  await ledger.append(ruling());
  return ledger;
}

describe('LCBA-10.2: a ruling on a league match and the appeal against it', () => {
  it('LCBA-10.2: an appeal received within the 7 days, upheld: its corrected result replaces the match’s in the table, named in because', async () => {
    const ledger = await withRuling();
    await ledger.append(lodged(at('2009-09-20')), decided('upheld'));
    const view = await leagueTableAt(ledger.store, LEAGUE_ID);
    expect(rows(view)).toEqual([
      ['east', 52, 57],
      ['south', 31, -48],
      ['north', 30, -9],
    ]);
    expect(view.corrections).toEqual([
      {
        fixtureId: 'f1',
        appeal: {
          appealId: 'a1',
          rulingId: 'r1',
          ruling: expect.any(String),
          decision: expect.any(String),
        },
        original: f1.id,
        type: 'MatchResultRecorded',
      },
    ]);
    const scored = view.divisions[0]!.fixtures.find((f) => f.fixture === 'f1')!;
    expect(scored.home.because[0]).toEqual({
      rule: 'LCBA-10.2',
      text: expect.stringMatching(/match f1 as decided by appeal a1 against ruling r1 \(upheld/),
    });
    const north = view.divisions[0]!.rows.find((r) => r.team === 'north')!;
    expect(north.because.some((b) => b.rule === 'LCBA-10.2' && /appeal a1/.test(b.text))).toBe(
      true,
    );
    const m = await leagueMatchAt(ledger.store, LEAGUE_ID, 'f1');
    expect(m.score!.homeNetImps).toBe(-24);
    expect(m.corrected?.appeal?.appealId).toBe('a1');
    // The runner's fold of $all agrees with the league's own replay.
    const state = fold(leagues, await collect(ledger.store.readAll()));
    expect(rows(leagueTableOf(state, LEAGUE_ID))).toEqual(rows(view));
  });

  it('the competitions read model leaves a league’s rulings and appeals (facts naming leagueId) to the leagues read model', async () => {
    const ledger = await withRuling();
    await ledger.append(lodged(at('2009-09-20')), decided('upheld'));
    const state = fold(competitions, await collect(ledger.store.readAll()));
    expect(state.corrections?.[LEAGUE_ID]).toBeUndefined();
  });

  it('LCBA-10.2: a dismissed appeal changes nothing', async () => {
    const ledger = await withRuling();
    await ledger.append(lodged(at('2009-09-20')), decided('dismissed'));
    const view = await leagueTableAt(ledger.store, LEAGUE_ID);
    expect(rows(view)).toEqual(ORIGINAL);
    expect(view.corrections).toBeUndefined();
  });

  it('LCBA-10.2: received on the 7th day after the match (23:59:59, London) is in time', async () => {
    const ledger = await withRuling();
    await ledger.append(lodged(at('2009-09-23', '23:59:59')), decided('upheld'));
    expect(rows(await leagueTableAt(ledger.store, LEAGUE_ID))).toContainEqual(['south', 31, -48]);
  });

  it('LCBA-10.2: received at the 8th day’s start is out of time: recorded, and not heard without heardLateBecause', async () => {
    const ledger = await withRuling();
    await ledger.append(lodged(at('2009-09-24', '00:00:00')));
    const refused = await ledger.refuses(
      [decided('upheld')],
      'LCBA-10.2',
      'events[0].data.heardLateBecause',
    );
    expect(refused.reason).toMatch(
      /within 7 days of the session of 2009-09-16: to the end of 2009-09-23/,
    );
    // Heard anyway, with the board's recorded reason: the decision stands.
    await ledger.append(decided('upheld', { heardLateBecause: 'the post was delayed' }));
    expect(rows(await leagueTableAt(ledger.store, LEAGUE_ID))).toContainEqual(['south', 31, -48]);
  });

  it('LCBA-10.2: the 7 days are counted in the organiser’s zone (Europe/London), not the offset the appeal is written in', async () => {
    const ledger = await withRuling();
    // 23:30 UTC on the 23rd is 00:30 on the 24th in London: out of time.
    const receivedAt = '2009-09-23T23:30:00+00:00';
    await ledger.append(lodged(receivedAt));
    await ledger.refuses([decided('dismissed')], 'LCBA-10.2', 'events[0].data.heardLateBecause');
  });

  it('LCBA-10.2(2): the escalation within 14 days of the decision with £75; a day later refused', async () => {
    const ledger = await withRuling();
    await ledger.append(lodged(at('2009-09-20')), decided('dismissed'));
    const escalated = (receivedAt: string, amount = 75) =>
      onLeague(
        'AppealEscalated',
        { appealId: 'a1', by: 'south captain', receivedAt, deposit: { amount, currency: 'GBP' } },
        receivedAt,
      );
    await ledger.refuses(
      [escalated(at('2009-10-09', '12:00:01'))],
      'LCBA-10.2',
      'events[0].data.receivedAt',
    );
    await ledger.refuses([escalated(at('2009-10-09'), 50)], 'LCBA-10.2', 'events[0].data.deposit');
    await ledger.append(escalated(at('2009-10-09')));
  });
});

describe('LCBA-10.2: a league ruling or appeal refused, naming the field, nothing written', () => {
  it('a league’s ruling names its match (data.match)', async () => {
    const ledger = await seasonLedger();
    const r = ruling();
    delete (r.data as Record<string, unknown>).match;
    await ledger.refuses([r], 'LEDGER', 'events[0].data.match');
  });

  it('a ruling on no recorded fact, or on a fact that is not a match result, is refused (data.match.eventId)', async () => {
    const ledger = await seasonLedger();
    await ledger.refuses(
      [ruling({ match: match({ eventId: v7() }) })],
      'LEDGER',
      'events[0].data.match.eventId',
    );
    const received = season.results[1]!; // ResultFormReceived
    await ledger.refuses(
      [ruling({ match: match({ eventId: received.id }) })],
      'LEDGER',
      'events[0].data.match.eventId',
    );
  });

  it('a ruling naming another fixture or another day than the result’s is refused', async () => {
    const ledger = await seasonLedger();
    await ledger.refuses(
      [ruling({ match: match({ fixtureId: 'f2' }) })],
      'LEDGER',
      'events[0].data.match.fixtureId',
    );
    await ledger.refuses(
      [ruling({ match: match({ playedOn: '2009-09-18' }) })],
      'LCBA-10.2',
      'events[0].data.match.playedOn',
    );
  });

  it('a league’s ruling takes no session fields (data.sessionStreamId)', async () => {
    const ledger = await seasonLedger();
    await ledger.refuses(
      [ruling({ sessionStreamId: 'session-x' })],
      'LEDGER',
      'events[0].data.sessionStreamId',
    );
  });

  it('an appeal against no ruling recorded is refused (data.against.rulingId)', async () => {
    const ledger = await seasonLedger();
    await ledger.append(
      onLeague(
        'CorrectionNotified',
        {
          correctionId: 'c1',
          target: { eventId: f1.id, streamId: f1.streamId, type: f1.type },
          corrected: correctedF1(),
          notifiedBy: 'south captain',
        },
        at('2009-09-18'),
      ),
    );
    await ledger.refuses([lodged(at('2009-09-20'))], 'LEDGER', 'events[0].data.against.rulingId');
  });

  it('an upheld appeal’s corrected result of another fixture or another day (LCBA-10.2), or one the match rules cannot score, is refused', async () => {
    const ledger = await withRuling();
    await ledger.append(lodged(at('2009-09-20')));
    await ledger.refuses(
      [decided('upheld', { corrected: { ...correctedF1(), fixtureId: 'f2' } })],
      'LEDGER',
      'events[0].data.corrected.fixtureId',
    );
    // LCBA-10.2: nor may it move the match's day, from which the appeal's 7 days ran.
    await ledger.refuses(
      [decided('upheld', { corrected: { ...correctedF1(), playedOn: '2009-09-30' } })],
      'LEDGER',
      'events[0].data.corrected.playedOn',
    );
    const bad = correctedF1();
    delete (bad.result as { homeImps: Record<string, number> }).homeImps['24'];
    const r = await ledger.refuses(
      [decided('upheld', { corrected: bad })],
      expect.any(String) as never,
      expect.stringMatching(/^events\[0\]\.data\.corrected\.result\./) as never,
    );
    expect(r.field).toMatch(/^events\[0\]\.data\.corrected\.result\./);
    await ledger.refuses(
      [decided('upheld', { corrected: { fixtureId: 'f1' } })],
      'LEDGER',
      expect.stringMatching(/^events\[0\]\.data\.corrected\./) as never,
    );
  });

  it('a dismissed appeal carries no corrected result (schema: corrected)', async () => {
    const ledger = await withRuling();
    await ledger.append(lodged(at('2009-09-20')));
    await expect(
      ledger.append(decided('dismissed', { corrected: correctedF1() })),
    ).rejects.toMatchObject({
      issues: expect.arrayContaining([
        expect.objectContaining({ field: expect.stringMatching(/corrected/) }),
      ]),
    });
  });

  it('a club’s ruling names no league match (data.match)', async () => {
    const ledger = await seasonLedger();
    await ledger.refuses(
      [
        {
          ...ruling(),
          streamId: 'corrections-lcba',
          data: { clubId: 'lcba', rulingId: 'r1', director: 'td', decision: 'x', match: match() },
        },
      ],
      'LEDGER',
      'events[0].data.match',
    );
  });
});
