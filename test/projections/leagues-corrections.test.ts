import { v7 } from 'uuid';
import { fold } from '../../src/contexts/projections';
import { leagues, leagueTableOf, matchOf } from '../../src/contexts/league/projection';
import {
  heldLeagueState,
  leagueMatchAt,
  leagueState,
  leagueTableAt,
} from '../../src/contexts/league/read/leagues';
import { collect } from '../support/events';
import type { Proposed } from '../support/nz-club';
import { clubFacts, fact, formResult } from '../domain/league/support';
import { GatedLedger } from '../support/gated-ledger';
import { season, seasonLedger } from './leagues-season';

/**
 * A league's match result corrected on the league's own
 * corrections stream `corrections-lcba-2009`, the league as the correction's "club". The
 * season is leagues-season.ts's: f1 north–south (played 2009-09-16) recorded +1 IMP a board to
 * north (16-4), corrected after every later match to −1 a board (north 4, south 16).
 */
const STREAM = 'corrections-lcba-2009';
const LEAGUE_ID = 'lcba-2009';
const f1 = season.results[0]!;
const f3 = season.results.find(
  (f) => f.type === 'MatchUnplayed' && (f.data as { fixtureId: string }).fixtureId === 'f3',
)!;

const at = (day: string, time = '12:00') => `${day}T${time}:00+01:00`;

function correction(type: string, data: Record<string, unknown>, occurredAt: string): Proposed {
  return {
    streamId: STREAM,
    id: v7(),
    type,
    occurredAt,
    data: { clubId: LEAGUE_ID, leagueId: LEAGUE_ID, ...data },
    metadata: {},
  };
}

/** f1's result as the captains should have sent it: −1 a board to north. */
const correctedF1 = () => formResult('f1', '2009-09-16', 24, -1).data as Record<string, unknown>;

const notified = (
  correctionId: string,
  occurredAt: string,
  corrected: Record<string, unknown> = correctedF1(),
  target: Proposed = f1,
) =>
  correction(
    'CorrectionNotified',
    {
      correctionId,
      target: { eventId: target.id, streamId: target.streamId, type: target.type },
      corrected,
      notifiedBy: 'south captain',
    },
    occurredAt,
  );

const accepted = (correctionId: string, occurredAt: string, extra: Record<string, unknown> = {}) =>
  correction('CorrectionAccepted', { correctionId, by: 'league secretary', ...extra }, occurredAt);

const rows = (view: ReturnType<typeof leagueTableOf>) =>
  view.divisions[0]!.rows.map((r) => [r.team, r.vp, r.netImps]);

