import { formatHundredths, nzStanding, nzStandings } from '../../../src/rulesets/nz-club/standings';
import { amended, explainOf, params, row, s, series, sub } from './helpers';

describe('NZ-2 three- and four-session pairs count all scores', () => {
  const four = { kind: 'short-pairs' as const, sessions: 4 };
  it('NZ-2 counts all four scores, the lowest included', () => {
    const r = nzStanding(four, { competitor: 'A', scores: series('60', '40', '55', '50') }, params);
    expect(r.counted).toEqual([1, 2, 3, 4]);
    expect(r.dropped).toEqual([]);
    expect(formatHundredths(r.total)).toBe('205.00');
  });

  it('NZ-2 a session not played counts 0', () => {
    const r = nzStanding(
      four,
      { competitor: 'A', scores: [s(1, '60'), s(2, '40'), s(4, '50')] },
      params,
    );
    expect(r.notPlayed).toEqual([3]);
    expect(explainOf(r, 3)).toEqual(['NZ-2 not played: scores 0']);
    expect(formatHundredths(r.total)).toBe('150.00');
  });

  it('NZ-2 NZ-4 NZ-3 one substitution in four sessions qualifies, with its 1 % penalty', () => {
    const r = nzStanding(
      four,
      { competitor: 'A', scores: [s(1, '60'), sub(2, '40'), s(3, '55'), s(4, '50')] },
      params,
    );
    expect(r.qualifies).toBe(true);
    expect(formatHundredths(r.total)).toBe('204.00');
  });

  it('NZ-3 edge: three sessions allow 1 substitution (40 % of 3 = 1.2); the 2nd makes the pair unplaced', () => {
    const three = { kind: 'short-pairs' as const, sessions: 3 };
    const rows = nzStandings(
      three,
      [
        { competitor: 'one', scores: [s(1, '60'), sub(2, '60'), s(3, '60')] },
        { competitor: 'two', scores: [sub(1, '70'), sub(2, '70'), s(3, '70')] },
        { competitor: 'none', scores: series('50', '50', '50') },
      ],
      params,
    );
    expect(rows.map((x) => [x.competitor, x.place, formatHundredths(x.total)])).toEqual([
      ['one', 1, '179.00'],
      ['none', 2, '150.00'],
      // Listed with its total: reading, the 2nd substitute score costs 2 % (NZ-4's list).
      ['two', null, '207.00'],
    ]);
    expect(row(rows, 'two').explain.map((e) => `${e.rule} ${e.effect}`)).toContain(
      'NZ-3 event: no — 2 substitution(s); at most 1 allowed (40 % of 3 sessions, rounded down): does not qualify',
    );
  });

  it('NZ-3 substituteLimitPercent 50 lets two substitutions in four sessions qualify', () => {
    const scores = [sub(1, '60'), sub(2, '60'), s(3, '60'), s(4, '60')];
    expect(nzStanding(four, { competitor: 'A', scores }, params).qualifies).toBe(false);
    expect(
      nzStanding(four, { competitor: 'A', scores }, amended({ substituteLimitPercent: 50 }))
        .qualifies,
    ).toBe(true);
  });
});

describe('NZ-2 Random Draw Individual: the best 3 scores', () => {
  const rdi = { kind: 'random-draw-individual' as const, sessions: 5 };
  it('NZ-2 counts the best 3 of 5 and drops the others', () => {
    const r = nzStanding(
      rdi,
      { competitor: 'p1', scores: series('50', '62', '48', '58', '55') },
      params,
    );
    expect(r.counted).toEqual([2, 4, 5]);
    expect(r.dropped).toEqual([1, 3]);
    expect(formatHundredths(r.total)).toBe('175.00');
    expect(explainOf(r, 1)[0]).toBe(
      'NZ-2 dropped: not among the best 3 after penalties (50.00 % before any substitute penalty)',
    );
  });

  it('NZ-2 with only 2 sessions played the third counted score is 0', () => {
    const r = nzStanding(rdi, { competitor: 'p1', scores: [s(1, '60'), s(4, '60')] }, params);
    expect(formatHundredths(r.total)).toBe('120.00');
    expect(r.qualifies).toBe(true);
  });

  it('NZ-2 refuses a substitute in an individual event', () => {
    expect(() => nzStanding(rdi, { competitor: 'p1', scores: [sub(1, '60')] }, params)).toThrow(
      'NZ-3: p1.scores[0].substitute a random-draw-individual is an individual event: no substitutes',
    );
  });
});

