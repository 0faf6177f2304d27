import { RuleViolation } from '../../../src/kernel/rule-violation';
import {
  byCut,
  cutValue,
  mayRejoin,
  sevenHandRule,
  tableFromCut,
  tableUp,
} from '../../../src/rulesets/pinner/rubber/rotation';

/** The refusal a call throws (a RuleViolation: its rule, field and reason). */
function refusal(f: () => unknown): RuleViolation {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleViolation) return e;
    throw e;
  }
  throw new Error('not refused');
}

/**
 * Pinner's rubber-bridge rotation (PIN-R21 to R25) as pure functions: the cut, the table made
 * up from it, who leaves at Table Up, the seven-hand rule, the half hour away.
 */
describe('PIN-R21 PIN-R22 the cut for seats', () => {
  it('PIN-R21 three pairs present before the cut is completed: all cut, the two highest make the table, the third qualifies for the next', () => {
    const r = tableFromCut(
      [
        { unit: 'pair-a', card: '7H' },
        { unit: 'pair-b', card: 'KS' },
        { unit: 'pair-c', card: 'QD' },
      ],
      2,
    );
    expect(r).toMatchObject({ table: ['pair-b', 'pair-c'], next: ['pair-a'] });
  });

  it('PIN-R22 six players at a cut-in session: the four highest sit; equal ranks go by suit, spades highest', () => {
    const r = tableFromCut(
      [
        { unit: 'ann', card: '9C' },
        { unit: 'bob', card: '9S' },
        { unit: 'cat', card: 'AD' },
        { unit: 'dan', card: '2H' },
        { unit: 'eve', card: '10H' },
        { unit: 'fox', card: '9H' },
      ],
      4,
    );
    expect(r.table).toEqual(['cat', 'eve', 'bob', 'fox']);
    expect(r.next).toEqual(['ann', 'dan']);
    expect(cutValue('9S')).toBeGreaterThan(cutValue('9H'));
  });

  it('bad input: a card that is none, the same card twice, fewer than a table: refused naming the rule and the field', () => {
    expect(() => byCut([{ unit: 'ann', card: '1S' }])).toThrow(RuleViolation);
    expect(refusal(() => byCut([{ unit: 'ann', card: '1S' }]))).toMatchObject({
      rule: 'PIN-R21',
      field: 'cards[0].card',
    });
    expect(() =>
      byCut([
        { unit: 'ann', card: 'QS' },
        { unit: 'bob', card: 'QS' },
      ]),
    ).toThrow(/QS is drawn by ann already/);
    expect(() => tableFromCut([{ unit: 'pair-a', card: 'QS' }], 2)).toThrow(
      /1 cut: a table takes 2/,
    );
  });
});

describe('PIN-R23 Table Up: the longest tenure leaves for those waiting', () => {
  const seated = [
    { unit: 'ann', tenure: 3 },
    { unit: 'bob', tenure: 1 },
    { unit: 'cat', tenure: 2 },
    { unit: 'dan', tenure: 1 },
  ];

  it('one waiting: ann (3 rubbers) leaves; two waiting: ann and cat', () => {
    expect(tableUp(seated, 1)).toMatchObject({ leave: ['ann'] });
    expect(tableUp(seated, 2)).toMatchObject({ leave: ['ann', 'cat'] });
  });

  it('edge: equal tenures at the boundary cut, the lower to move; the cut must be theirs', () => {
    const r = tableUp(seated, 3);
    expect(r).toEqual(expect.objectContaining({ cutAmong: ['bob', 'dan'], places: 1 }));
    const decided = tableUp(seated, 3, [
      { unit: 'bob', card: '4C' },
      { unit: 'dan', card: 'JH' },
    ]);
    expect(decided).toMatchObject({ leave: ['ann', 'cat', 'bob'] });
    expect(refusal(() => tableUp(seated, 3, [{ unit: 'ann', card: '4C' }]))).toMatchObject({
      rule: 'PIN-R23',
      field: 'cut',
      reason: expect.stringMatching(/must be the draws of bob, dan/),
    });
  });

  it('none waiting: no one leaves; the table plays on only after a Game Call or with all four agreeing', () => {
    expect(tableUp(seated, 0)).toMatchObject({ leave: [] });
    expect((tableUp(seated, 0) as { because: string }).because).toMatch(/Game Call/);
  });
});

describe('PIN-R24 PIN-R25', () => {
  it('PIN-R24 edge: ten present (2½ tables) Table Up at the 7th hand, not the 6th; eleven present, at the end of the rubber', () => {
    expect(sevenHandRule(10, 7).tableUp).toBe(true);
    expect(sevenHandRule(10, 6).tableUp).toBe(false);
    expect(sevenHandRule(11, 9).tableUp).toBe(false);
  });

  it('PIN-R25 edge: a player who will not follow the rotation may rejoin after exactly half an hour, not a minute before', () => {
    expect(mayRejoin('2019-09-06T14:10:00+01:00', '2019-09-06T14:40:00+01:00').may).toBe(true);
    expect(mayRejoin('2019-09-06T14:10:00+01:00', '2019-09-06T14:39:00+01:00')).toEqual({
      may: false,
      from: '2019-09-06T13:40:00.000Z',
    });
  });
});
