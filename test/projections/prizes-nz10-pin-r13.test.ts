import { standingsOf } from '../../src/contexts/pairs/projection';
import { competitionsState } from '../../src/audit/published';
import { GatedLedger } from '../support/gated-ledger';
import {
  clubRegistered,
  competition,
  registered,
  ROSTER,
  rulebookAdopted,
  rulebookAmended,
  statusChanged,
  TUESDAYS,
  type Proposed,
} from '../support/nz-club';
import { rowsOf } from '../support/nz-membership';

/**
 * "prize eligibility per event (PIN-R13: visitors win normal prize money, not the
 * enhanced money of special events; NZ-10), shown in the standings rows". The rule is the
 * rulebook's `prizes.rule` (NZ-10 by default), the special events its `prizes.specialEvents`
 * (competition ids or formats); each player judged by `prizeEligibility` on the days the pair
 * played, with the roster's status of that day.
 */
const DATES = TUESDAYS.slice(0, 4);
const WEDNESDAYS = ['2026-03-04', '2026-03-11', '2026-03-18'];
const tue = competition('tue', 'three-four-session-pairs', 'tuesday', DATES, {
  TV: ['tia', 'vic'],
  TT: ['tom', 'tim'],
});

async function ledger(
  { overrides = {} as Record<string, unknown>, before = [] as Proposed[], sessions = 3 } = {},
  ...after: Proposed[]
) {
  const l = new GatedLedger();
  await l.append(
    clubRegistered(),
    rulebookAdopted('nz-club', overrides),
    ...ROSTER,
    ...before,
    ...tue.setup,
  );
  for (let s = 1; s <= sessions; s++) await l.append(tue.result(s, 'TV'), tue.result(s, 'TT'));
  if (after.length) await l.append(...after);
  return l;
}

const lastLine = (r: { explain: Array<{ rule: string; effect: string }> }) =>
  r.explain[r.explain.length - 1]!;

