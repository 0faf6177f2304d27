import { GatedLedger } from '../support/gated-ledger';
import {
  clubRegistered,
  competition,
  proposed,
  registered,
  rulebookAdopted,
  type Proposed,
} from '../support/nz-club';
import { linesOf, rowsOf } from '../support/nz-membership';

/**
 * RULES.md NZ-8g from the ledger: "a Tuesday Intermediate or Open player may play on
 * a Monday at most twice a year". The rank is the one ON THE DAY of the session: the latest
 * NzcbaRankRecorded (on `members-<clubId>`) from a day on or before it, else the roster's. Tom,
 * a Tuesday member, is a Junior on the roster and becomes Intermediate on 1 June 2026.
 */
const rankRecorded = (person: string, rank: string, from: string) =>
  proposed('members-karori', 'NzcbaRankRecorded', { clubId: 'karori', person, rank, from });

const withRank = (f: Proposed, rank: string): Proposed => ({
  ...f,
  data: { ...(f.data as object), rank },
});

const ROSTER = [
  withRank(registered('tom', 'member', 'tuesday'), 'junior'),
  registered('mia', 'member', 'monday'),
  registered('max', 'member', 'monday'),
  registered('wes', 'member', 'wednesday'),
];
const PAIRS = { TM: ['tom', 'mia'], MW: ['max', 'wes'] };
const MAY = ['2026-05-11', '2026-05-18', '2026-05-25'];
const may = competition('may', 'three-four-session-pairs', 'monday', MAY, PAIRS);
const summer = competition(
  'summer',
  'three-four-session-pairs',
  'monday',
  ['2026-06-08', '2026-06-15', '2026-07-06'],
  PAIRS,
);

async function ledger(ranks: Proposed[], ...competitions: Array<typeof may>) {
  const l = new GatedLedger();
  await l.append(clubRegistered(), rulebookAdopted(), ...ROSTER, ...ranks);
  for (const c of competitions) {
    await l.append(...c.setup);
    for (let s = 1; s <= 3; s++) await l.append(c.result(s, 'TM'), c.result(s, 'MW'));
  }
  return l;
}

/** The NZ-8g lines on Tom's plays in the pair's explain, as `scope (subject): ok|no — reason`. */
const nz8g = async (l: GatedLedger, competitionId: string) =>
  linesOf((await rowsOf(l, competitionId)).TM!, 'NZ-8g').filter((e) => / — \d{4}-/.test(e));

