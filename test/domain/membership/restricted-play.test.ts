import { fold } from '../../../src/contexts/projections';
import {
  eventEntries,
  membership,
  personHistory,
} from '../../../src/contexts/membership/projection';
import { collect } from '../../support/events';
import { accepts, application, elected, fact, pinner, played } from './support';

/**
 * PIN-R8/C17: the committee may restrict the events of a Restricted member. zoe, elected
 * 2018-03-08, is Restricted until 2019-03-07 and Full from 2019-03-08; on 2018-06-01 the
 * committee restricts her from the Club Championship.
 */
async function club(overrides = {}) {
  const ledger = await pinner('pinner-2018', overrides);
  await ledger.append(
    ...application('a1', 'zoe'),
    elected('a1', '2018-03-08'),
    fact('MemberEventsRestricted', {
      person: 'zoe',
      on: '2018-06-01',
      events: ['club-championship'],
    }),
  );
  return ledger;
}
const inEvent = (date: string, id = 'club-championship') =>
  played('zoe', date, { event: { id, special: false } });

describe('PIN-R8/C17: a Restricted member kept from an event does not play in it', () => {
  it('PIN-R8: her session in the Club Championship on 2018-06-20 is refused naming data.event.id and the restriction’s date, nothing written', async () => {
    const ledger = await club();
    await ledger.refuses(
      [inEvent('2018-06-20')],
      'PIN-R8',
      'events[0].data.event.id',
      /restricted from club-championship by the committee since 2018-06-01 \(PIN-C17\): not to play in it before the Restricted year ends on 2019-03-08/,
    );
  });

  it('PIN-R8: before the restriction (2018-05-20) and in another event she plays', async () => {
    const ledger = await club();
    await accepts(ledger, inEvent('2018-05-20'), inEvent('2018-06-20', 'pairs-2018-06-20'));
  });

  it('PIN-R8: the restriction ends with the Restricted year: refused on 2019-03-07, accepted on 2019-03-08 (Full)', async () => {
    const ledger = await club();
    await ledger.refuses([inEvent('2019-03-07')], 'PIN-R8', 'events[0].data.event.id');
    await accepts(ledger, inEvent('2019-03-08'));
  });

  it('PIN-R8 setting "flag": the duty member let her play; recorded, and her page gives the verdict on that session only', async () => {
    const ledger = await club({ 'membership.restrictedPlay': 'flag' });
    await accepts(ledger, inEvent('2018-06-20'), inEvent('2018-06-21', 'pairs-2018-06-21'));
    const state = fold(membership, await collect(ledger.store.readAll()));
    const lines = personHistory({ clubId: 'pinner', state }, 'zoe', '2018-12-31').history.filter(
      (h) => h.type === 'SessionPlayedAtClub',
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]!.because).toContainEqual({
      rule: 'PIN-R8',
      text: 'played in club-championship, restricted from it by the committee since 2018-06-01 (PIN-C17; recorded: the club lets the duty member decide)',
    });
    expect((lines[1]!.because ?? []).some((b) => b.text.startsWith('played in'))).toBe(false);
  });

  it('PIN-R8 setting "flag": the event’s entries give the verdict on her session, the others’ unflagged; an event no session names is 404', async () => {
    const ledger = await club({ 'membership.restrictedPlay': 'flag' });
    await accepts(
      ledger,
      inEvent('2018-06-20'),
      played('ann', '2018-06-20', { event: { id: 'club-championship', special: false } }),
    );
    const state = fold(membership, await collect(ledger.store.readAll()));
    const s = { clubId: 'pinner', state };
    const view = eventEntries(s, 'club-championship', '2018-12-31');
    expect(view.entries.map((e) => [e.person, e.member, e.class, e.flagged])).toEqual([
      ['ann', true, 'full', false],
      ['zoe', true, 'restricted', true],
    ]);
    expect(view.entries[1]!.because[0]).toMatchObject({ rule: 'PIN-R8' });
    // Before her session, the entries stop at the day asked.
    expect(eventEntries(s, 'club-championship', '2018-06-19').entries).toEqual([]);
    expect(() => eventEntries(s, 'county-pairs', '2018-12-31')).toThrow(
      expect.objectContaining({ code: 'MEMBERSHIP_NOT_FOUND', field: 'eventId' }),
    );
  });

  it('bad input: a setting other than "refuse" or "flag" is refused naming the parameter, nothing written', async () => {
    const ledger = await club();
    const head = await ledger.store.headPosition();
    await ledger.refuses(
      [
        fact(
          'RulebookAmended',
          {
            clubId: 'pinner',
            changes: { 'membership.restrictedPlay': 'maybe' },
            effectiveFrom: '2018-07-01',
          },
          'club-pinner',
        ),
      ],
      'RULEBOOK',
      'events[0].data.changes["membership.restrictedPlay"]',
      /must be "refuse" or "flag", not "maybe"/,
    );
    expect(await ledger.store.headPosition()).toBe(head);
  });
});
