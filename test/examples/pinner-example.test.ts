import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pinner2018 } from '../../src/rulesets/pinner/preset';
import type { VisitorInput } from '../../src/contexts/membership/model';
import { registerOf, visitorFactsOf } from '../../src/rulesets/pinner/register';
import type { MembershipFactIn } from '../../src/rulesets/pinner/register';
import { prizeEligibility, visitorVerdicts } from '../../src/contexts/membership/visitors';
import { fact } from '../domain/membership/support';
import { collect } from '../support/events';
import { GatedLedger } from '../support/gated-ledger';
import { standingsOf } from '../../src/contexts/pairs/projection';
import { competitionsState } from '../../src/audit/published';

/**
 * The Pinner example year (examples/uk-pinner-bc-2018.ndjson, written by
 * examples/pinner.ts), loaded through the gate into a memory store, each story read back with
 * the pure functions. The numbers and dates in the comments are worked out by hand from the
 * preset pinner-2018: display 7 days (PIN-C6/C7), Restricted one year from election (PIN-R8),
 * Student 16–25, members from 16 (PIN-C3), a visitor's 7th session of a calendar year the first
 * that may be refused (PIN-R10), under 16 exempt (PIN-R12), visitors no enhanced prize money
 * (PIN-R13).
 */

const FILE = join(__dirname, '../../examples/uk-pinner-bc-2018.ndjson');
type Line = { streamId: string; type: string; data: Record<string, unknown> };
const LINES: Line[] = readFileSync(FILE, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Line);
const MEMBERSHIP = pinner2018.params.membership;
const VISITORS = pinner2018.params.visitors;

/** The example in a gated ledger: all of it, or its lines before the first that `stop` picks. */
async function ledgerOf(stop?: (l: Line) => boolean): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  const end = stop ? LINES.findIndex(stop) : LINES.length;
  if (end < 0) throw new Error('no such line in the example');
  await ledger.appendFile(LINES.slice(0, end));
  return ledger;
}

const the = (type: string, applicationId: string) => (l: Line) =>
  l.type === type && l.data.applicationId === applicationId;

let facts: MembershipFactIn[];
let full: GatedLedger;
beforeAll(async () => {
  full = await ledgerOf();
  facts = (await collect(full.store.readStream('members-pinner'))).map((e) => ({
    type: e.type,
    data: e.data,
  }));
});

const register = (asOf: string) => registerOf(facts, asOf, MEMBERSHIP);
const entry = (asOf: string, person: string) =>
  register(asOf).entries.find((e) => e.person === person);
const pending = (asOf: string, applicationId: string) =>
  register(asOf).pending.find((a) => a.applicationId === applicationId);
const input = (which: string): VisitorInput => ({
  ...visitorFactsOf(facts),
  year: VISITORS.year,
  which,
});
const rowOf = (which: string, person: string) =>
  visitorVerdicts(input(which), VISITORS).rows.find((r) => r.person === person)!;

describe('the Pinner example year loads', () => {
  it('every line passes the catalogue and the deciders through the gate: the club, its rulebook, its members stream, its meetings, a rubber evening and a ruling at it, its roster and the Christmas Pairs', async () => {
    expect(await full.store.headPosition()).toBe(LINES.length);
    expect(new Set(LINES.map((l) => l.streamId))).toEqual(
      new Set([
        'club-pinner',
        'members-pinner',
        'meetings-pinner',
        'rubber-pinner-rubber-2019-11-05',
        'corrections-pinner',
        'club-pinner-players',
        'competition-pinner-christmas-pairs-2018',
      ]),
    );
    // Seven members on the list before the ledger began, Full (their first year long over):
    // Alice, elected 14 September 2009, Full from 14 September 2010.
    const before = register('2018-04-01').entries;
    expect(before.map((e) => [e.person, e.class])).toEqual([
      ['pin-alice', 'full'],
      ['pin-bernard', 'full'],
      ['pin-celia', 'full'],
      ['pin-desmond', 'full'],
      ['pin-edith', 'full'],
      ['pin-frank', 'full'],
      ['pin-gwen', 'full'],
    ]);
    expect(before[0]).toMatchObject({ classFrom: '2010-09-14', votes: true, subscription: 'due' });
  });
});

