import { catalogue } from '../../src/contexts/catalogue';

const fields = (type: string, data: unknown) =>
  catalogue
    .validate({ type, data }, 'e')
    .map((i) => i.field)
    .sort();

const played = {
  board: 3,
  line: 2,
  nsPair: '2NS',
  ewPair: '1EW',
  kind: 'played',
  contract: { level: 3, strain: 'H', doubling: '' },
  declarer: 'E',
  lead: 'TD',
  tricks: 8,
  nsScore: 100,
};

describe('session facts in the catalogue', () => {
  it('STD-SCORE: a played line needs contract, declarer, tricks and score, and no artificial score', () => {
    expect(fields('BoardResultRecorded', played)).toEqual([]);
    const { contract: _c, tricks: _t, ...partial } = played;
    expect(
      fields('BoardResultRecorded', { ...partial, artificial: { nsPercent: 60, ewPercent: 40 } }),
    ).toEqual(['e.data.artificial', 'e.data.contract', 'e.data.tricks']);
  });

  it('STD-NEUBERG: an artificial line carries only its percentages, 0–100 each', () => {
    const art = { board: 2, line: 3, nsPair: '3NS', ewPair: '1EW', kind: 'artificial' };
    expect(
      fields('BoardResultRecorded', { ...art, artificial: { nsPercent: 60, ewPercent: 60 } }),
    ).toEqual([]);
    expect(
      fields('BoardResultRecorded', { ...art, artificial: { nsPercent: 160, ewPercent: 40 } }),
    ).toEqual(['e.data.artificial.nsPercent']);
    expect(
      fields('BoardResultRecorded', {
        ...art,
        nsScore: 50,
        artificial: { nsPercent: 50, ewPercent: 50 },
      }),
    ).toEqual(['e.data.nsScore']);
  });

  it('STD-SCORE: a passed-out board scores 0 and has no contract', () => {
    const po = { board: 4, line: 1, nsPair: '1NS', ewPair: '1EW', kind: 'passed-out', nsScore: 0 };
    expect(fields('BoardResultRecorded', po)).toEqual([]);
    expect(fields('BoardResultRecorded', { ...po, nsScore: 50 })).toEqual(['e.data.nsScore']);
  });

  it('refuses a bad card, strain, level and an unknown field', () => {
    expect(
      fields('BoardResultRecorded', {
        ...played,
        lead: 'ZZ',
        contract: { level: 8, strain: 'NS', doubling: '' },
        matchpoints: 3,
      }),
    ).toEqual([
      'e.data.contract.level',
      'e.data.contract.strain',
      'e.data.lead',
      'e.data.matchpoints',
    ]);
  });

  it('AdjustedScoreAwarded: artificial or assigned, always with a reason', () => {
    const base = { board: 5, nsPair: '4', ewPair: '7', reason: 'slow play: board not started' };
    expect(
      fields('AdjustedScoreAwarded', {
        ...base,
        kind: 'artificial',
        artificial: { nsPercent: 60, ewPercent: 40 },
        law: '12C2',
      }),
    ).toEqual([]);
    expect(fields('AdjustedScoreAwarded', { ...base, kind: 'assigned', nsScore: -420 })).toEqual(
      [],
    );
    expect(fields('AdjustedScoreAwarded', { ...base, kind: 'assigned' })).toEqual([
      'e.data.nsScore',
    ]);
    const { reason: _r, ...noReason } = base;
    expect(fields('AdjustedScoreAwarded', { ...noReason, kind: 'assigned', nsScore: 0 })).toEqual([
      'e.data.reason',
    ]);
  });

  it('SessionMovementRecorded: a scoring method, winner type and fields of pairs', () => {
    const movement = {
      clubId: 'EX01',
      eventId: 'mp-101',
      date: '2026-03-02',
      session: '1',
      scoringMethod: 'MP',
      winnerType: 2,
      boards: [1, 2],
      fields: [
        { field: 'NS', pairs: ['1NS'] },
        { field: 'EW', pairs: ['1EW'] },
      ],
      expectedResults: [{ board: 1, results: 1 }],
    };
    expect(fields('SessionMovementRecorded', movement)).toEqual([]);
    expect(
      fields('SessionMovementRecorded', {
        ...movement,
        scoringMethod: 'VP',
        winnerType: 3,
        date: '02/03/2026',
      }),
    ).toEqual(['e.data.date', 'e.data.scoringMethod', 'e.data.winnerType']);
    // A day the calendar has: not 30 February, not year 0000.
    for (const date of ['2026-02-30', '0000-03-02', '2026-02-29']) {
      expect(fields('SessionMovementRecorded', { ...movement, date })).toEqual(['e.data.date']);
    }
    expect(fields('SessionMovementRecorded', { ...movement, date: '2028-02-29' })).toEqual([]);
  });
});
