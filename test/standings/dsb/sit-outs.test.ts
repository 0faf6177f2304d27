import { applyChanges } from '../../../src/rulebooks/rulebook';
import { sitOutReport } from '../../../src/rulesets/dsb-groenlo-2014/standings';
import { competition, P, pair, played } from './builders';

const sits = (id: string, ...rounds: number[]) =>
  pair(
    id,
    rounds.map((r, i) => played(i + 1, 5000, { boards: 24 - 4 * r, sitOutRounds: r })),
  );

describe('DSB-22.5 sit-outs are spread evenly over a group’s pairs', () => {
  const c = competition(
    { group: 'C', pairs: [sits('P', 1, 0, 0), sits('Q', 0, 1, 0), sits('R', 0, 0, 1)] },
    { group: 'D', pairs: [sits('S', 1, 1, 1), sits('T', 0, 0, 0)] },
  );

  it('DSB-22.5 a report per group: sit-outs per pair and the spread (max − min)', () => {
    const [gc, gd] = sitOutReport(P, c, { afterSession: 3 });
    expect(gc).toMatchObject({ group: 'C', min: 1, max: 1, spread: 0, even: true });
    expect(gd).toMatchObject({
      group: 'D',
      pairs: [
        { pairId: 'S', sitOuts: 3 },
        { pairId: 'T', sitOuts: 0 },
      ],
      spread: 3,
      even: false,
    });
    expect(gd.explain).toBe(
      'DSB-22.5 group D after session 3: sit-outs 0..3, spread 3, more than 1: not spread evenly',
    );
  });

  it('DSB-22.5 counts up to the session asked; an amended tolerance changes the verdict', () => {
    expect(sitOutReport(P, c, { afterSession: 1 })[0]).toMatchObject({ spread: 1, even: true });
    const strict = applyChanges(P, { 'sitOuts.maxSpread': 0 });
    expect(sitOutReport(strict, c, { afterSession: 1 })[0].even).toBe(false);
  });

  it('DSB-22.5 refuses sit-out rounds beyond the session’s rounds', () => {
    const bad = competition({
      group: 'C',
      pairs: [pair('P', [played(1, 5000, { sitOutRounds: 7 })])],
    });
    expect(() => sitOutReport(P, bad, { afterSession: 1 })).toThrow(
      'DSB-22.5: groups[C].pairs[P].entries[session 1].sitOutRounds must be a number of rounds in 0..6, got 7',
    );
  });

  it('DSB-22.5 rounds played against another group’s sit-out pair still count as sit-outs, shown as crossGroup', () => {
    const across = competition({
      group: 'C',
      pairs: [
        pair('P', [played(1, 5000, { sitOutRounds: 1, crossGroupRounds: 1 }), played(2, 5000)]),
        pair('Q', [played(1, 5000), played(2, 5000, { sitOutRounds: 1 })]),
      ],
    });
    const [gc] = sitOutReport(P, across, { afterSession: 2 });
    expect(gc).toMatchObject({
      pairs: [
        { pairId: 'P', sitOuts: 1, crossGroup: 1 },
        { pairId: 'Q', sitOuts: 1, crossGroup: 0 },
      ],
      spread: 0,
      even: true,
    });
    expect(gc.explain).toBe(
      "DSB-22.5 group C after session 2: sit-outs 1..1, spread 0; 1 sit-out round(s) played against another group's sit-out pair",
    );
  });

  it('DSB-22.5 refuses more rounds played across groups than the pair sat out', () => {
    const bad = competition({
      group: 'C',
      pairs: [pair('P', [played(1, 5000, { sitOutRounds: 1, crossGroupRounds: 2 })])],
    });
    expect(() => sitOutReport(P, bad, { afterSession: 1 })).toThrow(
      'DSB-22.5: groups[C].pairs[P].entries[session 1].crossGroupRounds must be a number of its sit-out rounds in 0..1, got 2',
    );
  });
});