describe('a match result corrected (corrections-<leagueId>, LCBA-10.2)', () => {
  it('LCBA-10.2: a result corrected after later matches: the table before and after, and as of a position before the correction the original', async () => {
    const ledger = await seasonLedger();
    const before = await ledger.store.headPosition();
    const original = await leagueTableAt(ledger.store, LEAGUE_ID);
    expect(rows(original)).toEqual([
      ['east', 52, 57],
      ['north', 42, 39],
      ['south', 19, -96],
    ]);
    // Notified on 2009-10-30, after every later match: late (LCBA-10.2, 7 days from the match,
    // before 19:30 on 2009-09-23), accepted with the secretary's recorded reason.
    await ledger.append(
      notified('c1', at('2009-10-30')),
      accepted('c1', at('2009-10-31'), { lateAcceptedBecause: 'the form was misread' }),
    );
    const after = await leagueTableAt(ledger.store, LEAGUE_ID);
    // f1 now 4-16 to south (−24). North's completed matches f1 4, f4 16, f6 10: f3's default
    // for east is still its own (a) 13 VP, 9 IMPs. north 4 + 0 + 16 + 10 = 30, −24 − 9 + 24 =
    // −9; south 16 + 10 + 4 + 1 = 31, 24 + 0 − 24 − 48 = −48; east unchanged.
    expect(rows(after)).toEqual([
      ['east', 52, 57],
      ['south', 31, -48],
      ['north', 30, -9],
    ]);
    expect(after.corrections).toEqual([
      { fixtureId: 'f1', correctionId: 'c1', original: f1.id, type: 'MatchResultRecorded' },
    ]);
    const scored = after.divisions[0]!.fixtures.find((f) => f.fixture === 'f1')!;
    expect([scored.home.vp, scored.home.imps, scored.away.vp]).toEqual([4, -24, 16]);
    expect(scored.home.because[0]).toEqual({
      rule: 'LCBA-10.2',
      text: expect.stringMatching(/match f1 as corrected by correction c1 .*event /),
    });
    const north = after.divisions[0]!.rows.find((r) => r.team === 'north')!;
    expect(north.because.some((b) => b.text.includes('correction c1'))).toBe(true);
    const east = after.divisions[0]!.rows.find((r) => r.team === 'east')!;
    expect(east.because.some((b) => b.text.includes('correction c1'))).toBe(false);

    // As of the position before the correction (and as recorded by a time before it): the
    // original, no correction named.
    const then = await leagueTableAt(ledger.store, LEAGUE_ID, { atPosition: before });
    expect(rows(then)).toEqual(rows(original));
    expect(then.corrections).toBeUndefined();
    // Notified but not yet accepted: the original still stands.
    const notifiedOnly = await leagueTableAt(ledger.store, LEAGUE_ID, { atPosition: before + 1 });
    expect(rows(notifiedOnly)).toEqual(rows(original));

    // The match view board by board reads the corrected result, and names the correction.
    const m = await leagueMatchAt(ledger.store, LEAGUE_ID, 'f1');
    expect(m.score!.homeNetImps).toBe(-24);
    expect(m.corrected).toMatchObject({ correctionId: 'c1', original: f1.id });
    expect(m.table!.home.because[0]!.text).toMatch(/correction c1/);
    const mThen = await leagueMatchAt(ledger.store, LEAGUE_ID, 'f1', { atPosition: before });
    expect(mThen.score!.homeNetImps).toBe(24);
    expect(mThen.corrected).toBeUndefined();

    // The runner's fold of $all gives the same table as the league's replay.
    const state = fold(leagues, await collect(ledger.store.readAll()));
    expect(rows(leagueTableOf(state, LEAGUE_ID))).toEqual(rows(after));
    expect(matchOf(state, LEAGUE_ID, 'f1').corrected?.correctionId).toBe('c1');
  });

  it('the league held by the process catches up once with a correction asked for twice at once', async () => {
    const ledger = await seasonLedger();
    await leagueTableAt(ledger.store, LEAGUE_ID);
    await ledger.append(notified('c1', at('2009-09-20')), accepted('c1', at('2009-09-21')));
    const [x, y] = await Promise.all([
      leagueTableAt(ledger.store, LEAGUE_ID),
      leagueTableAt(ledger.store, LEAGUE_ID),
    ]);
    expect(x).toEqual(y);
    expect(rows(x)).toContainEqual(['south', 31, -48]);
    const held = (await heldLeagueState(ledger.store, LEAGUE_ID)).leagues[LEAGUE_ID]!;
    const replayed = (await leagueState(ledger.store, LEAGUE_ID)).leagues[LEAGUE_ID]!;
    expect(held).toEqual(replayed);
  });

  it('a result and its accepted correction appended while the held league catches up are both read on the next ask, the correction applied (one head for every stream)', async () => {
    const ledger = new GatedLedger();
    const f6 = season.results.slice(-2);
    await ledger.append(...clubFacts(), ...season.structure, ...season.results.slice(0, -2));
    await leagueTableAt(ledger.store, LEAGUE_ID);
    const corrected = {
      ...(f6[0]!.data as Record<string, unknown>),
      result: (formResult('f6', '2009-10-28', 24, -2).data as { result: unknown }).result,
    };
    // The race: between the read of the league's stream and of its corrections stream, f6's
    // result and a correction of it are appended (once).
    const store = ledger.store;
    let raced = false;
    const racing = Object.create(store) as typeof store;
    racing.readStream = (streamId, options) => {
      if (streamId === STREAM && !raced) {
        raced = true;
        const appended = ledger.append(
          ...f6,
          notified('race', at('2009-10-30'), corrected, f6[0]),
          accepted('race', at('2009-10-31')),
        );
        return (async function* () {
          await appended;
          yield* store.readStream(streamId, options);
        })();
      }
      return store.readStream(streamId, options);
    };
    await leagueTableAt(racing, LEAGUE_ID);
    expect(raced).toBe(true);
    const held = (await heldLeagueState(racing, LEAGUE_ID)).leagues[LEAGUE_ID]!;
    const replayed = (await leagueState(store, LEAGUE_ID)).leagues[LEAGUE_ID]!;
    expect(held).toEqual(replayed);
    expect((await leagueTableAt(racing, LEAGUE_ID)).corrections).toEqual([
      expect.objectContaining({ fixtureId: 'f6' }),
    ]);
  });

  it('a match kept scored by the held league is scored again when its day’s match parameters change (RulebookAmended)', async () => {
    const ledger = await seasonLedger();
    const ebu = await leagueTableAt(ledger.store, LEAGUE_ID);
    await ledger.append(
      fact(
        'RulebookAmended',
        { clubId: 'lcba', changes: { 'match.vpScale': 'wbf-2013' }, effectiveFrom: '2009-07-01' },
        'club-lcba',
      ),
    );
    const wbf = await leagueTableAt(ledger.store, LEAGUE_ID);
    expect(wbf).toEqual(leagueTableOf(await leagueState(ledger.store, LEAGUE_ID), LEAGUE_ID));
    const f1vp = (v: typeof ebu) =>
      v.divisions[0]!.fixtures.find((f) => f.fixture === 'f1')!.home.vp;
    expect(f1vp(ebu)).toBe(16);
    expect(f1vp(wbf)).not.toBe(16);
  });

  it('LCBA-10.2: the deadline counts from the match date: before 19:30 on the 7th day in time, at 19:30 late', async () => {
    const ledger = await seasonLedger();
    await ledger.append(notified('in-time', at('2009-09-23', '19:29')));
    await ledger.append(accepted('in-time', at('2009-09-24')));
    const ledger2 = await seasonLedger();
    await ledger2.append(notified('late', at('2009-09-23', '19:30')));
    const refused = await ledger2.refuses(
      [accepted('late', at('2009-09-24'))],
      'LCBA-10.2',
      'events[0].data.lateAcceptedBecause',
    );
    expect(refused.reason).toMatch(/session of 2009-09-16: 2009-09-23 19:30/);
  });

  it('a rejected correction changes nothing; a later accepted one replaces again', async () => {
    const ledger = await seasonLedger();
    await ledger.append(
      notified('c1', at('2009-09-20')),
      correction(
        'CorrectionRejected',
        { correctionId: 'c1', by: 'secretary', reason: 'no' },
        at('2009-09-21'),
      ),
    );
    expect(rows(await leagueTableAt(ledger.store, LEAGUE_ID))[0]).toEqual(['east', 52, 57]);
    expect((await leagueTableAt(ledger.store, LEAGUE_ID)).corrections).toBeUndefined();
    await ledger.append(
      notified('c2', at('2009-09-21'), formResult('f1', '2009-09-16', 24, 0).data as never),
      accepted('c2', at('2009-09-22')),
      notified('c3', at('2009-09-22'), formResult('f1', '2009-09-16', 24, -1).data as never),
      accepted('c3', at('2009-09-22')),
    );
    const view = await leagueTableAt(ledger.store, LEAGUE_ID);
    expect(view.corrections).toEqual([
      expect.objectContaining({ correctionId: 'c3', fixtureId: 'f1' }),
    ]);
    expect(rows(view)).toContainEqual(['south', 31, -48]);
  });

  it('a default (MatchUnplayed) corrected: the other side the offender', async () => {
    const ledger = await seasonLedger();
    const corrected = { ...(f3.data as Record<string, unknown>), offender: 'home' };
    await ledger.append(
      notified('u1', at('2009-10-01'), corrected, f3),
      accepted('u1', at('2009-10-02')),
    );
    const view = await leagueTableAt(ledger.store, LEAGUE_ID);
    const f = view.divisions[0]!.fixtures.find((x) => x.fixture === 'f3')!;
    expect(f.home.vp).toBe(0);
    expect(f.away.vp).toBeGreaterThan(0);
    expect(view.corrections).toEqual([
      expect.objectContaining({ fixtureId: 'f3', type: 'MatchUnplayed' }),
    ]);
  });
});

