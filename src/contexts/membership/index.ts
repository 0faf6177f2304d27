/**
 * The membership context's door: what another context may use of it.
 */
export { MEMBERS_STREAM_PREFIX } from './facts/membership';