describe('PIN-C6/C7 Ivy: a withdrawn seconder replaced, the display restarted', () => {
  // Displayed Tuesday 10 April: considered from 17 April (10 + 7). Bernard withdraws on the
  // 13th; Desmond seconds on Monday the 16th: the amended application is displayed seven days
  // from the 16th, so the committee may consider it from the 23rd, the day it elects her.
  it('PIN-C6: displayed on 10 April, considered from the 17th; from the 13th to the 15th no seconder and no consider-from day (PIN-C5)', () => {
    expect(pending('2018-04-12', 'pin-2018-a1')).toMatchObject({
      displayedOn: '2018-04-10',
      considerFrom: '2018-04-17',
      proposer: 'pin-celia',
      seconder: 'pin-bernard',
      signedBy: 'pin-alice',
    });
    // MEMBERSHIP-FIXES (PIN-C5/C7): Bernard withdrew on the 13th; until Desmond
    // seconds there is no day the committee may consider it, and the view says so.
    for (const day of ['2018-04-13', '2018-04-14', '2018-04-15']) {
      const after = pending(day, 'pin-2018-a1')!;
      expect(after.considerFrom).toBeUndefined();
      expect(after.seconder).toBeUndefined();
      expect(after.because).toEqual([
        {
          rule: 'PIN-C5',
          text: 'no seconder since 2018-04-13 (withdrawn, PIN-C7): not considered before a replacement, then 7 days from it',
        },
      ]);
    }
  });

  it('PIN-C7: Desmond seconds on 16 April: considered from the 23rd, the seventh day after the amendment', () => {
    const a = pending('2018-04-16', 'pin-2018-a1')!;
    expect(a).toMatchObject({ seconder: 'pin-desmond', considerFrom: '2018-04-23' });
    expect(a.because).toEqual([
      { rule: 'PIN-C7', text: 'amended on 2018-04-16: displayed 7 days from then' },
    ]);
    expect(pending('2018-04-22', 'pin-2018-a1')).toBeDefined();
    expect(entry('2018-04-22', 'pin-ivy')).toMatchObject({ standing: 'applicant' });
    expect(pending('2018-04-23', 'pin-2018-a1')).toBeUndefined();
    expect(entry('2018-04-23', 'pin-ivy')).toMatchObject({
      standing: 'member',
      class: 'restricted',
      classFrom: '2018-04-23',
      electedOn: '2018-04-23',
    });
  });

  it('PIN-C7: the decider refuses the election on the 22nd naming data.on and the 23rd, writes nothing, and accepts the 23rd', async () => {
    const ledger = await ledgerOf(the('ApplicationConsidered', 'pin-2018-a1'));
    await ledger.refuses(
      [fact('MemberElected', { applicationId: 'pin-2018-a1', on: '2018-04-22' })],
      'PIN-C7',
      'events[0].data.on',
      /2018-04-23/,
    );
    await ledger.appendFile(LINES);
    expect(await ledger.store.headPosition()).toBe(LINES.length);
  });

  it('PIN-C5: before Desmond seconds, the committee considering it on the 17th is refused naming data.applicationId, nothing written', async () => {
    const ledger = await ledgerOf(the('SupportReplaced', 'pin-2018-a1'));
    for (const type of ['ApplicationConsidered', 'MemberElected']) {
      await ledger.refuses(
        [fact(type, { applicationId: 'pin-2018-a1', on: '2018-04-17' })],
        'PIN-C5',
        'events[0].data.applicationId',
        /no seconder on 2018-04-17 \(withdrawn, not replaced: PIN-C7\)/,
      );
    }
    await ledger.appendFile(LINES);
    expect(await ledger.store.headPosition()).toBe(LINES.length);
  });
});