describe('a league correction refused, naming the field, nothing written', () => {
  it('a correction of an unknown fixture (the corrected fixtureId not the match’s) is refused naming data.corrected.fixtureId', async () => {
    const ledger = await seasonLedger();
    const other = { ...correctedF1(), fixtureId: 'f99' };
    const r = await ledger.refuses(
      [notified('c1', at('2009-09-20'), other)],
      'LEDGER',
      'events[0].data.corrected.fixtureId',
    );
    expect(r.reason).toMatch(/fixtureId identifies the MatchResultRecorded/);
  });

  it('LCBA-10.2: a correction that moves the match’s day (to dodge the 7 days, or out of an as-of table) is refused naming data.corrected.playedOn; a default’s day, data.corrected.on; nothing written', async () => {
    const ledger = await seasonLedger();
    const head = await ledger.store.headPosition();
    // f1 was played on 2009-09-16: notified on 2009-10-01, its 7 days are long gone; moving the
    // match to 2009-09-30 would have put the notice in time.
    await ledger.refuses(
      [notified('moved', at('2009-10-01'), { ...correctedF1(), playedOn: '2009-09-30' })],
      'LEDGER',
      'events[0].data.corrected.playedOn',
    );
    const movedDefault = { ...(f3.data as Record<string, unknown>), on: '2031-01-01' };
    await ledger.refuses(
      [notified('moved-default', at('2009-10-01'), movedDefault, f3)],
      'LEDGER',
      'events[0].data.corrected.on',
    );
    expect(await ledger.store.headPosition()).toBe(head);
  });

  it('a correction of no recorded fact is refused naming data.target.eventId', async () => {
    const ledger = await seasonLedger();
    const ghost = { ...f1, id: v7() };
    await ledger.refuses(
      [notified('c1', at('2009-09-20'), correctedF1(), ghost)],
      'LEDGER',
      'events[0].data.target.eventId',
    );
  });

  it('another league’s corrections stream, or a fact naming another league, is refused', async () => {
    const ledger = await seasonLedger();
    const wrong = notified('c1', at('2009-09-20'));
    await ledger.refuses(
      [{ ...wrong, data: { ...(wrong.data as object), leagueId: 'other' } }],
      'LEDGER',
      'events[0].data.leagueId',
    );
    const noLeague = notified('c1', at('2009-09-20'));
    const { leagueId: _, ...bare } = noLeague.data as Record<string, unknown>;
    await ledger.refuses([{ ...noLeague, data: bare }], 'LEDGER', 'events[0].data.leagueId');
  });

  it('LCBA-6.3: a corrected result the match rules cannot score is refused naming its field', async () => {
    const ledger = await seasonLedger();
    const bad = correctedF1();
    const result = bad.result as { homeImps: Record<string, number> };
    delete result.homeImps['24'];
    const r = await ledger.refuses(
      [notified('c1', at('2009-09-20'), bad)],
      expect.any(String) as never,
      expect.stringMatching(/^events\[0\]\.data\.corrected\.result\./) as never,
    );
    expect(r.field).toMatch(/^events\[0\]\.data\.corrected\.result\./);
  });

  it('LCBA-7.5: a default corrected to both sides withdrawing is refused naming data.corrected.offender', async () => {
    const ledger = await seasonLedger();
    const corrected = {
      ...(f3.data as Record<string, unknown>),
      offender: 'both',
      rule: 'LCBA-7.5',
    };
    await ledger.refuses(
      [notified('u1', at('2009-10-01'), corrected, f3)],
      'LCBA-7.5',
      'events[0].data.corrected.offender',
    );
  });

  it('LCBA-7.5: a default corrected to a withdrawal after 30 minutes is refused naming data.corrected.incompleteMinutes', async () => {
    const ledger = await seasonLedger();
    const corrected = (incompleteMinutes: number) => ({
      ...(f3.data as Record<string, unknown>),
      offender: 'home',
      rule: 'LCBA-7.5',
      incompleteMinutes,
    });
    await ledger.refuses(
      [notified('u1', at('2009-10-01'), corrected(30), f3)],
      'LCBA-7.5',
      'events[0].data.corrected.incompleteMinutes',
      /exceeds 45 minutes/,
    );
    await ledger.append(notified('u1', at('2009-10-01'), corrected(60), f3));
  });

  it('a ruling on a league’s corrections stream names the league (data.leagueId; its match: leagues-rulings.test.ts)', async () => {
    const ledger = await seasonLedger();
    await ledger.append(notified('c1', at('2009-09-20')));
    await ledger.refuses(
      [
        {
          ...correction('RulingGiven', {}, at('2009-09-20')),
          data: { clubId: LEAGUE_ID, rulingId: 'r1', director: 'td', decision: 'x' },
        },
      ],
      'LEDGER',
      'events[0].data.leagueId',
    );
  });
});
