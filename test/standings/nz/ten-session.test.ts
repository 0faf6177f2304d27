import {
  crossSubstitution,
  formatHundredths,
  nzStanding,
  nzStandings,
} from '../../../src/rulesets/nz-club/standings';
import { amended, explainOf, params, row, s, series, sub } from './helpers';

const clubPairs = { kind: 'club-pairs' as const };
const ten = (p: string): string[] => Array<string>(10).fill(p);

describe('NZ-1 ten-session pairs: the best 9 of 10', () => {
  it('NZ-1 counts the best 9 of 10 and drops the lowest when all 10 are played', () => {
    const r = nzStanding(
      clubPairs,
      {
        competitor: 'A',
        scores: series('50', '55', '60', '45.5', '52', '58', '61', '49', '57', '53'),
      },
      params,
    );
    expect(r.dropped).toEqual([4]);
    expect(r.counted).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    expect(formatHundredths(r.total)).toBe('495.00');
    expect(explainOf(r, 4)).toEqual([
      'NZ-1 dropped: the lowest score after penalties (all 10 sessions played) (45.50 % before any substitute penalty)',
    ]);
    expect(r.qualifies).toBe(true);
  });

  it('NZ-1 scores a session not played as 0 and counts the other 9', () => {
    const scores = series('50', '55', '60', '45.5', '52', '58', '61', '49', '57', '53').filter(
      (x) => x.session !== 7,
    );
    const r = nzStanding(clubPairs, { competitor: 'A', scores }, params);
    expect(r.notPlayed).toEqual([7]);
    expect(r.dropped).toEqual([]);
    expect(r.counted).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    expect(formatHundredths(r.total)).toBe('479.50');
    expect(explainOf(r, 7)).toEqual(['NZ-1 not played: scores 0']);
  });

  it('NZ-1 NZ-4 drops the lowest AFTER the substitute penalty: a substitute score above the lowest regular one can be the one dropped', () => {
    // Regular scores 50, 55 … 61; substitute scores 52 (session 1), 60, 60.
    // Dropping the regular 50 keeps three substitute scores: −1 −2 −3 → 512.00.
    // Dropping the substitute 52 leaves two, renumbered 1st and 2nd: −1 −2 → 513.00.
    const scores = [
      sub(1, '52'),
      s(2, '50'),
      sub(3, '60'),
      s(4, '55'),
      s(5, '56'),
      s(6, '57'),
      s(7, '58'),
      s(8, '59'),
      s(9, '61'),
      sub(10, '60'),
    ];
    const r = nzStanding(clubPairs, { competitor: 'A', scores }, params);
    expect(r.dropped).toEqual([1]);
    expect(formatHundredths(r.total)).toBe('513.00');
    expect(explainOf(r, 3)).toEqual([
      'NZ-4 the 1st counted substitute score: −1.00 %',
      'NZ-1 counted: 59.00 %',
    ]);
    expect(explainOf(r, 10)).toEqual([
      'NZ-4 the 2nd counted substitute score: −2.00 %',
      'NZ-1 counted: 58.00 %',
    ]);
    expect(r.sessions.find((l) => l.session === 1)).toMatchObject({ counted: false, score: 5200 });
  });

  it('NZ-1 NZ-4 numbers the counted substitute scores by date: 1 %, 2 %, 3 %', () => {
    const scores = [
      s(1, '50'),
      sub(2, '60'),
      s(3, '50'),
      sub(4, '40'),
      s(5, '50'),
      sub(6, '70'),
      s(7, '50'),
      s(8, '50'),
      s(9, '50'),
    ];
    const r = nzStanding(clubPairs, { competitor: 'A', scores }, params);
    expect(
      r.sessions.filter((l) => l.substitute).map((l) => [l.session, l.substituteNumber]),
    ).toEqual([
      [2, 1],
      [4, 2],
      [6, 3],
    ]);
    expect(r.explain.filter((e) => e.rule === 'NZ-4').map((e) => e.amount)).toEqual([
      -100, -200, -300,
    ]);
    expect(formatHundredths(r.total)).toBe('464.00');
  });

  it('NZ-1 edge: exactly 6 regular sessions qualify, and of the 4 substitute scores only the best 3 count', () => {
    const scores = [
      s(1, '50'),
      s(2, '50'),
      s(3, '50'),
      s(4, '50'),
      s(5, '50'),
      s(6, '50'),
      sub(7, '70'),
      sub(8, '45'),
      sub(9, '65'),
      sub(10, '60'),
    ];
    const r = nzStanding(clubPairs, { competitor: 'A', scores }, params);
    expect(r.qualifies).toBe(true);
    expect(r.dropped).toEqual([8]);
    // 300 + 70 − 1 + 65 − 2 + 60 − 3
    expect(formatHundredths(r.total)).toBe('489.00');
    expect(explainOf(r, 8)[0]).toMatch(/^NZ-1 not counted: at most 3 substitute scores count/);
    expect(r.explain.map((e) => `${e.rule} ${e.effect}`)).toContain(
      'NZ-1 event: ok — the regular partnership played 6 session(s); at least 6 required',
    );
  });

  it('NZ-1 edge: a regular partnership of 5 sessions does not qualify: listed, not placed', () => {
    const scores = [
      s(1, '70'),
      s(2, '70'),
      s(3, '70'),
      s(4, '70'),
      s(5, '70'),
      sub(7, '70'),
      sub(8, '70'),
      sub(9, '70'),
      sub(10, '70'),
    ];
    const rows = nzStandings(
      clubPairs,
      [
        { competitor: 'A', scores },
        { competitor: 'B', scores: series('50', '50', '50', '50', '50', '50', '50', '50', '50') },
      ],
      params,
    );
    expect(rows.map((x) => [x.competitor, x.place])).toEqual([
      ['B', 1],
      ['A', null],
    ]);
    expect(row(rows, 'A').explain.map((e) => `${e.rule} ${e.effect}`)).toContain(
      'NZ-1 does not qualify: listed, not placed',
    );
  });
});