describe('PIN-R8 Restricted for the first year after election, then Full', () => {
  // Jack, elected Monday 14 May 2018: Restricted to 13 May 2019, Full from 14 May 2019
  // (election + 1 year). The committee kept him out of the 2018 club championship from 4 June.
  it('PIN-R8: Jack is Restricted on 13 May 2019 with his events restricted, Full on the 14th', () => {
    expect(entry('2018-06-03', 'pin-jack')).toMatchObject({ class: 'restricted' });
    expect(entry('2018-06-03', 'pin-jack')!.restrictedEvents).toBeUndefined();
    expect(entry('2019-05-13', 'pin-jack')).toMatchObject({
      class: 'restricted',
      classFrom: '2018-05-14',
      restrictedEvents: ['pinner-club-championship-2018'],
    });
    const now = entry('2019-05-14', 'pin-jack')!;
    expect(now).toMatchObject({ class: 'full', classFrom: '2019-05-14', votes: true });
    expect(now.restrictedEvents).toBeUndefined();
    expect(now.classes).toEqual([
      {
        class: 'restricted',
        from: '2018-05-14',
        because: {
          rule: 'PIN-R8',
          text: 'elected on 2018-05-14: Restricted for the first year, until 2019-05-14',
        },
      },
      {
        class: 'full',
        from: '2019-05-14',
        because: { rule: 'PIN-R8', text: 'Restricted year over on 2019-05-14' },
      },
    ]);
  });

  it('PIN-R8: Ivy, elected 23 April 2018, is Restricted on 22 April 2019 and Full on the 23rd', () => {
    expect(entry('2019-04-22', 'pin-ivy')).toMatchObject({ class: 'restricted' });
    expect(entry('2019-04-23', 'pin-ivy')).toMatchObject({
      class: 'full',
      classFrom: '2019-04-23',
    });
  });
});

describe('PIN-C8, C9, R9 Kenneth: objected to, rejected, never admitted', () => {
  // Applied and displayed Monday 4 June (considered from the 11th); Gwen's written objection on
  // the 6th; rejected on the 11th without a reason.
  it('PIN-C8: the objection is on the pending application with its grounds in full', () => {
    const a = pending('2018-06-10', 'pin-2018-a3')!;
    expect(a.considerFrom).toBe('2018-06-11');
    expect(a.objections).toEqual([
      {
        by: 'pin-gwen',
        on: '2018-06-06',
        grounds: expect.stringMatching(/^On 7 and 21 May, as a visitor, he disputed/),
        form: 'written',
        signed: true,
        valid: true,
      },
    ]);
    expect(a.validObjections).toBe(1);
    expect(pending('2018-06-05', 'pin-2018-a3')!.objections).toEqual([]);
  });

  it('PIN-C9: rejected on 11 June, no reason stored; PIN-R9 barred from that day', () => {
    const rejection = LINES.find(the('ApplicationRejected', 'pin-2018-a3'))!;
    expect(Object.keys(rejection.data).sort()).toEqual(['applicationId', 'clubId', 'on']);
    expect(entry('2018-06-10', 'pin-kenneth')).toMatchObject({
      standing: 'applicant',
      barredForEver: false,
    });
    expect(entry('2018-06-11', 'pin-kenneth')).toMatchObject({
      standing: 'rejected',
      barredForEver: true,
      because: [
        {
          rule: 'PIN-R9',
          text: 'rejected or removed by the committee on 2018-06-11: never admitted again',
        },
      ],
    });
    expect(pending('2018-06-11', 'pin-2018-a3')).toBeUndefined();
  });

  it('PIN-R9: his application of 4 March 2019 is refused naming data.person, and nothing is written', async () => {
    const error = await full.refuses(
      [
        fact('MembershipApplied', {
          applicationId: 'pin-2019-a1',
          person: 'pin-kenneth',
          name: 'Kenneth Kettering',
          birthDate: '1975-02-11',
          classApplied: 'full',
          appliedOn: '2019-03-04',
        }),
      ],
      'PIN-R9',
      'events[0].data.person',
    );
    expect(error.reason).toMatch(/2018-06-11/);
    expect(await full.store.headPosition()).toBe(LINES.length);
  });

  it('PIN-R9: nor is he let in as a visitor (the reading: entry too)', async () => {
    await full.refuses(
      [
        fact('SessionPlayedAtClub', {
          person: 'pin-kenneth',
          date: '2018-06-18',
          event: { id: 'pinner-pairs-2018-06-18', special: false },
        }),
      ],
      'PIN-R9',
      'events[0].data.person',
    );
  });
});

