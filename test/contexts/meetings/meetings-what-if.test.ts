import { agmStory, pinnerClub } from '../../support/meetings';
import { meetingWhatIfAt } from '../../../src/contexts/meetings/read';
import { InvalidTableQueryError } from '../../../src/audit/table-query';

/**
 * A what-if of a general meeting: its minutes under another reading of the constitution, as an
 * amendment of the club's rulebook from the meeting's day; nothing is stored. The 2019 AGM of
 * test/support/meetings.ts: 25 present of 31, section 22 carried 16–8, section 27 lost 15–8.
 */
async function agm() {
  const ledger = await pinnerClub();
  await ledger.append(...agmStory());
  return ledger;
}

describe('what-if: the AGM under another reading (PIN-C22, PIN-C25)', () => {
  it('PIN-C25 a three-fifths majority instead of two thirds: section 27 (15–8) would have carried; nothing is stored', async () => {
    const ledger = await agm();
    const head = await ledger.store.headPosition();
    const w = await meetingWhatIfAt(ledger.store, 'pinner', 'agm19', {
      'meetings.specialMajority.numerator': 3,
      'meetings.specialMajority.denominator': 5,
    });
    expect(w.changes).toEqual([
      expect.objectContaining({
        subject: 'mo2',
        field: 'result',
        from: 'not carried',
        to: 'carried',
      }),
    ]);
    expect(await ledger.store.headPosition()).toBe(head);
  });

  it('PIN-C22 a quorum of 30 members, or all of them: 25 present is no quorum, so nothing is carried and no one elected', async () => {
    const ledger = await agm();
    const w = await meetingWhatIfAt(ledger.store, 'pinner', 'agm19', {
      'meetings.quorum.members': 30,
      'meetings.quorum.percent': 100,
    });
    expect(w.whatIf.quorum).toMatchObject({ quorum: 30, present: 25, quorate: false });
    expect(w.whatIf.motions.map((m) => m.result)).toEqual(['no quorum', 'no quorum']);
    expect(w.changes.map((c) => [c.subject, c.field, c.to])).toEqual([
      ['quorum', 'quorum', 30],
      ['quorum', 'quorate', false],
      ['mo1', 'result', 'no quorum'],
      ['mo1', 'rule', 'PIN-C22'],
      ['mo2', 'result', 'no quorum'],
      ['mo2', 'rule', 'PIN-C22'],
      ['election treasurer', 'elected', []],
      ['election secretary', 'elected', []],
    ]);
  });

  it('bad input: a path naming no parameter, or a value of the wrong kind, is refused naming the path', async () => {
    const ledger = await agm();
    const refused = (o: unknown) =>
      meetingWhatIfAt(ledger.store, 'pinner', 'agm19', o).then(
        () => undefined,
        (e: unknown) => e,
      );
    const unknown = await refused({ 'meetings.quorum.seats': 3 });
    expect(unknown).toBeInstanceOf(InvalidTableQueryError);
    expect((unknown as InvalidTableQueryError).issues[0]!.field).toBe('meetings.quorum.seats');
    const kind = await refused({ 'meetings.noticeDays': 'fourteen' });
    expect((kind as InvalidTableQueryError).issues[0]!.field).toBe('meetings.noticeDays');
    expect(((await refused([1])) as InvalidTableQueryError).issues[0]!.field).toBe(
      'rulebookOverride',
    );
  });
});

describe('the meetings parameters are checked as the rules read them', () => {
  it('bad input: a majority above one, or a quorum of 0 %, is refused naming the path and the rule (what-if and amendment alike)', async () => {
    const ledger = await agm();
    const refused = (o: unknown) =>
      meetingWhatIfAt(ledger.store, 'pinner', 'agm19', o).then(
        () => undefined,
        (e: unknown) => e as InvalidTableQueryError,
      );
    const over = await refused({ 'meetings.specialMajority.numerator': 4 });
    expect(over!.issues[0]).toMatchObject({ field: 'meetings.specialMajority' });
    expect(over!.issues[0]!.message).toMatch(/0 < numerator <= denominator, not 4\/3 \(PIN-C25\)/);
    const none = await refused({ 'meetings.quorum.percent': 0 });
    expect(none!.issues[0]).toMatchObject({ field: 'meetings.quorum.percent' });
  });
});