describe('prizes in the standings rows (NZ-10, PIN-R13)', () => {
  it('NZ-10 a pair with a visitor wins no prize yet stays placed; a members’ pair every prize; each explained last', async () => {
    const rows = await rowsOf(await ledger(), 'tue');
    expect(rows.TV!.place).not.toBeNull();
    expect(rows.TV!.prize).toEqual({
      rule: 'NZ-10',
      eligible: false,
      mayWin: 'none',
      special: false,
      reason: `vic: a visitor on ${DATES[0]}: qualifies for no prizes`,
      players: [
        {
          player: 'tia',
          visitor: false,
          mayWin: 'all',
          reason: 'a member, not a visitor: every prize',
        },
        {
          player: 'vic',
          visitor: true,
          mayWin: 'none',
          reason: `a visitor on ${DATES[0]}: qualifies for no prizes`,
        },
      ],
    });
    expect(lastLine(rows.TV!)).toEqual({
      rule: 'NZ-10',
      effect: `prizes: no prize — vic: a visitor on ${DATES[0]}: qualifies for no prizes`,
    });
    expect(rows.TT!.prize).toMatchObject({
      rule: 'NZ-10',
      eligible: true,
      mayWin: 'all',
      reason: 'no visitor: every prize',
    });
  });

  it('PIN-R13 at a special event (prizes.specialEvents names the competition): the visitor’s pair wins normal prize money only', async () => {
    const rows = await rowsOf(
      await ledger({ overrides: { 'prizes.rule': 'PIN-R13', 'prizes.specialEvents': ['tue'] } }),
      'tue',
    );
    expect(rows.TV!.prize).toMatchObject({
      rule: 'PIN-R13',
      eligible: true,
      mayWin: 'normal-only',
      special: true,
      reason: `vic: a visitor on ${DATES[0]} at a special event: normal prize money, not the enhanced`,
    });
    expect(rows.TT!.prize).toMatchObject({
      mayWin: 'all',
      special: true,
      reason: 'no visitor: every prize, the enhanced money of this special event included',
    });
    expect(lastLine(rows.TV!).effect).toMatch(/^prizes: normal prize money only — /);
  });

  it('PIN-R13 at a normal event: the visitor’s pair may win any prize money; a format named in specialEvents makes every competition of it special', async () => {
    const normal = await rowsOf(
      await ledger({
        overrides: { 'prizes.rule': 'PIN-R13', 'prizes.specialEvents': ['wellesley-pairs'] },
      }),
      'tue',
    );
    expect(normal.TV!.prize).toMatchObject({
      rule: 'PIN-R13',
      eligible: true,
      mayWin: 'all',
      special: false,
      reason: `tia: a member, not a visitor: every prize; vic: a visitor on ${DATES[0]} at a normal event: any prize money won`,
    });
    const byFormat = await rowsOf(
      await ledger({
        overrides: {
          'prizes.rule': 'PIN-R13',
          'prizes.specialEvents': ['three-four-session-pairs'],
        },
      }),
      'tue',
    );
    expect(byFormat.TV!.prize).toMatchObject({ special: true, mayWin: 'normal-only' });
  });

  it('NZ-10 edge: a visitor elected a member after the first session is still a visitor for this event’s prizes', async () => {
    const rows = await rowsOf(
      await ledger({ before: [statusChanged('vic', 'member', DATES[1]!)] }),
      'tue',
    );
    expect(rows.TV!.prize).toMatchObject({
      mayWin: 'none',
      reason: `vic: a visitor on ${DATES[0]}: qualifies for no prizes`,
    });
  });

  it('NZ-10 edge: the 3rd visit is permitted, the 4th (written before the gate) flagged not permitted; either way the pair wins no prize', async () => {
    const l = await ledger();
    const third = await rowsOf(l, 'tue');
    expect(third.TV!.explain.map((e) => e.effect).join('\n')).toContain(
      "the visitor's 3rd play this year (at most 3)",
    );
    expect(third.TV!.prize).toMatchObject({ rule: 'NZ-10', mayWin: 'none' });
    await l.refuses(
      [tue.result(4, 'TV'), tue.result(4, 'TT')],
      'NZ-10',
      'events[0].data.players[1]',
    );
    await l.writeUnchecked(tue.result(4, 'TV'), tue.result(4, 'TT'));
    const fourth = await rowsOf(l, 'tue');
    expect(fourth.TV!.explain.map((e) => e.effect).join('\n')).toContain(
      "the visitor's 4th play this year (at most 3): not permitted",
    );
    expect(fourth.TV!.prize).toMatchObject({ rule: 'NZ-10', eligible: false, mayWin: 'none' });
  });

  it('NZ-10 visitorsQualifyForPrizes amended to true: the visitor’s pair may win every prize', async () => {
    const rows = await rowsOf(
      await ledger({ overrides: { visitorsQualifyForPrizes: true } }),
      'tue',
    );
    expect(rows.TV!.prize).toMatchObject({
      rule: 'NZ-10',
      eligible: true,
      mayWin: 'all',
      reason: `tia: a member, not a visitor: every prize; vic: a visitor on ${DATES[0]}: visitors qualify for prizes (visitorsQualifyForPrizes)`,
    });
  });

  it('NZ-8f a pair disqualified by a Tuesday player’s 3rd Wednesday is listed, not placed, and wins no prize (the rule NZ-8f)', async () => {
    const wed = competition('wed', 'three-four-session-pairs', 'wednesday', WEDNESDAYS, {
      TW: ['tom', 'wes'],
      WW: ['wen', 'we2'],
    });
    const l = await ledger(
      {
        before: [
          registered('wen', 'member', 'wednesday'),
          registered('we2', 'member', 'wednesday'),
        ],
      },
      ...wed.setup,
    );
    for (let s = 1; s <= 3; s++) await l.append(wed.result(s, 'TW'), wed.result(s, 'WW'));
    const rows = await rowsOf(l, 'wed');
    expect(rows.TW!.place).toBeNull();
    expect(rows.TW!.prize).toMatchObject({
      rule: 'NZ-8f',
      eligible: false,
      mayWin: 'none',
      reason: 'listed, not placed (NZ-8f): no prize',
    });
    expect(rows.WW!.prize).toMatchObject({ rule: 'NZ-10', mayWin: 'all' });
  });

  it('NZ-10 bad input: prizes.rule amended to an unknown rule, or specialEvents naming a number, is refused by the amendment itself naming the path; nothing written', async () => {
    const l = await ledger();
    const head = await l.store.headPosition();
    await l.refuses(
      [rulebookAmended({ 'prizes.rule': 'NZ-99' }, '2026-01-01')],
      'RULEBOOK',
      'events[0].data.changes["prizes.rule"]',
      /prizes.rule: must be NZ-10 or PIN-R13, not "NZ-99"/,
    );
    await l.refuses(
      [rulebookAmended({ 'prizes.specialEvents': [7] }, '2026-01-01')],
      'RULEBOOK',
      'events[0].data.changes["prizes.specialEvents"]',
      /non-empty strings/,
    );
    // The whole group changed at once is checked inside.
    await l.refuses(
      [rulebookAmended({ prizes: { rule: 'NZ-11', specialEvents: [] } }, '2026-01-01')],
      'RULEBOOK',
      'events[0].data.changes["prizes"]',
      /prizes.rule/,
    );
    // A value of the wrong kind.
    await l.refuses(
      [rulebookAmended({ 'prizes.rule': 5 }, '2026-02-01')],
      'RULEBOOK',
      'events[0].data.changes["prizes.rule"]',
      /not 5/,
    );
    expect(await l.store.headPosition()).toBe(head);
    // The edge: each allowed value is accepted.
    await l.append(rulebookAmended({ 'prizes.rule': 'PIN-R13' }, '2026-02-01'));
  });

  it('NZ-10 bad input: a ledger written before the check (an unknown prizes.rule stored) is refused when the standings are asked, naming the amendment and the parameter', async () => {
    const l = await ledger();
    await l.writeUnchecked(rulebookAmended({ 'prizes.rule': 'NZ-99' }, '2026-01-01'));
    const s1 = await competitionsState(l.store);
    expect(() => standingsOf(s1, 'tue')).toThrow(
      /RULEBOOK: the RulebookAmended of club karori at position \d+ \(from 2026-01-01\) cannot be applied: rulebook parameter prizes.rule: must be NZ-10 or PIN-R13, not "NZ-99"/,
    );
  });
});
