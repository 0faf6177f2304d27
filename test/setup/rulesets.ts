/**
 * The rulesets the ledger ships, registered as the app and the CLI register them at start
 * (src/rulesets/index.ts): a test of a decider or a projection reads the same presets.
 */
import '../../src/rulesets';