describe('PIN-R8 Honorary, Student and Temporary members', () => {
  it('PIN-R8 Honorary: Patricia, invited on 2 July 2018, for life and without a subscription; never Restricted', () => {
    expect(entry('2018-07-01', 'pin-patricia')).toBeUndefined();
    for (const asOf of ['2018-07-02', '2019-09-30'])
      expect(entry(asOf, 'pin-patricia')).toMatchObject({
        standing: 'member',
        class: 'honorary',
        classFrom: '2018-07-02',
        votes: true,
        subscription: 'waived',
      });
    expect(entry('2019-09-30', 'pin-patricia')!.electedOn).toBeUndefined();
  });

  // Lucy, born 17 September 2002, applies for Student membership on 3 September 2018 at 15;
  // displayed that day (considered from the 10th); elected on her 16th birthday, 17 September:
  // Restricted to 16 September 2019, then Student (17, within 16–25).
  it('PIN-C3 and PIN-R8 Student: Lucy, elected on her 16th birthday, Restricted for a year, then Student', () => {
    expect(entry('2018-09-16', 'pin-lucy')).toMatchObject({ standing: 'applicant' });
    expect(entry('2018-09-17', 'pin-lucy')).toMatchObject({
      class: 'restricted',
      electedOn: '2018-09-17',
    });
    expect(entry('2019-09-16', 'pin-lucy')).toMatchObject({ class: 'restricted' });
    expect(entry('2019-09-17', 'pin-lucy')).toMatchObject({
      class: 'student',
      classFrom: '2019-09-17',
    });
  });

  it('PIN-C3: her election on 16 September, the day before her 16th birthday, is refused naming data.on', async () => {
    const ledger = await ledgerOf(the('ApplicationConsidered', 'pin-2018-a4'));
    await ledger.refuses(
      [fact('MemberElected', { applicationId: 'pin-2018-a4', on: '2018-09-16' })],
      'PIN-C3',
      'events[0].data.on',
      /is 15 on 2018-09-16/,
    );
  });

  // Quentin: a Temporary member from Monday 1 October 2018; resigns Friday 29 March 2019 (a
  // member until the 28th).
  it('PIN-R8 Temporary: Quentin has no vote; PIN-C16: resigned on 29 March 2019', () => {
    expect(entry('2018-10-01', 'pin-quentin')).toMatchObject({
      class: 'temporary',
      classFrom: '2018-10-01',
      votes: false,
      subscription: 'due',
    });
    expect(entry('2019-03-28', 'pin-quentin')).toMatchObject({ standing: 'member' });
    expect(entry('2019-03-29', 'pin-quentin')).toMatchObject({
      standing: 'resigned',
      endedOn: '2019-03-29',
      votes: false,
      because: [{ rule: 'PIN-C16', text: 'resigned on 2019-03-29' }],
    });
  });

  it('PIN-C5: a proposer whose membership ended the day before is refused (Quentin, resigned on 29 March, on the 29th)', async () => {
    const ledger = await ledgerOf();
    await ledger.append(
      fact('MembershipApplied', {
        applicationId: 'pin-2019-a2',
        person: 'pin-una',
        name: 'Una Upton',
        over16Declared: true,
        classApplied: 'full',
        appliedOn: '2019-03-29',
      }),
    );
    await ledger.refuses(
      [
        fact('ApplicationProposed', {
          applicationId: 'pin-2019-a2',
          proposer: 'pin-quentin',
          seconder: 'pin-alice',
          on: '2019-03-29',
        }),
      ],
      'PIN-C5',
      'events[0].data.proposer',
      /not a member on 2019-03-29/,
    );
  });
});

