import { collect } from '../support/events';
import { GatedLedger as Ledger } from '../support/gated-ledger';
import {
  clubRegistered,
  competition,
  proposed,
  registered,
  rulebookAdopted,
  rulebookAmended,
  weekly,
} from '../support/nz-club';

/**
 * The deciders' deadlines come from the club's rulebook in force on the session's day, not from
 * constants or the competition's format: the DSB-3 naming deadline (`pairs.namingDeadline`) and
 * DSB-10.1's notice before the start (`substitutes.noticeBeforeStart` under dsb-groenlo-2014,
 * `substituteNoticeBeforeStart` under nz-club, false), so that an amendment changes them from
 * its effective date.
 */

const DATES = weekly('2026-03-02', 4);

/** The club's roster: the pairs' players and the substitute. */
const PLAYERS = ['ann', 'bob', 'cat', 'dan', 'eve', 'zoe'].map((p) => registered(p, 'member'));

/** A competition of the club with a partnership of three and a pair, under `format`. */
function event(format: string) {
  const e = competition('spring', format, 'monday', DATES, {
    P3: ['ann', 'bob', 'cat'],
    P2: ['dan', 'eve'],
  });
  const club = (date: string, time: string) => `${date}T${time}:00+01:00`;
  return {
    ...e,
    named: (session: number, time: string) =>
      proposed(
        e.stream,
        'PartnershipPlayersNamed',
        { competitionId: 'spring', session, pairId: 'P3', players: ['ann', 'bob'] },
        club(DATES[session - 1]!, time),
      ),
    substitute: (session: number, time: string) =>
      proposed(
        e.stream,
        'SubstitutePlayed',
        {
          competitionId: 'spring',
          session,
          pairId: 'P2',
          absentPlayerId: 'eve',
          substituteId: 'zoe',
        },
        club(DATES[session - 1]!, time),
      ),
  };
}

async function club(preset: string, ...amendments: ReturnType<typeof rulebookAmended>[]) {
  const ledger = new Ledger();
  await ledger.append(clubRegistered(), rulebookAdopted(preset), ...amendments, ...PLAYERS);
  return ledger;
}

describe('DSB-3 the naming deadline is the rulebook’s pairs.namingDeadline on the session’s day', () => {
  it('DSB-3 12:00 by the preset: 12:00 accepted, 12:01 refused at occurredAt', async () => {
    const ledger = await club('dsb-groenlo-2014');
    const e = event('dsb-pairs');
    await ledger.append(...e.setup, e.named(1, '12:00'));
    await ledger.refuses([e.named(2, '12:01')], 'DSB-3', 'events[0].occurredAt', /12:00 deadline/);
  });

  it('DSB-3 an amendment to 11:00 refuses 11:30 from its effective date on, not before', async () => {
    // Effective from session 3's day: sessions 1 and 2 keep 12:00.
    const ledger = await club(
      'dsb-groenlo-2014',
      rulebookAmended({ 'pairs.namingDeadline': '11:00' }, DATES[2]!),
    );
    const e = event('dsb-pairs');
    await ledger.append(...e.setup, e.named(1, '11:30'), e.named(2, '11:30'));
    await ledger.refuses(
      [e.named(3, '11:30')],
      'DSB-3',
      'events[0].occurredAt',
      /after the 11:00 deadline of 2026-03-16/,
    );
    await ledger.append(e.named(3, '11:00'));
  });

  it('DSB-3 a later deadline by amendment accepts what the preset refused', async () => {
    const ledger = await club(
      'dsb-groenlo-2014',
      rulebookAmended({ 'pairs.namingDeadline': '18:00' }, DATES[1]!),
    );
    const e = event('dsb-pairs');
    await ledger.append(...e.setup);
    await ledger.refuses([e.named(1, '17:00')], 'DSB-3', 'events[0].occurredAt');
    await ledger.append(e.named(2, '17:00'));
  });

  it('DSB-3 under nz-club no deadline applies to naming', async () => {
    const ledger = await club('nz-club');
    const e = event('three-four-session-pairs');
    const named = e.named(1, '19:00');
    await ledger.append(...e.setup, named);
    const stored = await collect(ledger.store.readStream(e.stream));
    expect(stored.map((x) => x.id)).toContain(named.id);
  });

  it('RULEBOOK a deadline that is not HH:MM is refused, naming the change; nothing is written', async () => {
    const ledger = await club('dsb-groenlo-2014');
    await ledger.refuses(
      [rulebookAmended({ 'pairs.namingDeadline': 'noon' }, DATES[1]!)],
      'RULEBOOK',
      'events[0].data.changes["pairs.namingDeadline"]',
      /HH:MM/,
    );
    await ledger.refuses(
      [rulebookAmended({ 'absence.noticeDeadline': '9:00' }, DATES[1]!)],
      'RULEBOOK',
      'events[0].data.changes["absence.noticeDeadline"]',
    );
    await ledger.refuses(
      [rulebookAmended({ 'pairs.namingDeadline': 1200 }, DATES[1]!)],
      'RULEBOOK',
      'events[0].data.changes["pairs.namingDeadline"]',
      /must be a string/,
    );
  });
});