describe('NZ-3 substitute limit in a ten-session event', () => {
  const regular = (n: number) => Array.from({ length: n }, (_, i) => s(i + 1, '50'));
  it('NZ-3 edge: 4 substitutions (40 % of 10) qualify; 5 do not', () => {
    const four = [...regular(6), sub(7, '50'), sub(8, '50'), sub(9, '50'), sub(10, '50')];
    const five = [
      ...regular(5),
      sub(6, '50'),
      sub(7, '50'),
      sub(8, '50'),
      sub(9, '50'),
      sub(10, '50'),
    ];
    const rows = nzStandings(
      clubPairs,
      [
        { competitor: 'four', scores: four },
        { competitor: 'five', scores: five },
      ],
      params,
    );
    expect(row(rows, 'four')).toMatchObject({ qualifies: true, place: 1 });
    expect(row(rows, 'five')).toMatchObject({ qualifies: false, place: null });
    expect(row(rows, 'five').explain.map((e) => `${e.rule} ${e.effect}`)).toContain(
      'NZ-3 event: no — 5 substitution(s); at most 4 allowed (40 % of 10 sessions, rounded down): does not qualify',
    );
  });
});

describe('NZ-5 one-board penalty', () => {
  it('NZ-5 subtracts one board, 4 % on 25 boards, for partnering a non-club member in the Club Pairs', () => {
    const scores = [s(1, '60', { oneBoardPenalties: ['partner-non-member'] })];
    const r = nzStanding(clubPairs, { competitor: 'A', scores }, params);
    expect(r.sessions[0]).toMatchObject({ raw: 6000, score: 5600 });
    expect(r.explain[0]).toEqual({
      rule: 'NZ-5',
      session: 1,
      effect: 'one-board penalty (partnering a non-club member): 1 of 25 boards = −4.00 %',
      amount: -400,
    });
  });

  it('NZ-5 edge: on 24 boards one board is 4.1666… %, rounded half up to 4.17 %', () => {
    const r = nzStanding(
      clubPairs,
      {
        competitor: 'A',
        scores: [s(1, '60', { boardsPlayed: 24, oneBoardPenalties: ['partner-non-member'] })],
      },
      params,
    );
    expect(r.explain[0]!.amount).toBe(-417);
    expect(r.total).toBe(6000 - 417);
  });

  it('NZ-5 penalises a Tuesday player in the Victoria Pairs but not in the Club Pairs', () => {
    const scores = [s(1, '60', { oneBoardPenalties: ['tuesday-player'] })];
    const victoria = nzStanding({ kind: 'victoria-pairs' }, { competitor: 'A', scores }, params);
    const club = nzStanding(clubPairs, { competitor: 'A', scores }, params);
    expect(victoria.total).toBe(5600);
    expect(club.total).toBe(6000);
    expect(explainOf(club, 1)[0]).toBe(
      'NZ-5 no one-board penalty for a Tuesday player in the club-pairs',
    );
  });

  it('NZ-5 reading: two reasons in one session still cost one board (parameter perReason: two)', () => {
    const scores = [s(1, '60', { oneBoardPenalties: ['tuesday-player', 'partner-non-member'] })];
    const one = nzStanding({ kind: 'victoria-pairs' }, { competitor: 'A', scores }, params);
    const two = nzStanding(
      { kind: 'victoria-pairs' },
      { competitor: 'A', scores },
      amended({ 'oneBoardPenalty.perReason': true }),
    );
    expect(one.total).toBe(5600);
    expect(two.total).toBe(5200);
  });

  it('NZ-5 is applied before placings: a penalised pair falls below the pair it led', () => {
    const a = [
      s(1, '60', { oneBoardPenalties: ['partner-non-member'] }),
      ...series(...ten('50')).slice(1),
    ];
    const rows = nzStandings(
      clubPairs,
      [
        { competitor: 'A', scores: a },
        { competitor: 'B', scores: series(...ten('50.8')) },
      ],
      params,
    );
    // Without the penalty A would have 60 + 8 × 50 = 460.00 and lead B's 9 × 50.80 = 457.20.
    expect(rows.map((x) => [x.competitor, x.place, formatHundredths(x.total)])).toEqual([
      ['B', 1, '457.20'],
      ['A', 2, '456.00'],
    ]);
  });
});

