// The pure bridge scoring module: STD-SCORE, STD-IMP, STD-VP, STD-MP, STD-NEUBERG,
// STD-BUTLER, STD-CROSSIMP (RULES.md). No I/O, no clock, no randomness.
export * from './errors';
export * from './contract';
export * from './vulnerability';
export * from './duplicate-score';
export * from './imp';
export * from './vp';
export * from './fraction';
export * from './matchpoints';
export * from './neuberg';
export * from './settings';
export * from './published-figure';
export * from './butler';
export * from './cross-imp';
export * from './ranking';
export * from './session-result';
export * from './explain';
export * from './swiss-pairing';
export * from './tie-chain';