describe('PIN-R10, R12 the visitors of 2018 and 2019', () => {
  const visits = (which: string, person: string) =>
    rowOf(which, person).visits.map((v) => [v.date, v.count, v.verdict]);

  it('PIN-R10: 2018 has rows for the five who played as visitors, none for members', () => {
    expect(visitorVerdicts(input('2018'), VISITORS).rows.map((r) => r.person)).toEqual([
      'pin-kenneth',
      'pin-oliver',
      'pin-quentin',
      'pin-rachel',
      'pin-simon',
    ]);
  });

  // Rachel: Mondays 16 April … 28 May (seven), then the Christmas Pairs on 17 December.
  it('PIN-R10 Rachel: the 6th session (21 May) ok, the 7th (28 May) and the 8th may be refused', () => {
    expect(visits('2018', 'pin-rachel')).toEqual([
      ['2018-04-16', 1, 'ok'],
      ['2018-04-23', 2, 'ok'],
      ['2018-04-30', 3, 'ok'],
      ['2018-05-07', 4, 'ok'],
      ['2018-05-14', 5, 'ok'],
      ['2018-05-21', 6, 'ok'],
      ['2018-05-28', 7, 'may-be-refused'],
      ['2018-12-17', 8, 'may-be-refused'],
    ]);
    expect(rowOf('2018', 'pin-rachel')).toMatchObject({ sessions: 8, verdict: 'may-be-refused' });
    expect(rowOf('2018', 'pin-rachel').visits[6]!.because).toContainEqual({
      rule: 'PIN-R10',
      text: '6 sessions played before: may be refused entry (from the 7th)',
    });
  });

  it('PIN-R10 Rachel: the calendar year ends the count: 7 January 2019 is her 1st session of 2019, ok', () => {
    expect(visits('2019', 'pin-rachel')).toEqual([['2019-01-07', 1, 'ok']]);
    expect(rowOf('2019', 'pin-rachel').verdict).toBe('ok');
  });

  // Simon: Wednesdays 5 September … 10 October (six), applies Monday 15 October, plays the
  // 17th and 24th as a visitor, elected 5 November; the Christmas Pairs as a member.
  it('PIN-R10 Simon: applied on 15 October, before his 7th session: the 7th and 8th are not refused', () => {
    expect(visits('2018', 'pin-simon')).toEqual([
      ['2018-09-05', 1, 'ok'],
      ['2018-09-12', 2, 'ok'],
      ['2018-09-19', 3, 'ok'],
      ['2018-09-26', 4, 'ok'],
      ['2018-10-03', 5, 'ok'],
      ['2018-10-10', 6, 'ok'],
      ['2018-10-17', 7, 'ok'],
      ['2018-10-24', 8, 'ok'],
    ]);
    expect(rowOf('2018', 'pin-simon').visits[6]!.because).toContainEqual({
      rule: 'PIN-R10',
      text: 'applied for membership on 2018-10-15: not refused from that date',
    });
    expect(entry('2018-11-05', 'pin-simon')).toMatchObject({ class: 'restricted' });
  });

  // Oliver, born 20 May 2005 (12, then 13): every fourth Saturday from 21 April (eight) and the
  // Christmas Pairs, supervised by his grandfather Frank, a member (born 1948).
  it('PIN-R12 Oliver: nine sessions under 16, supervised, none refused (R10 not for under-16s)', () => {
    const row = rowOf('2018', 'pin-oliver');
    expect(row.sessions).toBe(9);
    expect(row.visits.map((v) => v.verdict)).toEqual(Array(9).fill('ok'));
    expect(row.visits[8]!.because).toContainEqual({
      rule: 'PIN-R12',
      text: 'R10 does not apply to players under 16',
    });
    expect(row.verdict).toBe('ok');
  });

  it('PIN-R12: an under-16 without a supervisor, or supervised by a visitor, is refused naming data.supervisedBy', async () => {
    const oliver = (extra: Record<string, unknown>) =>
      fact('SessionPlayedAtClub', {
        person: 'pin-oliver',
        date: '2018-12-01',
        event: { id: 'pinner-pairs-2018-12-01', special: false },
        ...extra,
      });
    await full.refuses([oliver({})], 'PIN-R12', 'events[0].data.supervisedBy', /is 13/);
    await full.refuses(
      [oliver({ supervisedBy: 'pin-rachel' })],
      'PIN-R12',
      'events[0].data.supervisedBy',
      /not a member/,
    );
  });

  // Quentin: four Thursdays as a visitor (6–27 September 2018), then a Temporary member from
  // 1 October (his sessions of 4 and 11 October not counted); a visitor again on 1 August 2019.
  it('PIN-R10 Quentin: sessions as a member do not count, before or after', () => {
    expect(rowOf('2018', 'pin-quentin').sessions).toBe(4);
    expect(visits('2019', 'pin-quentin')).toEqual([['2019-08-01', 1, 'ok']]);
  });

  // Kenneth played two visitor sessions in May 2018, before he applied (4 June) and was rejected
  // (11 June). Each visit keeps its own day's verdict, 'ok'; the row is judged as of 31
  // December, after the bar: 'barred' (PIN-R9). The decider refuses his entry from 11 June.
  it('PIN-R10, PIN-R9 Kenneth: two sessions in May, each ok; the row, judged as of 31 December, is barred', () => {
    expect(visits('2018', 'pin-kenneth')).toEqual([
      ['2018-05-07', 1, 'ok'],
      ['2018-05-21', 2, 'ok'],
    ]);
    const row = rowOf('2018', 'pin-kenneth');
    expect(row.verdict).toBe('barred');
    expect(row.because).toContainEqual({
      rule: 'PIN-R9',
      text: 'never to be admitted: barred from 2018-06-11',
    });
  });

  it('PIN-R10: 2019 has rows for Quentin and Rachel only', () => {
    expect(visitorVerdicts(input('2019'), VISITORS).rows.map((r) => r.person)).toEqual([
      'pin-quentin',
      'pin-rachel',
    ]);
  });
});

