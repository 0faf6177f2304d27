import { GatedLedger } from '../support/gated-ledger';
import {
  clubRegistered,
  competition,
  registered,
  ROSTER,
  rulebookAdopted,
  TUESDAYS,
} from '../support/nz-club';
import { asked, cPointsFrom, linesOf, memberRecorded, rowsOf } from '../support/nz-membership';

/**
 * RULES.md NZ-8d from the ledger: "a member asked by the Secretary to play with a
 * visitor qualifies for event and C points". The request is a VisitorPartnerAsked on
 * `members-<clubId>`; the standings and the C points read it for the session of that day where
 * that member and that visitor sat at one table.
 */
const DATES = TUESDAYS.slice(0, 3);
const tue = competition('tue', 'three-four-session-pairs', 'tuesday', DATES, {
  TV: ['tia', 'vic'],
  TT: ['tom', 'tim'],
});

async function ledger(...membership: ReturnType<typeof asked>[]) {
  const l = new GatedLedger();
  await l.append(
    clubRegistered(),
    rulebookAdopted(),
    ...ROSTER,
    registered('viv', 'visitor'),
    memberRecorded('tia'),
    memberRecorded('tom'),
    ...membership,
    ...tue.setup,
  );
  for (let s = 1; s <= 3; s++) await l.append(tue.result(s, 'TV'), tue.result(s, 'TT'));
  return l;
}

/** The NZ-8c/NZ-8d lines of tia in pair TV's explain, for one session's date. */
const tiaOn = (lines: string[], date: string) =>
  lines.filter((e) => e.includes('(tia)') && e.includes(date));

describe('NZ-8d from the ledger: the Secretary’s request (VisitorPartnerAsked)', () => {
  it('NZ-8d a member asked to play with the visitor that day qualifies for the event and C points under NZ-8d; the other sessions stay NZ-8c', async () => {
    const rows = await rowsOf(await ledger(asked('tia', 'vic', DATES[0]!)), 'tue');
    const d = linesOf(rows.TV!, 'NZ-8d');
    expect(tiaOn(d, DATES[0]!)).toEqual([
      `event (tia): ok — ${DATES[0]}: asked by the Secretary to play with a visitor`,
      `c-points (tia): ok — ${DATES[0]}: a member with a visitor qualifies for C points`,
    ]);
    expect(tiaOn(d, DATES[1]!)).toEqual([]);
    expect(tiaOn(linesOf(rows.TV!, 'NZ-8c'), DATES[1]!)).toEqual([
      `event (tia): ok — ${DATES[1]}: a member with a visitor`,
      `c-points (tia): ok — ${DATES[1]}: a member with a visitor qualifies for C points`,
    ]);
    expect(rows.TV!.qualifies).toBe(true);
  });

  it('NZ-8d the C points of the session name the request: the member’s award cites NZ-8d', async () => {
    const v = await cPointsFrom(await ledger(asked('tia', 'vic', DATES[0]!)), 'tue');
    const tia = v.awards[0]!.awards.find((a) => a.player === 'tia')!;
    expect(tia.explain.map((e) => e.rule)).toContain('NZ-8d');
    const later = v.awards[1]!.awards.find((a) => a.player === 'tia')!;
    expect(later.explain.map((e) => e.rule)).not.toContain('NZ-8d');
  });

  it('NZ-8d edge: a request dated the day before the session, or naming another visitor, does not count', async () => {
    const dayBefore = '2026-03-02';
    const rows = await rowsOf(
      await ledger(asked('tia', 'vic', dayBefore), asked('tia', 'viv', DATES[0]!)),
      'tue',
    );
    expect(linesOf(rows.TV!, 'NZ-8d')).toEqual([]);
    expect(tiaOn(linesOf(rows.TV!, 'NZ-8c'), DATES[0]!)).toHaveLength(2);
  });

  it('NZ-8d edge: a request for a member playing with a member changes nothing (no visitor at the table)', async () => {
    const rows = await rowsOf(await ledger(asked('tom', 'vic', DATES[0]!)), 'tue');
    expect(linesOf(rows.TT!, 'NZ-8d')).toEqual([]);
    expect(linesOf(rows.TV!, 'NZ-8d')).toEqual([]);
  });

  it('NZ-8d bad input: a request naming someone not on the register as the member is refused at data.member and writes nothing', async () => {
    const l = await ledger();
    await l.refuses([asked('tim', 'vic', DATES[0]!)], 'NZ-8d', 'events[0].data.member');
    await l.refuses([asked('tia', 'tia', DATES[0]!)], 'LEDGER', 'events[0].data.visitor');
    expect(linesOf((await rowsOf(l, 'tue')).TV!, 'NZ-8d')).toEqual([]);
  });
});
