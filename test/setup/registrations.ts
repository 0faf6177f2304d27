/**
 * The contexts and the rulesets the ledger ships, registered as the app and the CLI register
 * them at start (src/contexts/built-in.ts, src/rulesets/index.ts): a test of a decider or a
 * projection reads the same catalogue, deciders and presets.
 */
import '../../src/contexts/built-in';
import '../../src/rulesets';
