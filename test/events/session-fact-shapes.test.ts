import { catalogue } from '../../src/contexts/catalogue';
import { playedNsScore } from '../../src/contexts/pairs/projection/scored-sessions';
import { misplacementOf } from '../../src/contexts/streams';

/** The issues the catalogue finds in one session fact's data, as an append would report them. */
const issues = (type: string, data: unknown) => catalogue.validate({ type, data }, 'e');
const fields = (type: string, data: unknown) =>
  issues(type, data)
    .map((i) => i.field)
    .sort();

const line = { board: 1, line: 3, nsPair: '1', ewPair: '4', kind: 'played' };
const fourSpades = { contract: { level: 4, strain: 'S', doubling: '' }, declarer: 'N', tricks: 10 };

describe('STD-SCORE: a played traveller line gives a score, a contract, or both', () => {
  it('STD-SCORE a score-only line (nsScore alone) is a whole traveller line', () => {
    expect(issues('BoardResultRecorded', { ...line, nsScore: 420 })).toEqual([]);
    expect(issues('BoardResultRecorded', { ...line, nsScore: -50 })).toEqual([]);
  });

  it('STD-SCORE contract, declarer and tricks without nsScore: accepted, the score is computed when read', () => {
    expect(issues('BoardResultRecorded', { ...line, ...fourSpades })).toEqual([]);
    expect(playedNsScore({ ...line, ...fourSpades } as never)).toBe(420);
    // Board 2: NS vulnerable; East declares 3NT, one down: +100 for NS.
    expect(
      playedNsScore({
        board: 2,
        contract: { level: 3, strain: 'NT', doubling: '' },
        declarer: 'E',
        tricks: 8,
      } as never),
    ).toBe(50);
    // A reported score is the line's score.
    expect(playedNsScore({ ...line, ...fourSpades, nsScore: 420 } as never)).toBe(420);
  });

  it('STD-SCORE a disagreeing score is refused at nsScore, naming the board and the line', () => {
    expect(issues('BoardResultRecorded', { ...line, ...fourSpades, nsScore: 450 })).toEqual([
      {
        field: 'e.data.nsScore',
        message:
          'STD-SCORE: board 1, line 3: 4S by N (not vulnerable) taking 10 tricks scores 420 for NS; the fact says 450',
      },
    ]);
  });

  it('STD-SCORE bad input: neither a score nor a contract is refused at nsScore', () => {
    expect(issues('BoardResultRecorded', line)).toEqual([
      {
        field: 'e.data.nsScore',
        message:
          'is required for a played result without contract, declarer and tricks (STD-SCORE)',
      },
    ]);
  });

  it('STD-SCORE bad input: part of a contract is refused at each missing field, with or without a score', () => {
    const { tricks: _t, ...noTricks } = fourSpades;
    expect(issues('BoardResultRecorded', { ...line, ...noTricks })).toEqual([
      {
        field: 'e.data.tricks',
        message:
          'is required for a played result with contract and declarer (STD-SCORE: contract, declarer and tricks together)',
      },
    ]);
    expect(fields('BoardResultRecorded', { ...line, declarer: 'N', nsScore: 420 })).toEqual([
      'e.data.contract',
      'e.data.tricks',
    ]);
  });

  it('STD-SCORE edge: a played line is never a sit-out, nor carries an artificial score', () => {
    expect(fields('BoardResultRecorded', { ...line, nsScore: 420, sitOut: true })).toEqual([
      'e.data.sitOut',
    ]);
  });
});

describe('an artificial line may say it is a sit-out against a phantom', () => {
  const art = {
    board: 2,
    line: 4,
    nsPair: '5',
    ewPair: '9',
    kind: 'artificial',
    artificial: { nsPercent: 60, ewPercent: 40 },
  };

  it('STD-NEUBERG artificial with sitOut: true (or false, or none) is accepted', () => {
    expect(issues('BoardResultRecorded', { ...art, sitOut: true })).toEqual([]);
    expect(issues('BoardResultRecorded', { ...art, sitOut: false })).toEqual([]);
    expect(issues('BoardResultRecorded', art)).toEqual([]);
  });

  it('bad input: sitOut that is not a boolean, or on a passed-out board, is named', () => {
    expect(issues('BoardResultRecorded', { ...art, sitOut: 'yes' })).toEqual([
      { field: 'e.data.sitOut', message: 'sitOut must be true or false' },
    ]);
    expect(
      issues('BoardResultRecorded', {
        board: 2,
        line: 1,
        nsPair: '1',
        ewPair: '2',
        kind: 'passed-out',
        nsScore: 0,
        sitOut: true,
      }),
    ).toEqual([{ field: 'e.data.sitOut', message: 'is not part of a passed-out result' }]);
  });
});

