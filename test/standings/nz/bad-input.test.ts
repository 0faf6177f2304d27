import {
  eventShape,
  hundredths,
  nzStanding,
  nzStandings,
  NzInputError,
  oneBoardPenalty,
} from '../../../src/rulesets/nz-club/standings';
import { amended, params, s } from './helpers';

const clubPairs = { kind: 'club-pairs' as const };
const standing = (
  scores: ReturnType<typeof s>[],
  event: Parameters<typeof nzStanding>[0] = clubPairs,
) => nzStanding(event, { competitor: 'A', scores }, params);

describe('bad input is refused with the field and the rule', () => {
  it('NZ-1 a percentage above 100 % or below 0 % names the field', () => {
    expect(() => standing([{ session: 1, percentage: 10001, boardsPlayed: 25 }])).toThrow(
      'NZ-1: A.scores[0].percentage must be integer hundredths of a percent in 0..10000 (0–100 %), got 10001',
    );
    expect(() => standing([s(1, '50'), { session: 2, percentage: -1, boardsPlayed: 25 }])).toThrow(
      /^NZ-1: A\.scores\[1\]\.percentage/,
    );
  });

  it('NZ-2 a percentage that is not whole hundredths is refused in a short event', () => {
    expect(() =>
      standing([{ session: 1, percentage: 5012.5, boardsPlayed: 25 }], {
        kind: 'short-pairs',
        sessions: 4,
      }),
    ).toThrow('NZ-2: A.scores[0].percentage must be integer hundredths');
    expect(() => hundredths('50.125')).toThrow(NzInputError);
  });

  it('NZ-2 the refusal carries its rule, field and reason as fields, the message composed of them (nzShapes reads the fields, not the text)', () => {
    let error: unknown;
    try {
      eventShape({ kind: 'short-pairs', sessions: 2 }, params);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NzInputError);
    const e = error as NzInputError;
    expect({ rule: e.rule, field: e.field, reason: e.reason }).toEqual({
      rule: 'NZ-2',
      field: 'event.sessions',
      reason: expect.stringMatching(/^must be 3 or 4 for the short-pairs, got 2/),
    });
    expect(e.message).toBe(`NZ-2: event.sessions ${e.reason}`);
  });

  it('NZ-1 duplicate session numbers are refused', () => {
    expect(() => standing([s(1, '50'), s(2, '50'), s(2, '55')])).toThrow(
      'NZ-1: A.scores[2].session repeats session 2 (also scores[1])',
    );
  });

  it('NZ-1 a session beyond the event is refused: more sessions than the 10 of the Club Pairs', () => {
    expect(() => standing([s(11, '50')])).toThrow(
      'NZ-1: A.scores[0].session is 11, more sessions than the 10 of the club-pairs',
    );
    expect(() => standing([s(0, '50')])).toThrow(
      'NZ-1: A.scores[0].session must be a positive integer, got 0',
    );
  });

  it('NZ-2 a short event must have 3 or 4 sessions; a Random Draw needs its number of sessions', () => {
    expect(() => standing([s(1, '50')], { kind: 'short-pairs', sessions: 5 })).toThrow(
      'NZ-2: event.sessions must be 3 or 4 for the short-pairs, got 5',
    );
    expect(() => standing([s(1, '50')], { kind: 'random-draw-individual' })).toThrow(
      'NZ-2: event.sessions must be a positive integer for the random-draw-individual, got undefined',
    );
    expect(() => standing([s(1, '50')], { kind: 'club-pairs', sessions: 9 })).toThrow(
      'NZ-1: event.sessions the club-pairs has 10 sessions, got 9',
    );
  });

  it('NZ-5 boards played must be a positive integer; the rounding must be known', () => {
    expect(() => standing([s(1, '50', { boardsPlayed: 0 })])).toThrow(
      'NZ-5: A.scores[0].boardsPlayed must be a positive integer, got 0',
    );
    expect(() => oneBoardPenalty(25, amended({ 'oneBoardPenalty.rounding': 'banker' }))).toThrow(
      "NZ-5: oneBoardPenalty.rounding must be 'half-up', 'up' or 'down', got 'banker'",
    );
    expect(() => standing([s(1, '50', { oneBoardPenalties: ['late' as never] })])).toThrow(
      "NZ-5: A.scores[0].oneBoardPenalties unknown reason 'late'",
    );
  });

  it('NZ-1 a competitor listed twice is refused', () => {
    expect(() =>
      nzStandings(
        clubPairs,
        [
          { competitor: 'A', scores: [] },
          { competitor: 'A', scores: [] },
        ],
        params,
      ),
    ).toThrow("NZ-1: entries[1].competitor repeats 'A'");
  });

  it('NZ-4 a penalty parameter with more than 2 decimals is refused, not rounded', () => {
    expect(() =>
      nzStanding(
        clubPairs,
        { competitor: 'A', scores: [s(1, '50', { substitute: true })] },
        amended({ substitutePenaltiesPercent: [1.005, 2, 3] }),
      ),
    ).toThrow(
      'NZ-4: substitutePenaltiesPercent[0] must be a percentage with at most 2 decimals, got 1.005',
    );
  });

  it('NZ-9 a Wellesley pair needs its two home nights', () => {
    expect(() => standing([s(1, '50')], { kind: 'wellesley-pairs' })).toThrow(
      "NZ-9: A.homeNights must give the two players' home nights",
    );
  });
});

describe('NZ-5 rounding of the one-board penalty', () => {
  it.each([
    [25, 400],
    [24, 417],
    [26, 385],
    [27, 370],
    [20, 500],
  ])('NZ-5 one board of %i is %i hundredths (half up)', (boards, expected) => {
    expect(oneBoardPenalty(boards, params)).toBe(expected);
  });

  it('NZ-5 rounding "down" and "up" are parameters', () => {
    expect(oneBoardPenalty(24, amended({ 'oneBoardPenalty.rounding': 'down' }))).toBe(416);
    expect(oneBoardPenalty(26, amended({ 'oneBoardPenalty.rounding': 'up' }))).toBe(385);
    expect(oneBoardPenalty(27, amended({ 'oneBoardPenalty.rounding': 'up' }))).toBe(371);
  });
});
