/**
 * Only `dsb-input.ts` imports this path, for `toHundredths`: the NZ input now lives in its ruleset
 * (src/rulesets/nz-club/input.ts). Remove this file once dsb-input.ts imports ./hundredths.
 */
export { toHundredths } from './hundredths';
