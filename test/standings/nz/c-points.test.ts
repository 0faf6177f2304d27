import { applyChanges } from '../../../src/rulebooks/rulebook';
import {
  cPointPlaces,
  cPointsOfSession,
  oneBoardPenalty,
  sessionEligibility,
  type CPointsAward,
  type CPointsCompetitor,
  type Night,
  type NzSessionPlayer,
  type NzVerdict,
} from '../../../src/rulesets/nz-club/standings';
import { amended, params } from './helpers';

/** A C-point verdict that is ok: a member on their own night. */
const ok = (id: string): NzVerdict => ({
  rule: 'NZ-8',
  subject: id,
  scope: 'c-points',
  ok: true,
  reason: 'plays on own night',
});

/** Competitor `p<n>` with players `p<n>a`, `p<n>b` (members on their own night). */
const pair = (n: number, percent: number, more: Partial<CPointsCompetitor> = {}) => ({
  competitor: `p${n}`,
  score: percent * 100,
  players: [`p${n}a`, `p${n}b`].map((id) => ({ id, verdicts: [ok(id)] })),
  ...more,
});

/** A field of `n` pairs scoring 70, 68, 66 … %. */
const field = (n: number, more: Partial<CPointsCompetitor> = {}) =>
  Array.from({ length: n }, (_, i) => pair(i + 1, 70 - 2 * i, more));

/** Pairs `from` … `to` scoring 50, 49, 48 … %: below the pairs a test sets up. */
const rest = (from: number, to = 9) =>
  Array.from({ length: to - from + 1 }, (_, i) => pair(from + i, 50 - i));

const session = (competitors: CPointsCompetitor[], p = params) =>
  cPointsOfSession({ kind: 'club-pairs', session: 1, competitors }, p);

/** C points by player. */
const points = (awards: CPointsAward[]) =>
  Object.fromEntries(awards.map((a) => [a.player, a.points]));

const award = (awards: CPointsAward[], player: string) => awards.find((a) => a.player === player)!;

/** The two players' verdicts at a table on `night`, from the NZ-8 a–d helper. */
function table(night: Night, a: NzSessionPlayer, b: NzSessionPlayer, requestedBySecretary = false) {
  const vs = sessionEligibility({ night, players: [a, b], requestedBySecretary }, params);
  return [a, b].map((p) => ({ id: p.id, verdicts: vs.filter((v) => v.subject === p.id) }));
}

