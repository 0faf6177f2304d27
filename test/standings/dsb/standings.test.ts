import { applyChanges } from '../../../src/rulebooks/rulebook';
import {
  competitionStandings,
  DsbInputError,
  groupStanding,
  substituteScore,
  type GroupInput,
  type StandingRow,
} from '../../../src/rulesets/dsb-groenlo-2014/standings';
import { noShow, notified, P, pair, played, steady } from './builders';

const row = (g: GroupInput, id: string, afterSession?: number, params = P): StandingRow =>
  groupStanding(params, g, { afterSession }).rows.find((r) => r.pairId === id)!;

const six = (id: string, ...pcts: number[]) =>
  pair(
    id,
    pcts.map((p, i) => played(i + 1, p)),
  );

/** Other pairs of the group, for the evening's scores. */
const field = [steady('X1', 6000), steady('X2', 4200)];

describe('DSB-7 session percentages and the weighted average', () => {
  it('DSB-7.2 the standing is the average of the session percentages weighted by boards played', () => {
    const g: GroupInput = {
      group: 'B',
      pairs: [pair('P', [played(1, 5000, { boards: 24 }), played(2, 6000, { boards: 20 })])],
    };
    const r = row(g, 'P', 2);
    // (50.00 × 24 + 60.00 × 20) / 44 = 54.5454…, not the plain mean 55.00.
    expect(r.exact).toBe('60000/11');
    expect(r.percentage).toBe(54.55);
    expect(r.explain.at(-1)).toMatchObject({ rule: 'DSB-7.2', amount: 54.55 });
  });

  it('DSB-7.2 works in exact hundredths: six sessions of 33.33 … add up without float drift', () => {
    const g: GroupInput = { group: 'A', pairs: [six('P', 3333, 3334, 3333, 3334, 3333, 3334)] };
    expect(row(g, 'P').exact).toBe('6667/2');
    expect(row(g, 'P').percentage).toBe(33.34); // 33.335 rounds half away from zero
  });

  it('DSB-7.2 ranks "1224" on the percentage rounded to 2 decimals; interim after session 2', () => {
    const g: GroupInput = {
      group: 'A',
      pairs: [
        six('P', 5000, 6000),
        six('Q', 6000, 5000),
        six('R', 5800, 5800),
        six('S', 4000, 4000),
      ],
    };
    const st = groupStanding(P, g, { afterSession: 2 });
    expect(st.final).toBe(false);
    expect(st.rows.map((r) => [r.pairId, r.rank])).toEqual([
      ['R', 1],
      ['P', 2],
      ['Q', 2],
      ['S', 4],
    ]);
  });
});