describe('NZ-8h Wilkinson Individual handicap', () => {
  const wilkinson = { kind: 'wilkinson-individual' as const };
  it('NZ-8h adds 4 % each session to a Monday or Wednesday player, not to a Tuesday player', () => {
    const rows = nzStandings(
      wilkinson,
      [
        { competitor: 'mon', homeNights: ['monday'], scores: series('50', '50', '50') },
        { competitor: 'wed', homeNights: ['wednesday'], scores: series('48', '48', '48') },
        { competitor: 'tue', homeNights: ['tuesday'], scores: series('55', '55', '55') },
      ],
      params,
    );
    expect(rows.map((x) => [x.competitor, x.place, formatHundredths(x.total)])).toEqual([
      ['tue', 1, '165.00'],
      ['mon', 2, '162.00'],
      ['wed', 3, '156.00'],
    ]);
    expect(explainOf(row(rows, 'mon'), 2)).toEqual([
      'NZ-8h Wilkinson handicap of a monday player: +4.00 %',
      'NZ-2 counted: 54.00 %',
    ]);
  });

  it('NZ-8h the handicap is a parameter: 5 % puts the Monday player level with the Tuesday player', () => {
    const rows = nzStandings(
      wilkinson,
      [
        { competitor: 'mon', homeNights: ['monday'], scores: series('50', '50', '50') },
        { competitor: 'tue', homeNights: ['tuesday'], scores: series('55', '55', '55') },
      ],
      amended({ wilkinsonHandicapPercent: 5 }),
    );
    expect(rows.map((x) => [x.competitor, x.place])).toEqual([
      ['mon', 1],
      ['tue', 1],
    ]);
  });

  it('NZ-8h each session takes the handicap of the rules in force that day: 4 % then 5 % after an amendment', () => {
    const five = amended({ wilkinsonHandicapPercent: 5 });
    const rows = nzStandings(
      wilkinson,
      [{ competitor: 'mon', homeNights: ['monday'], scores: series('50', '50', '50') }],
      five,
      (session) => (session === 1 ? params : five),
    );
    expect(rows[0].sessions.map((x) => x.beforeSubstitutePenalty)).toEqual([5400, 5500, 5500]);
    expect(formatHundredths(rows[0].total)).toBe('164.00');
  });

  it('NZ-8h needs the player home night', () => {
    expect(() => nzStanding(wilkinson, { competitor: 'x', scores: [s(1, '50')] }, params)).toThrow(
      "NZ-8h: x.homeNights must give the player's home night",
    );
  });
});

describe('NZ-9 Wellesley Pairs', () => {
  const wellesley = { kind: 'wellesley-pairs' as const };
  it('NZ-9 places Tuesday/Monday and Wednesday/Tuesday pairs, lists a Monday/Wednesday pair unplaced', () => {
    const rows = nzStandings(
      wellesley,
      [
        {
          competitor: 'TM',
          homeNights: ['tuesday', 'monday'],
          scores: series('50', '50', '50', '50'),
        },
        {
          competitor: 'WT',
          homeNights: ['wednesday', 'tuesday'],
          scores: series('52', '52', '52', '52'),
        },
        {
          competitor: 'MW',
          homeNights: ['monday', 'wednesday'],
          scores: series('60', '60', '60', '60'),
        },
      ],
      params,
    );
    expect(rows.map((x) => [x.competitor, x.place])).toEqual([
      ['WT', 1],
      ['TM', 2],
      ['MW', null],
    ]);
    expect(row(rows, 'MW').explain.map((e) => `${e.rule} ${e.effect}`)).toContain(
      'NZ-9 event: no — a monday/wednesday pair: only tuesday/monday or tuesday/wednesday pairs qualify',
    );
  });

  it('NZ-9 a Tuesday/Tuesday pair does not qualify either', () => {
    const r = nzStanding(
      wellesley,
      {
        competitor: 'TT',
        homeNights: ['tuesday', 'tuesday'],
        scores: series('60', '60', '60', '60'),
      },
      params,
    );
    expect(r.qualifies).toBe(false);
  });
});