describe('NZ-6 cross-substitution', () => {
  it('NZ-6 counts the one score for both pairs as a substitute score, each with its own NZ-4 numbering', () => {
    const [forA, forB] = crossSubstitution(
      { session: 3, percentage: 6000, boardsPlayed: 25 },
      'A',
      'B',
    );
    const rows = nzStandings(
      clubPairs,
      [
        { competitor: 'A', scores: [s(1, '50'), s(2, '50'), forA] },
        { competitor: 'B', scores: [sub(1, '50'), s(2, '50'), forB] },
      ],
      params,
    );
    expect(row(rows, 'A').sessions[2]).toMatchObject({
      substitute: true,
      substituteNumber: 1,
      score: 5900,
    });
    expect(row(rows, 'B').sessions[2]).toMatchObject({
      substitute: true,
      substituteNumber: 2,
      score: 5800,
    });
    expect(explainOf(row(rows, 'A'), 3)[0]).toBe(
      'NZ-6 cross-substitution with B: the score counts for both pairs as a substitute score',
    );
  });

  it('NZ-6 refuses a cross-substitution score the other pair does not have', () => {
    const [forA] = crossSubstitution({ session: 3, percentage: 6000, boardsPlayed: 25 }, 'A', 'B');
    expect(() =>
      nzStandings(
        clubPairs,
        [
          { competitor: 'A', scores: [forA] },
          { competitor: 'B', scores: [s(3, '60')] },
        ],
        params,
      ),
    ).toThrow('NZ-6: A.scores[0].crossSubstitutionWith B must have the same score for session 3');
  });
});

describe('ranking', () => {
  it('NZ-1 ranks by total with ties sharing a place ("1224"), non-qualifiers after, unplaced', () => {
    const rows = nzStandings(
      clubPairs,
      [
        { competitor: 'D', scores: series(...ten('50')) },
        { competitor: 'C', scores: series(...ten('55')) },
        { competitor: 'B', scores: series(...ten('55')) },
        { competitor: 'A', scores: series(...ten('60')) },
        {
          competitor: 'X',
          scores: series(...ten('99')),
          verdicts: [
            { rule: 'NZ-8f', subject: 'X', scope: 'event', ok: false, reason: 'a third Wednesday' },
          ],
        },
      ],
      params,
    );
    expect(rows.map((x) => [x.competitor, x.place])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 2],
      ['D', 4],
      ['X', null],
    ]);
    expect(row(rows, 'X').explain.map((e) => `${e.rule} ${e.effect}`)).toEqual(
      expect.arrayContaining([
        'NZ-8f event: no — a third Wednesday',
        'NZ-8f does not qualify: listed, not placed',
      ]),
    );
  });
});