const adjusted = { board: 7, nsPair: '3', ewPair: '6', reason: 'director’s split' };

describe('AdjustedScoreAwarded kind awarded, the points a director set by hand', () => {
  it('STD-MP a split of 23 and 11 on a top of 40 is accepted, as are IMPs without a top', () => {
    expect(
      issues('AdjustedScoreAwarded', {
        ...adjusted,
        kind: 'awarded',
        points: { ns: 23, ew: 11, top: 40 },
      }),
    ).toEqual([]);
    // IMPs in a butler session may be negative and carry tenths or hundredths.
    expect(
      issues('AdjustedScoreAwarded', { ...adjusted, kind: 'awarded', points: { ns: -1.5, ew: 3 } }),
    ).toEqual([]);
  });

  it('STD-MP edge: 0 and the top itself are the bounds', () => {
    expect(
      issues('AdjustedScoreAwarded', {
        ...adjusted,
        kind: 'awarded',
        points: { ns: 0, ew: 40, top: 40 },
      }),
    ).toEqual([]);
  });

  it('STD-MP bad input: points beyond the top, three decimals, no points, or a score beside them', () => {
    expect(
      issues('AdjustedScoreAwarded', {
        ...adjusted,
        kind: 'awarded',
        points: { ns: 41, ew: -1, top: 40 },
      }),
    ).toEqual([
      {
        field: 'e.data.points.ns',
        message: 'must lie between 0 and the top of 40 it is given on (STD-MP)',
      },
      {
        field: 'e.data.points.ew',
        message: 'must lie between 0 and the top of 40 it is given on (STD-MP)',
      },
    ]);
    expect(
      fields('AdjustedScoreAwarded', {
        ...adjusted,
        kind: 'awarded',
        points: { ns: 23.333, ew: 11, top: 0 },
      }),
    ).toEqual(['e.data.points.ns', 'e.data.points.top']);
    expect(issues('AdjustedScoreAwarded', { ...adjusted, kind: 'awarded' })).toEqual([
      { field: 'e.data.points', message: 'is required for an awarded score' },
    ]);
    expect(
      issues('AdjustedScoreAwarded', {
        ...adjusted,
        kind: 'awarded',
        points: { ns: 23, ew: 11 },
        nsScore: 420,
      }),
    ).toEqual([{ field: 'e.data.nsScore', message: 'is not part of an awarded score' }]);
    expect(
      issues('AdjustedScoreAwarded', {
        ...adjusted,
        kind: 'assigned',
        nsScore: 420,
        points: { ns: 1, ew: 1 },
      }),
    ).toEqual([{ field: 'e.data.points', message: 'is not part of an assigned score' }]);
  });
});