describe('NZ-8g the NZCBA rank on the day of the session (NzcbaRankRecorded)', () => {
  it('NZ-8g a Junior who becomes Intermediate on 1 June: the Mondays in May are a Junior’s (not limited); the 3rd Monday from June, in July, disqualifies the pair', async () => {
    const l = await ledger([rankRecorded('tom', 'intermediate', '2026-06-01')], may, summer);
    // May: a Junior plays Mondays freely (no count) and qualifies for no Monday event.
    expect(await nz8g(l, 'may')).toEqual(
      MAY.flatMap((d) => [
        `play (tom): ok — ${d}: a Tuesday Junior may play on Mondays as often as they wish`,
        `event: no — ${d}: a Tuesday Junior does not qualify for any Monday event`,
      ]),
    );
    // June on: the Intermediate's count starts at 1; the May Mondays are not in it.
    expect(await nz8g(l, 'summer')).toEqual([
      'play (tom): ok — 2026-06-08: a Tuesday intermediate (NZCBA rank from 2026-06-01) on a Monday, the 1st this year (at most 2)',
      'play (tom): ok — 2026-06-15: a Tuesday intermediate (NZCBA rank from 2026-06-01) on a Monday, the 2nd this year (at most 2)',
      'event: no — 2026-07-06: a Tuesday intermediate (NZCBA rank from 2026-06-01) on a Monday, the 3rd this year (at most 2): the pair or team is disqualified',
    ]);
    expect((await rowsOf(l, 'summer', { afterSession: 2 })).TM).toMatchObject({
      qualifies: true,
    });
    expect((await rowsOf(l, 'summer')).TM).toMatchObject({ place: null, qualifies: false });
  });

  it('NZ-8g edge: a rank recorded from the day after the session does not count for it; from the same day it does', async () => {
    const after = await ledger([rankRecorded('tom', 'intermediate', '2026-06-09')], summer);
    expect((await nz8g(after, 'summer')).slice(0, 2)).toEqual([
      'play (tom): ok — 2026-06-08: a Tuesday Junior may play on Mondays as often as they wish',
      'event: no — 2026-06-08: a Tuesday Junior does not qualify for any Monday event',
    ]);
    expect((await nz8g(after, 'summer'))[2]).toBe(
      'play (tom): ok — 2026-06-15: a Tuesday intermediate (NZCBA rank from 2026-06-09) on a Monday, the 1st this year (at most 2)',
    );
    const sameDay = await ledger([rankRecorded('tom', 'intermediate', '2026-06-08')], summer);
    expect((await nz8g(sameDay, 'summer'))[0]).toBe(
      'play (tom): ok — 2026-06-08: a Tuesday intermediate (NZCBA rank from 2026-06-08) on a Monday, the 1st this year (at most 2)',
    );
  });

  it('NZ-8g edge: the latest rank on or before the day decides; two from one day, the later recorded; the roster’s rank before any', async () => {
    const l = await ledger(
      [
        rankRecorded('tom', 'open', '2026-06-15'),
        rankRecorded('tom', 'junior', '2026-06-15'),
        rankRecorded('tom', 'open', '2026-07-01'),
      ],
      summer,
    );
    expect(await nz8g(l, 'summer')).toEqual([
      'play (tom): ok — 2026-06-08: a Tuesday Junior may play on Mondays as often as they wish',
      'event: no — 2026-06-08: a Tuesday Junior does not qualify for any Monday event',
      'play (tom): ok — 2026-06-15: a Tuesday Junior (NZCBA rank from 2026-06-15) may play on Mondays as often as they wish',
      'event: no — 2026-06-15: a Tuesday Junior (NZCBA rank from 2026-06-15) does not qualify for any Monday event',
      'play (tom): ok — 2026-07-06: a Tuesday open (NZCBA rank from 2026-07-01) on a Monday, the 1st this year (at most 2)',
    ]);
  });

  it('NZ-8g without a rank on the roster, a Monday before the first recorded rank is bad input, named', async () => {
    const l = new GatedLedger();
    await l.append(
      clubRegistered(),
      rulebookAdopted(),
      registered('tom', 'member', 'tuesday'),
      ...ROSTER.slice(1),
      rankRecorded('tom', 'open', '2026-06-15'),
      ...summer.setup,
    );
    for (let s = 1; s <= 3; s++) await l.append(summer.result(s, 'TM'), summer.result(s, 'MW'));
    await expect(rowsOf(l, 'summer')).rejects.toThrow(
      'NZ-8g: tom.rank is needed for a Tuesday player on a Monday',
    );
  });

  it('NZ-8g bad input: an unknown rank, or a from that is not a day, is refused naming the field; nothing is written', async () => {
    const l = await ledger([]);
    const head = await l.store.headPosition();
    await expect(l.append(rankRecorded('tom', 'expert', '2026-06-01'))).rejects.toMatchObject({
      issues: [{ field: 'events[0].data.rank' }],
    });
    await expect(l.append(rankRecorded('tom', 'open', '2026-13-01'))).rejects.toMatchObject({
      issues: [{ field: 'events[0].data.from' }],
    });
    expect(await l.store.headPosition()).toBe(head);
  });

  it('NZ-8g bad input: an unknown rank written before the schema checked it makes the standings name it', async () => {
    const l = await ledger([], summer);
    await l.writeUnchecked(rankRecorded('tom', 'expert', '2026-06-01'));
    await expect(rowsOf(l, 'summer')).rejects.toThrow(
      "NZ-8g: tom.rank[0] must be one of junior, intermediate, open, got 'expert'",
    );
  });
});