describe('parameters change the standing', () => {
  const scores = [
    s(1, '50'),
    sub(2, '60'),
    s(3, '48'),
    sub(4, '58'),
    s(5, '52'),
    s(6, '54'),
    s(7, '56'),
    s(8, '53'),
    s(9, '51'),
    s(10, '55'),
  ];
  it('NZ-1 tenSession.counted 8 instead of 9: two scores are dropped', () => {
    const nine = nzStanding(clubPairs, { competitor: 'A', scores }, params);
    const eight = nzStanding(
      clubPairs,
      { competitor: 'A', scores },
      amended({ 'tenSession.counted': 8 }),
    );
    expect(nine.dropped).toEqual([3]);
    expect(formatHundredths(nine.total)).toBe('486.00'); // 537 − 48 − 1 − 2
    expect(eight.dropped).toEqual([1, 3]);
    expect(formatHundredths(eight.total)).toBe('436.00');
    expect(explainOf(eight, 1)[0]).toMatch(/^NZ-1 dropped: not among the best 8 after penalties/);
  });

  it('NZ-4 substitutePenaltiesPercent [2, 3, 4]: the counted substitute scores cost 2 % and 3 %', () => {
    const r = nzStanding(
      clubPairs,
      { competitor: 'A', scores },
      amended({ substitutePenaltiesPercent: [2, 3, 4] }),
    );
    expect(r.explain.filter((e) => e.rule === 'NZ-4').map((e) => e.amount)).toEqual([-200, -300]);
    expect(formatHundredths(r.total)).toBe('484.00');
  });

  it('NZ-4 a 4th counted substitute score, once an amendment allows it, costs substitutePenaltyAfterListPercent', () => {
    const four = [
      ...Array.from({ length: 6 }, (_, i) => s(i + 1, '50')),
      sub(7, '60'),
      sub(8, '60'),
      sub(9, '60'),
      sub(10, '60'),
    ];
    const r = nzStanding(
      clubPairs,
      { competitor: 'A', scores: four },
      amended({ 'tenSession.maxSubstituteScoresCounted': 4, 'tenSession.counted': 10 }),
    );
    expect(r.explain.filter((e) => e.rule === 'NZ-4').map((e) => e.amount)).toEqual([
      -100, -200, -300, -300,
    ]);
  });
});

describe('every standing explains itself', () => {
  it('NZ-1 NZ-3 NZ-4 NZ-5 the explanation lists each penalty, each counted and dropped score and each verdict', () => {
    const scores = [
      s(1, '55', { oneBoardPenalties: ['partner-non-member'] }),
      sub(2, '60'),
      ...[3, 4, 5, 6, 7, 8, 9].map((n) => s(n, '50')),
      s(10, '40'),
    ];
    const r = nzStanding({ kind: 'victoria-pairs' }, { competitor: 'A', scores }, params);
    expect(r.explain.map((e) => [e.rule, e.session ?? '-', e.effect, e.amount ?? '-'])).toEqual([
      [
        'NZ-5',
        1,
        'one-board penalty (partnering a non-club member): 1 of 25 boards = −4.00 %',
        -400,
      ],
      ['NZ-1', 1, 'counted: 51.00 %', '-'],
      ['NZ-4', 2, 'the 1st counted substitute score: −1.00 %', -100],
      ['NZ-1', 2, 'counted: 59.00 %', '-'],
      ...[3, 4, 5, 6, 7, 8, 9].map((n) => ['NZ-1', n, 'counted: 50.00 %', '-']),
      [
        'NZ-1',
        10,
        'dropped: the lowest score after penalties (all 10 sessions played) (40.00 % before any substitute penalty)',
        '-',
      ],
      [
        'NZ-1',
        '-',
        'event: ok — the regular partnership played 9 session(s); at least 6 required',
        '-',
      ],
      [
        'NZ-3',
        '-',
        'event: ok — 1 substitution(s); at most 4 allowed (40 % of 10 sessions, rounded down)',
        '-',
      ],
      ['NZ-1', '-', 'total of 9 counted score(s): 460.00 %', 46000],
    ]);
  });
});