describe('NZ-8 C points of a club session (the award table is a rulebook setting)', () => {
  it('NZ-8 C points: the top pair of a session gets 40 C, lower places a falling share down to the top third (9 pairs: 40, 27, 13)', () => {
    const r = session(field(9));
    expect(r.fields).toEqual([
      { field: 'ALL', size: 9, places: 3, points: ['40', '80/3', '40/3'] },
    ]);
    const p = points(r.awards);
    expect([p.p1a, p.p1b, p.p2a, p.p3a, p.p4a, p.p9b]).toEqual(['40', '40', '27', '13', '0', '0']);
    expect(award(r.awards, 'p2a')).toMatchObject({ place: 2, exact: '80/3' });
    expect(award(r.awards, 'p2a').explain.map((e) => e.effect)).toEqual([
      '2nd of 9 in the session (one field) on 68.00 %; places 1–3 earn C points (the top 1/3, rounded down)',
      'c-points: ok — plays on own night',
      '27 C (exactly 80/3, rounded half-up)',
    ]);
    expect(award(r.awards, 'p4a').explain.at(-1)!.effect).toBe(
      'no C points: below the top 3 place(s)',
    );
  });

  it('NZ-8 C points: the top third exactly — 9 pairs 3 places, 10 and 11 pairs 3 (rounded down), 12 pairs 4; placesRounding "up" gives 10 pairs 4', () => {
    expect([8, 9, 10, 11, 12].map((n) => cPointPlaces(n, params))).toEqual([2, 3, 3, 3, 4]);
    const up = amended({ 'cPoints.placesRounding': 'up' });
    expect([8, 9, 10, 12].map((n) => cPointPlaces(n, up))).toEqual([3, 3, 4, 4]);
    const ten = points(session(field(10)).awards);
    expect([ten.p3a, ten.p4a]).toEqual(['13', '0']);
    const tenUp = session(field(10), up);
    expect(tenUp.fields[0]!.points).toEqual(['40', '30', '20', '10']);
    expect(points(tenUp.awards).p4a).toBe('10');
  });

  it('NZ-8 C points: the top pair gets 40 C however small the field (at least one place)', () => {
    expect([1, 2].map((n) => cPointPlaces(n, params))).toEqual([1, 1]);
    expect(points(session(field(2)).awards)).toMatchObject({ p1a: '40', p2a: '0' });
  });

  it('NZ-8 C points: each direction is a field — the top NS pair and the top EW pair each get 40 C', () => {
    const ns = field(6, { field: 'NS' });
    const ew = [7, 8, 9, 10, 11, 12].map((n, i) => pair(n, 60 - i, { field: 'EW' }));
    const r = session([...ns, ...ew]);
    expect(r.fields.map((f) => [f.field, f.size, f.places])).toEqual([
      ['EW', 6, 2],
      ['NS', 6, 2],
    ]);
    expect(points(r.awards)).toMatchObject({
      p1a: '40',
      p2a: '20',
      p3a: '0',
      p7a: '40',
      p8a: '20',
    });
    expect(award(r.awards, 'p7a').explain[0]!.effect).toMatch(/^1st of 6 in EW on 60\.00 %/);
  });

  it('NZ-8 C points: tied pairs share the points of the places they tie for equally (2nd= of 9: (80/3 + 40/3) / 2 = 20 each)', () => {
    const r = session([pair(1, 70), pair(2, 65), pair(3, 65), ...rest(4)]);
    expect(points(r.awards)).toMatchObject({ p1a: '40', p2a: '20', p3a: '20', p4a: '0' });
    expect(award(r.awards, 'p3a')).toMatchObject({ place: 2, exact: '20' });
    expect(award(r.awards, 'p2a').explain[1]!.effect).toBe(
      'tied with p3: places 2–3 shared equally, (80/3 + 40/3) / 2 = 20',
    );
  });

  it('NZ-8 C points: a tie across the last awarded place shares it with the place below (3rd= of 9: 40/3 / 2 = 20/3, rounded 7; exact with rounding "none")', () => {
    const competitors = [pair(1, 70), pair(2, 68), pair(3, 60), pair(4, 60), ...rest(5)];
    expect(points(session(competitors).awards)).toMatchObject({ p3a: '7', p4a: '7', p5a: '0' });
    const exact = session(competitors, amended({ 'cPoints.rounding': 'none' }));
    expect(points(exact.awards)).toMatchObject({ p2a: '80/3', p3a: '20/3', p4b: '20/3' });
    const down = session(competitors, amended({ 'cPoints.rounding': 'down' }));
    expect(points(down.awards)).toMatchObject({ p2a: '26', p3a: '6' });
  });

  it('NZ-5 NZ-8 C points use the placings after the one-board penalty: a pair 2 % ahead drops to 2nd behind the pair it led', () => {
    const penalty = oneBoardPenalty(25, params);
    expect(penalty).toBe(400);
    const r = session([
      pair(1, 62, { score: 6200 - penalty, oneBoardPenalty: penalty }),
      pair(2, 60),
      ...rest(3),
    ]);
    expect(award(r.awards, 'p2a')).toMatchObject({ place: 1, points: '40' });
    expect(award(r.awards, 'p1a')).toMatchObject({ place: 2, score: 5800, points: '27' });
    expect(award(r.awards, 'p1a').explain[0]).toMatchObject({
      rule: 'NZ-5',
      effect: 'placed on 58.00 % after the one-board penalty of 4.00 %',
      amount: -400,
    });
  });

  it('NZ-8a the lower-graded partner of a member on their own night gets the C points earned', () => {
    const players = table(
      'tuesday',
      { id: 'tue', status: 'member', homeNight: 'tuesday' },
      { id: 'mon', status: 'member', homeNight: 'monday' },
    );
    const r = session([{ competitor: 'p1', score: 7000, players }, ...rest(2)]);
    expect(points(r.awards)).toMatchObject({ tue: '40', mon: '40' });
    expect(award(r.awards, 'mon').explain.map((e) => e.rule)).toContain('NZ-8a');
  });

  it('NZ-8b a Tuesday player on a Wednesday: the pair gets C points by its place after the NZ-5 penalty', () => {
    const players = table(
      'wednesday',
      { id: 'tue', status: 'member', homeNight: 'tuesday' },
      { id: 'wed', status: 'member', homeNight: 'wednesday' },
    );
    const penalty = oneBoardPenalty(24, params);
    const r = session([
      { competitor: 'tw', score: 6900 - penalty, oneBoardPenalty: penalty, players },
      pair(2, 67),
      ...rest(3),
    ]);
    expect(award(r.awards, 'tue')).toMatchObject({ place: 2, points: '27' });
    expect(award(r.awards, 'tue').explain.map((e) => e.rule)).toEqual([
      'NZ-5',
      'NZ-8',
      'NZ-8b',
      'NZ-8',
    ]);
  });

  it('NZ-8c a member with a guest: the member gets the C points, the guest none without a valid NZCBA number (with one, the guest too)', () => {
    const member = { id: 'mem', status: 'member', homeNight: 'monday' } as const;
    const without = session([
      {
        competitor: 'mg',
        score: 7000,
        players: table('monday', member, { id: 'gst', status: 'non-member' }),
      },
      ...rest(2),
    ]);
    expect(points(without.awards)).toMatchObject({ mem: '40', gst: '0' });
    expect(award(without.awards, 'gst').explain.at(-1)).toMatchObject({
      rule: 'NZ-8c',
      effect: 'no C points: NZ-8c a guest without a valid NZCBA number',
    });
    const withNumber = session([
      {
        competitor: 'mg',
        score: 7000,
        players: table('monday', member, {
          id: 'gst',
          status: 'non-member',
          nzcbaNumberValid: true,
        }),
      },
    ]);
    expect(points(withNumber.awards)).toEqual({ mem: '40', gst: '40' });
  });

  it('NZ-10 a visitor gets no C points without a valid NZCBA number (NZ-8c); the member gets them; NZ-8d when asked by the Secretary', () => {
    const member = { id: 'mem', status: 'member', homeNight: 'monday' } as const;
    const visitor = { id: 'vis', status: 'visitor' } as const;
    const r = session([
      { competitor: 'mv', score: 7000, players: table('monday', member, visitor) },
    ]);
    expect(points(r.awards)).toEqual({ mem: '40', vis: '0' });
    const said = award(r.awards, 'vis').explain.map((e) => `${e.rule} ${e.effect}`);
    expect(said).toContain(
      'NZ-10 prizes: no — a visitor does not qualify for prizes (not a C-point verdict: explained only)',
    );
    expect(said.at(-1)).toBe('NZ-8c no C points: NZ-8c a visitor without a valid NZCBA number');
    const asked = session([
      { competitor: 'mv', score: 7000, players: table('monday', member, visitor, true) },
    ]);
    expect(award(asked.awards, 'mem').explain.map((e) => e.rule)).toContain('NZ-8d');
    expect(points(asked.awards)).toEqual({ mem: '40', vis: '0' });
  });

  it('NZ-8 C points: an event kind left out of cPoints.events awards none; an individual event places players like pairs', () => {
    const none = amended({ 'cPoints.events': ['club-pairs'] });
    const r = cPointsOfSession({ kind: 'short-pairs', session: 2, competitors: field(3) }, none);
    expect(r.fields[0]).toMatchObject({ places: 0, points: [] });
    expect(award(r.awards, 'p1a').explain.at(-1)!.effect).toBe(
      'no C points: the short-pairs awards none',
    );
    const individual = cPointsOfSession(
      {
        kind: 'random-draw-individual',
        session: 1,
        competitors: ['i1', 'i2', 'i3'].map((id, n) => ({
          competitor: id,
          score: 6000 - n * 100,
          players: [{ id, verdicts: [ok(id)] }],
        })),
      },
      params,
    );
    expect(points(individual.awards)).toEqual({ i1: '40', i2: '0', i3: '0' });
  });

  it('NZ-8 C points: the award table is a setting — an explicit table per place, and a different top', () => {
    const t = amended({ 'cPoints.scale': 'table', 'cPoints.table': [30, 20, 10, 5] });
    expect(session(field(9), t).fields[0]!.points).toEqual(['30', '20', '10']);
    expect(session(field(12), t).fields[0]!.points).toEqual(['30', '20', '10', '5']);
    const top = amended({ 'cPoints.top': 60 });
    expect(points(session(field(9), top).awards)).toMatchObject({
      p1a: '60',
      p2a: '40',
      p3a: '20',
    });
  });
});