describe('DSB-9.2/9.3 notified absences score the pair’s own average, derived afresh', () => {
  it('DSB-9.2 a first notified absence scores the pair’s own average, capped at 55.0', () => {
    const g: GroupInput = {
      group: 'C',
      pairs: [pair('P', [played(1, 5800), notified(2), played(3, 5800)]), ...field],
    };
    const r = row(g, 'P', 3);
    expect(r.sessions[1]).toMatchObject({ source: 'DSB-9.2', percentage: 55, boards: 24 });
    expect(r.explain).toContainEqual({
      rule: 'DSB-9.2',
      session: 2,
      effect: expect.stringMatching(/own average 58.00 over 2 played .*capped at 55.00/),
      amount: 55,
    });
  });

  it('DSB-9.2 an own average exactly at 55.00 is not capped; just above it is', () => {
    const at = pair('P', [played(1, 5400), notified(2), played(3, 5600)]);
    const above = pair('Q', [played(1, 5401), notified(2), played(3, 5600)]);
    const g: GroupInput = { group: 'C', pairs: [at, above] };
    expect(row(g, 'P', 3).sessions[1]).toMatchObject({ percentage: 55, exact: '5500' });
    expect(row(g, 'P', 3).explain.find((e) => e.rule === 'DSB-9.2')!.effect).toMatch(
      /cap 55.00 not reached/,
    );
    expect(row(g, 'Q', 3).sessions[1]).toMatchObject({ percentage: 55, exact: '5500' });
    expect(row(g, 'Q', 3).explain.find((e) => e.rule === 'DSB-9.2')!.effect).toMatch(
      /own average 55.01 .*capped at 55.00/,
    );
  });

  it('DSB-9.2 the average covers the sessions "still to come": recomputed after each session', () => {
    const g: GroupInput = {
      group: 'C',
      pairs: [pair('P', [played(1, 5600), notified(2), played(3, 5000)])],
    };
    // After session 2 the own average is 56.00 → capped 55.00; after session 3 it is 53.00.
    expect(row(g, 'P', 2).sessions[1]).toMatchObject({ source: 'DSB-9.2', percentage: 55 });
    expect(row(g, 'P', 2).percentage).toBe(55.5);
    expect(row(g, 'P', 3).sessions[1]).toMatchObject({ source: 'DSB-9.2', percentage: 53 });
    expect(row(g, 'P', 3).percentage).toBe(53);
  });

  it('DSB-9.2 an absence before any session played is pending until the pair plays', () => {
    const g: GroupInput = {
      group: 'C',
      pairs: [pair('P', [notified(1), played(2, 5000)]), ...field],
    };
    const first = row(g, 'P', 1);
    expect(first).toMatchObject({ rank: null, percentage: null });
    expect(first.sessions[0]).toMatchObject({ source: 'pending', percentage: null });
    expect(row(g, 'P', 2).sessions[0]).toMatchObject({ source: 'DSB-9.2', percentage: 50 });
  });

  it('DSB-9.3 a second notified absence is capped at 47.5', () => {
    const g: GroupInput = {
      group: 'C',
      pairs: [pair('P', [played(1, 5000), played(2, 5200), notified(3), notified(4)])],
    };
    const r = row(g, 'P', 4);
    expect(r.sessions[2]).toMatchObject({ source: 'DSB-9.2', percentage: 51 });
    expect(r.sessions[3]).toMatchObject({ source: 'DSB-9.3', percentage: 47.5 });
    expect(r.explain).toContainEqual(
      expect.objectContaining({ rule: 'DSB-9.3', session: 4, amount: 47.5 }),
    );
    // (50 + 52 + 51 + 47.5) / 4 = 50.125 → 50.13
    expect(r.exact).toBe('10025/2');
    expect(r.percentage).toBe(50.13);
  });

  it('DSB-9.3 below the cap the own average counts unchanged for later absences too', () => {
    const g: GroupInput = {
      group: 'C',
      pairs: [pair('P', [played(1, 4500), notified(2), notified(3), notified(4)])],
    };
    expect(row(g, 'P', 4).sessions.map((s) => s.percentage)).toEqual([45, 45, 45, 45]);
  });

  it('DSB-9.3 reading: an absence without notice does not make the next notified one "second" (parameter)', () => {
    const g: GroupInput = {
      group: 'C',
      pairs: [pair('P', [played(1, 5200), noShow(2), notified(3)]), ...field],
    };
    expect(row(g, 'P', 3).sessions[2]).toMatchObject({ source: 'DSB-9.2', percentage: 52 });
    const all = applyChanges(P, { 'absence.countAllAbsences': true });
    expect(row(g, 'P', 3, all).sessions[2]).toMatchObject({ source: 'DSB-9.3', percentage: 47.5 });
  });

  it('DSB-9.2 an amended cap of 52.5 changes the artificial score and the standing', () => {
    const g: GroupInput = { group: 'C', pairs: [pair('P', [played(1, 5800), notified(2)])] };
    expect(row(g, 'P', 2).sessions[1].percentage).toBe(55);
    const amended = applyChanges(P, { 'absence.firstCap': 5250 });
    expect(row(g, 'P', 2, amended).sessions[1].percentage).toBe(52.5);
    expect(row(g, 'P', 2, amended).percentage).toBe(55.25);
  });
});