describe('PIN-R13 prizes at the Christmas Pairs (special) and a normal evening', () => {
  const CHRISTMAS = { id: 'pinner-christmas-pairs-2018', special: true };
  const mayWin = (person: string, event: { id: string; special: boolean }) =>
    prizeEligibility(person, event, input('2018'), VISITORS).mayWin;

  it('PIN-R13: visitors (Rachel, Oliver) win normal prize money only at the Christmas Pairs; members (Simon since 5 November, Jack while Restricted) every prize', () => {
    expect(mayWin('pin-rachel', CHRISTMAS)).toBe('normal-only');
    expect(mayWin('pin-oliver', CHRISTMAS)).toBe('normal-only');
    expect(mayWin('pin-simon', CHRISTMAS)).toBe('all');
    expect(mayWin('pin-jack', CHRISTMAS)).toBe('all');
  });

  it('PIN-R13 PIN-R6: the Christmas Pairs as a competition: its standings place the pairs and give the pairs with a visitor normal prize money only; the session was played under Level 4', async () => {
    const v = standingsOf(await competitionsState(full.store), 'pinner-christmas-pairs-2018');
    if (v.kind !== 'pinner') throw new Error(`not Pinner's standings: ${v.kind}`);
    expect(v.special).toBe(true);
    expect(v.rows.map((r) => [r.place, r.pairId, r.total, r.prize.mayWin])).toEqual([
      [1, 'xmas-1', 58.33, 'normal-only'],
      [2, 'xmas-2', 54.17, 'all'],
      [3, 'xmas-3', 45.83, 'normal-only'],
      [4, 'xmas-4', 41.67, 'all'],
    ]);
    expect(v.rows[0]!.prize.reason).toBe(
      'pin-rachel: a visitor on 2018-12-17 at a special event: normal prize money, not the enhanced',
    );
    expect(v.sessionLevels[0]).toMatchObject({
      licence: { rule: 'PIN-R6', level: 4 },
      held: { conventionsLevel: 4 },
    });
  });

  it('PIN-R13: at a normal evening a visitor wins any prize money (Rachel, 28 May)', () => {
    expect(mayWin('pin-rachel', { id: 'pinner-pairs-2018-05-28', special: false })).toBe('all');
  });
});