describe('NZ-8 C points: bad parameters and bad input are refused, named', () => {
  it('NZ-8 a wrong award-table value is refused with the parameter named', () => {
    const bad: Array<[string, unknown, RegExp]> = [
      [
        'cPoints.awardedFraction',
        '2/1',
        /cPoints.awardedFraction must be a fraction of the field in \(0, 1\]/,
      ],
      ['cPoints.awardedFraction', 'a third', /cPoints.awardedFraction/],
      ['cPoints.awardedFraction', '0/3', /cPoints.awardedFraction/],
      ['cPoints.scale', 'log', /cPoints.scale must be 'linear', 'table', got 'log'/],
      ['cPoints.rounding', 'nearest', /cPoints.rounding must be 'half-up', 'down', 'up', 'none'/],
      ['cPoints.placesRounding', 'half', /cPoints.placesRounding/],
      ['cPoints.top', -1, /cPoints.top must be a whole number of C points >= 0, got -1/],
      ['cPoints.top', 2.5, /cPoints.top must be a whole number/],
      ['cPoints.table', [40, -5], /cPoints.table\[1\] must be a whole number/],
      ['cPoints.events', ['teams'], /cPoints.events\[0\] must be one of club-pairs/],
    ];
    for (const [path, value, message] of bad) {
      expect(() => session(field(3), amended({ [path]: value as never }))).toThrow(message);
    }
    expect(() => session(field(3), amended({ 'cPoints.scale': 'table' }))).toThrow(
      "NZ-8: cPoints.table must list the places' C points when scale is 'table'",
    );
  });

  it('NZ-8 an amendment of the wrong kind is refused by the rulebook itself', () => {
    expect(() => applyChanges(params, { 'cPoints.top': '40' })).toThrow(
      /cPoints.top: must be a number, not a string/,
    );
    expect(() => applyChanges(params, { 'cPoints.bottom': 1 })).toThrow(/no such parameter/);
  });

  it('NZ-8 a player without a C-point verdict, a player twice, or an unknown field is bad input', () => {
    expect(() =>
      session([{ competitor: 'p1', score: 5000, players: [{ id: 'x', verdicts: [] }] }]),
    ).toThrow(
      "NZ-8: competitors[0].players[0].verdicts must give x's C-point verdict for the session",
    );
    expect(() => session([pair(1, 50), { ...pair(2, 50), players: pair(1, 50).players }])).toThrow(
      'NZ-8: competitors[1].players[0].id p1a also sat down for p1 in session 1',
    );
    expect(() => session([pair(1, 50, { field: 'N' })])).toThrow(
      "NZ-8: competitors[0].field must be 'NS' or 'EW', got 'N'",
    );
    expect(() => session([pair(1, 50), pair(1, 40)])).toThrow(
      "competitors[1].competitor repeats 'p1'",
    );
  });
});