describe('DSB-9.1/9.5 absence without (valid, timely) notice', () => {
  it('DSB-9.5 absence without notice scores the lowest score in the group that evening minus 1', () => {
    const g: GroupInput = {
      group: 'D',
      pairs: [pair('P', [played(1, 5000), noShow(2)]), ...field],
    };
    const r = row(g, 'P', 2);
    expect(r.sessions[1]).toMatchObject({ source: 'DSB-9.5', percentage: 41 });
    expect(r.explain).toContainEqual({
      rule: 'DSB-9.5',
      session: 2,
      effect: 'absent without notice: lowest score in group D that evening 42.00 minus 1.00',
      amount: 41,
    });
  });

  it('DSB-9.5 the evening’s scores may be given (e.g. with sit-out pairs of another group)', () => {
    const g: GroupInput = {
      group: 'D',
      pairs: [pair('P', [played(1, 5000), noShow(2)]), ...field],
      eveningScores: { 2: [6000, 3850, 4200] },
    };
    expect(row(g, 'P', 2).sessions[1].percentage).toBe(37.5);
  });

  it('DSB-9.1 a notice after 12:00 on the day, or a reason the WL rejects, falls under DSB-9.5', () => {
    const late = pair('L', [played(1, 5000), notified(2, '2014-11-12T12:01')]);
    const onTime = pair('T', [played(1, 5000), notified(2, '2014-11-12T12:00')]);
    const invalid = pair('I', [
      played(1, 5000),
      { session: 2, kind: 'absent', notice: { validReason: false } },
    ]);
    const g: GroupInput = { group: 'D', pairs: [late, onTime, invalid, ...field] };
    const c = { id: 'c', sessionDates: ['2014-11-05', '2014-11-12'], groups: [g] };
    const rows = competitionStandings(P, c, { afterSession: 2 })[0].rows;
    const get = (id: string) => rows.find((r) => r.pairId === id)!;
    expect(get('L').sessions[1]).toMatchObject({ source: 'DSB-9.5', percentage: 41 });
    expect(get('L').explain.find((e) => e.rule === 'DSB-9.5')!.effect).toMatch(
      /after the 12:00 deadline/,
    );
    expect(get('T').sessions[1]).toMatchObject({ source: 'DSB-9.2', percentage: 50 });
    expect(get('I').explain.find((e) => e.rule === 'DSB-9.5')!.effect).toMatch(/did not accept/);
  });

  it('DSB-9.5 needs at least one score in the group that evening', () => {
    const g: GroupInput = { group: 'D', pairs: [pair('P', [played(1, 5000), noShow(2)])] };
    expect(() => row(g, 'P', 2)).toThrow(/DSB-9.5: groups\[D\].eveningScores\[2\] is empty/);
  });
});

describe('DSB-9.6 missing the last session', () => {
  const p = pair('P', [
    played(1, 5000),
    played(2, 5000),
    played(3, 5000),
    played(4, 5000),
    played(5, 5000),
    notified(6),
  ]);
  it('DSB-9.6 a pair that misses the last session: final score = calculated total minus 1.25', () => {
    const r = row({ group: 'B', pairs: [p] }, 'P');
    expect(r.percentage).toBe(48.75);
    expect(r.explain.at(-1)).toEqual({
      rule: 'DSB-9.6',
      session: 6,
      effect: 'missed the last session: calculated total 50.00 minus 1.25',
      amount: -1.25,
    });
  });

  it('DSB-9.6 applies for whatever reason (no notice too) and only to the final standing', () => {
    const q = pair('Q', [...p.entries.slice(0, 5), noShow(6)]);
    const g: GroupInput = { group: 'B', pairs: [q, ...field] };
    // Session 6: 42.00 − 1 = 41.00; (5 × 50 + 41) / 6 = 48.50; minus 1.25 = 47.25.
    expect(row(g, 'Q').percentage).toBe(47.25);
    expect(row(g, 'Q', 5).explain.some((e) => e.rule === 'DSB-9.6')).toBe(false);
  });

  it('DSB-9.6 playing the last session with a substitute is taking part: no deduction', () => {
    const s = pair('S', [
      ...p.entries.slice(0, 5),
      played(6, 5000, { players: ['S-n'], substitute: { case: 'sameGroup' } }),
    ]);
    expect(row({ group: 'B', pairs: [s] }, 'S').percentage).toBe(50);
  });
});

