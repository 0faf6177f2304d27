/**
 * The access context's door: what another context may use of it.
 */
export { type AccessFactData } from './facts/access';
