// Types of @graph-algorithm/maximum-matching (Edmonds' blossom algorithm, van Rantwijk's), which
// ships none: the part the Swiss pairing uses.
declare module '@graph-algorithm/maximum-matching' {
  /**
   * A maximum-weight matching of the graph given by its edges `[u, v, weight]` (vertices
   * 0 … n − 1); with `maxCardinality`, the heaviest among the matchings of most edges. Returns
   * each vertex's mate, −1 when unmatched.
   */
  export function weight(
    edges: ReadonlyArray<readonly [number, number, number]>,
    maxCardinality?: boolean,
  ): number[];
}