describe('Law 12C1(c): AdjustedScoreAwarded kind weighted', () => {
  const weighted = (parts: unknown) => ({ ...adjusted, kind: 'weighted', weighted: parts });

  it('Law 12C1(c) 0.33 × NS +140 and 0.67 × NS +170 is accepted (the weights add up to exactly 1.00)', () => {
    expect(
      issues(
        'AdjustedScoreAwarded',
        weighted([
          { weight: 0.33, nsScore: 140 },
          { weight: 0.67, nsScore: 170 },
        ]),
      ),
    ).toEqual([]);
  });

  it('Law 12C1(c) edge: four parts, and thirds written 0.33 + 0.33 + 0.34', () => {
    expect(
      issues(
        'AdjustedScoreAwarded',
        weighted([
          { weight: 0.25, nsScore: 420 },
          { weight: 0.25, nsScore: 450 },
          { weight: 0.25, nsScore: -50 },
          { weight: 0.25, nsScore: -100 },
        ]),
      ),
    ).toEqual([]);
    expect(
      issues(
        'AdjustedScoreAwarded',
        weighted([
          { weight: 0.33, nsScore: 420 },
          { weight: 0.33, nsScore: 170 },
          { weight: 0.34, nsScore: -50 },
        ]),
      ),
    ).toEqual([]);
  });

  it('Law 12C1(c) bad input: weights that do not add up to 1.00 are refused at weighted, with their sum', () => {
    expect(
      issues(
        'AdjustedScoreAwarded',
        weighted([
          { weight: 0.33, nsScore: 140 },
          { weight: 0.66, nsScore: 170 },
        ]),
      ),
    ).toEqual([
      {
        field: 'e.data.weighted',
        message: 'the weights must add up to exactly 1.00 (Law 12C1(c)); they add up to 0.99',
      },
    ]);
  });

  it('Law 12C1(c) bad input: one part, five parts, a weight of 0, 1 or 0.333, a score that is not whole', () => {
    expect(issues('AdjustedScoreAwarded', weighted([{ weight: 0.5, nsScore: 140 }]))).toEqual([
      { field: 'e.data.weighted', message: 'weighted must have 2 to 4 parts (Law 12C1(c))' },
    ]);
    expect(
      fields('AdjustedScoreAwarded', weighted(Array(5).fill({ weight: 0.2, nsScore: 140 }))),
    ).toEqual(['e.data.weighted']);
    expect(
      fields(
        'AdjustedScoreAwarded',
        weighted([
          { weight: 0, nsScore: 140 },
          { weight: 1, nsScore: 170 },
        ]),
      ),
    ).toEqual(['e.data.weighted.0.weight', 'e.data.weighted.1.weight']);
    expect(
      fields(
        'AdjustedScoreAwarded',
        weighted([
          { weight: 0.333, nsScore: 140.5 },
          { weight: 0.667, nsScore: 170 },
        ]),
      ),
    ).toEqual([
      'e.data.weighted.0.nsScore',
      'e.data.weighted.0.weight',
      'e.data.weighted.1.weight',
    ]);
  });

  it('Law 12C1(c) bad input: a weighted score without parts, or with a single nsScore beside them', () => {
    expect(issues('AdjustedScoreAwarded', { ...adjusted, kind: 'weighted' })).toEqual([
      { field: 'e.data.weighted', message: 'is required for a weighted score' },
    ]);
    expect(
      fields('AdjustedScoreAwarded', {
        ...weighted([
          { weight: 0.5, nsScore: 140 },
          { weight: 0.5, nsScore: 170 },
        ]),
        nsScore: 140,
      }),
    ).toEqual(['e.data.nsScore']);
  });

  it('the kinds of today stay as they were: artificial and assigned', () => {
    expect(
      issues('AdjustedScoreAwarded', {
        ...adjusted,
        kind: 'artificial',
        artificial: { nsPercent: 60, ewPercent: 40 },
      }),
    ).toEqual([]);
    expect(issues('AdjustedScoreAwarded', { ...adjusted, kind: 'assigned', nsScore: 0 })).toEqual(
      [],
    );
    expect(fields('AdjustedScoreAwarded', { ...adjusted, kind: 'split' })).toEqual(['e.data.kind']);
  });
});

describe('STD-BUTLER: BoardDatumRecorded, the datum a board is scored against', () => {
  const datum = { board: 12, datum: 420, source: 'program' };

  it('STD-BUTLER a program’s or a director’s datum, with or without a reason', () => {
    expect(issues('BoardDatumRecorded', datum)).toEqual([]);
    expect(
      issues('BoardDatumRecorded', {
        ...datum,
        datum: -1370,
        source: 'director',
        reason: 'DSB-16b datumscore',
      }),
    ).toEqual([]);
  });

  it('STD-BUTLER edge: a datum of 0 and of −10000', () => {
    expect(issues('BoardDatumRecorded', { ...datum, datum: 0 })).toEqual([]);
    expect(issues('BoardDatumRecorded', { ...datum, datum: -10000 })).toEqual([]);
  });

  it('STD-BUTLER bad input: a datum that is not a multiple of 10 is named at datum', () => {
    expect(issues('BoardDatumRecorded', { ...datum, datum: 425 })).toEqual([
      { field: 'e.data.datum', message: 'must be a multiple of 10, as NS points are (STD-BUTLER)' },
    ]);
  });

  it('STD-BUTLER bad input: board 0, a fractional datum, an unknown source, an extra field', () => {
    expect(
      fields('BoardDatumRecorded', {
        board: 0,
        datum: 42.5,
        source: 'computed',
        imps: 3,
      }),
    ).toEqual(['e.data.board', 'e.data.datum', 'e.data.imps', 'e.data.source']);
  });

  it('LEDGER a datum belongs on a session stream and on no other', () => {
    expect(misplacementOf('BoardDatumRecorded', datum, 'session-karori-ev-1-1')).toBeUndefined();
    expect(misplacementOf('BoardDatumRecorded', datum, 'competition-x')?.field).toBe('streamId');
  });
});