describe('DSB-10.2 a session played with a substitute', () => {
  const sub = (percentage: number, c: 'sameGroup' | 'strongerGroup' | 'weakerGroup' | 'outside') =>
    substituteScore(P, played(1, percentage, { players: ['a'], substitute: { case: c } }));

  it('DSB-10.2(1) two players of the same group: the score counts unchanged', () => {
    expect(sub(4100, 'sameGroup').score).toBe(4100);
    expect(sub(6200, 'sameGroup').score).toBe(6200);
  });
  it('DSB-10.2(2) placed in the stronger player’s group: at least 47.50', () => {
    expect(sub(4100, 'strongerGroup')).toMatchObject({
      score: 4750,
      explain: { rule: 'DSB-10.2(2)' },
    });
    expect(sub(6200, 'strongerGroup').score).toBe(6200);
  });
  it('DSB-10.2(3) placed in the weaker player’s group: at most 55.00', () => {
    expect(sub(6200, 'weakerGroup')).toMatchObject({
      score: 5500,
      explain: { rule: 'DSB-10.2(3)' },
    });
    expect(sub(4100, 'weakerGroup').score).toBe(4100);
  });
  it('DSB-10.2(4) an outside substitute: clamped to 47.50 .. 55.00', () => {
    expect(sub(4100, 'outside').score).toBe(4750);
    expect(sub(6200, 'outside').score).toBe(5500);
    expect(sub(5123, 'outside').score).toBe(5123);
    expect(sub(6200, 'outside').explain!.effect).toBe(
      'played with an outside substitute: 62.00 clamped to 55.00 (47.50 .. 55.00)',
    );
  });
  it('DSB-10.2 the clamped score is what counts in the standing and in the DSB-9.2 average', () => {
    const p = pair('P', [
      played(1, 6500, { players: ['P-n'], substitute: { case: 'outside' } }),
      notified(2),
    ]);
    const r = row({ group: 'A', pairs: [p] }, 'P', 2);
    expect(r.sessions.map((s) => [s.source, s.percentage])).toEqual([
      ['substitute', 55],
      ['DSB-9.2', 55],
    ]);
  });
});

describe('DSB standings refuse bad input, naming the field and the rule', () => {
  const bad = (g: GroupInput, afterSession?: number) => () => groupStanding(P, g, { afterSession });
  it('DSB-7 a percentage outside 0–100 %', () => {
    const g: GroupInput = { group: 'A', pairs: [pair('P', [played(1, 10001)])] };
    expect(bad(g, 1)).toThrow(DsbInputError);
    expect(bad(g, 1)).toThrow(
      'DSB-7: groups[A].pairs[P].entries[session 1].percentage must be an integer number of hundredths in 0..10000, got 10001',
    );
    expect(bad({ group: 'A', pairs: [pair('P', [played(1, -1)])] }, 1)).toThrow(/percentage/);
    expect(bad({ group: 'A', pairs: [pair('P', [played(1, 55.5)])] }, 1)).toThrow(/hundredths/);
  });
  it('DSB-5 an unknown group', () => {
    expect(bad({ group: 'F', pairs: [] })).toThrow(
      'DSB-5: groups[F].group is an unknown group "F"; the groups are A, B, C, D, E',
    );
  });
  it('DSB-4 a session number out of range', () => {
    expect(bad({ group: 'A', pairs: [pair('P', [played(7, 5000)])] })).toThrow(
      'DSB-4: groups[A].pairs[P].entries[session 7].session must be a session number in 1..6, got 7',
    );
    expect(bad({ group: 'A', pairs: [] }, 0)).toThrow(/DSB-4: afterSession/);
    expect(bad({ group: 'A', pairs: [pair('P', [played(1, 5000), notified(1)])] }, 1)).toThrow(
      /DSB-4: .*session 1\] is given twice/,
    );
  });
  it('DSB-3 a partnership of 4', () => {
    const four = pair('P', [played(1, 5000)], { members: ['a', 'b', 'c', 'd'] });
    expect(bad({ group: 'A', pairs: [four] }, 1)).toThrow(
      'DSB-3: groups[A].pairs[P].members must have 2 (a pair) to 3 (a partnership) members, got 4',
    );
  });
  it('DSB-3 a partnership must name the two members who played; DSB-10.1 only one is replaced', () => {
    const three = pair('P', [played(1, 5000)], { members: ['a', 'b', 'c'] });
    expect(bad({ group: 'A', pairs: [three] }, 1)).toThrow(
      /DSB-3: .*players must name the two members/,
    );
    const both = pair('P', [
      played(1, 5000, { players: ['P-n', 'P-s'], substitute: { case: 'outside' } }),
    ]);
    expect(bad({ group: 'A', pairs: [both] }, 1)).toThrow(
      /DSB-10.1: .*players must be 1 different member/,
    );
  });
  it('DSB-7 every pair needs an entry for each session held', () => {
    expect(bad({ group: 'A', pairs: [pair('P', [played(1, 5000)])] }, 2)).toThrow(
      /DSB-7: groups\[A\].pairs\[P\].entries\[session 2\] is missing/,
    );
  });
  it('DSB-10.2 an unknown substitute case', () => {
    const p = pair('P', [
      played(1, 5000, { players: ['P-n'], substitute: { case: 'x' as never } }),
    ]);
    expect(bad({ group: 'A', pairs: [p] }, 1)).toThrow(
      /DSB-10.2: .*substitute.case must be one of/,
    );
  });
});
