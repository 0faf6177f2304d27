export * from './types';
export * from './percent';
export * from './counted';
export * from './qualification';
export * from './eligibility';
export * from './rank';
export * from './standings';
export * from './c-points';
