import { GatedLedger } from '../support/gated-ledger';
import {
  clubRegistered,
  competition,
  registered,
  ROSTER,
  rulebookAdopted,
  TUESDAYS,
} from '../support/nz-club';
import { checked, cPointsFrom, linesOf, rowsOf } from '../support/nz-membership';

/**
 * RULES.md NZ-8c from the ledger: "the guest also if they provide a valid NZCBA
 * number". A GuestNzcbaNumberChecked (on `members-<clubId>`) is the guest's number checked on
 * a day: from that day it decides, over `PlayerRegistered.nationalNumber`; the latest check on
 * or before the session counts, so a check that says not valid overrides.
 */
const DATES = TUESDAYS.slice(0, 3);
const tue = competition('tue', 'three-four-session-pairs', 'tuesday', DATES, {
  AG: ['tom', 'gus'],
  AN: ['tia', 'gnn'],
  TT: ['tim', 'tess'],
});
const withNumber = (playerId: string, nationalNumber: string) => {
  const f = registered(playerId, 'non-member');
  return { ...f, data: { ...(f.data as object), nationalNumber } };
};

async function ledger(...checks: ReturnType<typeof checked>[]) {
  const l = new GatedLedger();
  await l.append(
    clubRegistered(),
    rulebookAdopted(),
    ...ROSTER,
    registered('gus', 'non-member'),
    withNumber('gnn', '7654321'),
    ...checks,
    ...tue.setup,
  );
  for (let s = 1; s <= 3; s++)
    await l.append(tue.result(s, 'AG'), tue.result(s, 'AN'), tue.result(s, 'TT'));
  return l;
}

/** The guest's NZ-8c C-point line of the session on `date`, in the pair's explain. */
async function guestOn(l: GatedLedger, pair: string, guest: string, date: string) {
  const rows = await rowsOf(l, 'tue');
  return linesOf(rows[pair]!, 'NZ-8c').filter(
    (e) => e.startsWith(`c-points (${guest})`) && e.includes(`— ${date}:`),
  );
}

describe('NZ-8c from the ledger: a guest’s NZCBA number checked (GuestNzcbaNumberChecked)', () => {
  it('NZ-8c a number checked valid the day before the session: the guest qualifies for C points, the reason naming the check', async () => {
    const l = await ledger(checked('gus', true, '2026-03-02'));
    expect(await guestOn(l, 'AG', 'gus', DATES[0]!)).toEqual([
      `c-points (gus): ok — ${DATES[0]}: a guest whose NZCBA number was checked valid on 2026-03-02`,
    ]);
    const v = await cPointsFrom(l, 'tue');
    const gus = v.awards[0]!.awards.find((a) => a.player === 'gus')!;
    expect(gus.explain.map((e) => e.effect).join('\n')).toContain('checked valid on 2026-03-02');
  });

  it('NZ-8c edge: a check dated after the session does not count for it; it counts from its day', async () => {
    const l = await ledger(checked('gus', true, '2026-03-04'));
    expect(await guestOn(l, 'AG', 'gus', DATES[0]!)).toEqual([
      `c-points (gus): no — ${DATES[0]}: a guest without a valid NZCBA number`,
    ]);
    expect(await guestOn(l, 'AG', 'gus', DATES[1]!)).toEqual([
      `c-points (gus): ok — ${DATES[1]}: a guest whose NZCBA number was checked valid on 2026-03-04`,
    ]);
  });

  it('NZ-8c a check that says not valid overrides the roster’s valid number from its day (not before)', async () => {
    const l = await ledger(checked('gnn', false, DATES[1]!, '7654321'));
    expect(await guestOn(l, 'AN', 'gnn', DATES[0]!)).toEqual([
      `c-points (gnn): ok — ${DATES[0]}: a guest with a valid NZCBA number`,
    ]);
    expect(await guestOn(l, 'AN', 'gnn', DATES[1]!)).toEqual([
      `c-points (gnn): no — ${DATES[1]}: a guest whose NZCBA number was checked not valid on ${DATES[1]}`,
    ]);
  });

  it('NZ-8c edge: the latest check decides: not valid then valid again; two on one day, the later recorded', async () => {
    const l = await ledger(
      checked('gus', false, '2026-03-01'),
      checked('gus', true, DATES[1]!),
      checked('gus', false, DATES[2]!),
      checked('gus', true, DATES[2]!),
    );
    expect(await guestOn(l, 'AG', 'gus', DATES[0]!)).toEqual([
      `c-points (gus): no — ${DATES[0]}: a guest whose NZCBA number was checked not valid on 2026-03-01`,
    ]);
    expect(await guestOn(l, 'AG', 'gus', DATES[1]!)).toEqual([
      `c-points (gus): ok — ${DATES[1]}: a guest whose NZCBA number was checked valid on ${DATES[1]}`,
    ]);
    expect(await guestOn(l, 'AG', 'gus', DATES[2]!)).toEqual([
      `c-points (gus): ok — ${DATES[2]}: a guest whose NZCBA number was checked valid on ${DATES[2]}`,
    ]);
  });

  it('NZ-8c bad input: a check whose valid is not true or false, or whose number is empty, is refused naming the field; nothing is written', async () => {
    const l = await ledger();
    const head = await l.store.headPosition();
    const bad = (data: Record<string, unknown>) => {
      const f = checked('gus', true, '2026-03-02');
      return { ...f, data: { ...(f.data as object), ...data } };
    };
    await expect(l.append(bad({ valid: 'yes' }))).rejects.toMatchObject({
      issues: [{ field: 'events[0].data.valid' }],
    });
    await expect(l.append(bad({ number: '' }))).rejects.toMatchObject({
      issues: [{ field: 'events[0].data.number' }],
    });
    expect(await l.store.headPosition()).toBe(head);
  });
});
