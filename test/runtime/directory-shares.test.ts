import fc from 'fast-check';
import { joinedTimeline, type DirectoryShare } from '../../src/ledger/directory-shares';

/**
 * The timeline of a split rebuild's directory, joined from its shares': every fact once, in
 * position order, whichever share read it, as one pass over every fact notes it.
 */
describe("a split rebuild's timeline joined from its shares", () => {
  const share = (facts: Array<[position: number, time: number]>, lastId = ''): DirectoryShare => ({
    positions: Float64Array.from(facts.map((f) => f[0])),
    times: Float64Array.from(facts.map((f) => f[1])),
    lastId,
    additions: [],
    lasts: [],
  });
  const timeOf = (position: number) => 1_700_000_000_000 + position * 1000;

  it("each share's facts in position order, and a fact both shares read kept once", () => {
    // Share 1 read 1–5 and its late stream's 8; share 2 read 6, 7, 9; both read 4 (everyone's).
    const first = share(
      [1, 2, 3, 4, 5, 8].map((p) => [p, timeOf(p)]),
      'id-8',
    );
    const second = share(
      [4, 6, 7, 9].map((p) => [p, timeOf(p)]),
      'id-9',
    );
    const t = joinedTimeline([first, second]);
    expect([...t.positions]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...t.times]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(timeOf));
    expect(t.ordered).toBe(true);
    expect(t.lastId).toBe('id-9');
  });

  it('an instant before the one before, or an unreadable one, is not ordered', () => {
    const late = share([[1, timeOf(2)]]);
    const early = share([[2, timeOf(1)]]);
    expect(joinedTimeline([late, early]).ordered).toBe(false);
    expect(joinedTimeline([share([[1, Number.NaN]]), early]).ordered).toBe(false);
  });

  it('no share, or shares that read nothing: an empty timeline', () => {
    expect(joinedTimeline([]).positions).toHaveLength(0);
    const t = joinedTimeline([share([]), share([])]);
    expect(t.positions).toHaveLength(0);
    expect(t.lastId).toBe('');
  });

  it('the same timeline as merging fact by fact, for any shares of any facts', () => {
    // Each fact goes to one share, or to every share (everyone's), as the split reads them.
    const facts = fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.boolean()), {
      maxLength: 300,
    });
    fc.assert(
      fc.property(facts, fc.integer({ min: 1, max: 3 }), (owners, of) => {
        const read: Array<Array<[number, number]>> = Array.from({ length: of }, () => []);
        owners.forEach(([owner, everyones], i) => {
          const position = i + 1;
          for (let s = 0; s < of; s++)
            if (everyones || owner % of === s) read[s]!.push([position, timeOf(position)]);
        });
        const t = joinedTimeline(read.map((r) => share(r)));
        const expected = [...new Set(read.flat().map((f) => f[0]))].sort((a, b) => a - b);
        expect([...t.positions]).toEqual(expected);
        expect([...t.times]).toEqual(expected.map(timeOf));
      }),
    );
  });
});