// A competition's format is one its rulebook in force publishes (a format of another rulebook
// is refused at CompetitionCreated: RULEBOOK, test/runtime/competition-shape.test.ts).
describe('DSB-10.1 a substitute notified before the start: by the rulebook in force', () => {
  it('DSB-10.1 under dsb-groenlo-2014 a substitute after 19:30 is refused', async () => {
    const ledger = await club('dsb-groenlo-2014');
    const e = event('dsb-pairs');
    await ledger.append(...e.setup, e.substitute(1, '19:30'));
    await ledger.refuses(
      [e.substitute(2, '19:31')],
      'DSB-10.1',
      'events[0].occurredAt',
      /after the session started \(2026-03-09 19:30\)/,
    );
  });

  it('DSB-10.1 under nz-club a substitute after the start is accepted', async () => {
    const ledger = await club('nz-club');
    const e = event('three-four-session-pairs');
    const late = e.substitute(1, '21:00');
    await ledger.append(...e.setup, late);
    const stored = await collect(ledger.store.readStream(e.stream));
    expect(stored.map((x) => x.id)).toContain(late.id);
  });

  it('DSB-10.1 switched off by amendment from its effective date, not before', async () => {
    const ledger = await club(
      'dsb-groenlo-2014',
      rulebookAmended({ 'substitutes.noticeBeforeStart': false }, DATES[1]!),
    );
    const e = event('dsb-pairs');
    await ledger.append(...e.setup);
    await ledger.refuses([e.substitute(1, '20:00')], 'DSB-10.1', 'events[0].occurredAt');
    await ledger.append(e.substitute(2, '20:00'));
  });

  it('DSB-10.1 switched on for an nz-club by amendment', async () => {
    const ledger = await club(
      'nz-club',
      rulebookAmended({ substituteNoticeBeforeStart: true }, DATES[0]!),
    );
    const e = event('three-four-session-pairs');
    await ledger.append(...e.setup);
    await ledger.refuses([e.substitute(1, '20:00')], 'DSB-10.1', 'events[0].occurredAt');
  });

  it('with no rulebook in force on the session’s day no deadline is the club’s: none is judged', async () => {
    const ledger = new Ledger();
    const e = event('dsb-pairs');
    const late = [e.substitute(1, '20:00'), e.named(1, '12:01')];
    await ledger.append(clubRegistered(), ...PLAYERS, ...e.setup, ...late);
    const stored = await collect(ledger.store.readStream(e.stream));
    expect(stored.slice(-2).map((x) => x.id)).toEqual(late.map((f) => f.id));
  });
});
