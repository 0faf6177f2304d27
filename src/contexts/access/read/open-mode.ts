import { isIP } from 'node:net';
import type { EventStore } from '../../../store/event-store';
import { AccessKeys } from './access-keys';

/** Whether an interface is this machine's loopback: `localhost`, 127.0.0.0/8, `::1`. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (h.startsWith('::ffff:')) return isLoopback(h.slice('::ffff:'.length));
  return isIP(h) === 4 && h.startsWith('127.');
}

/**
 * Open mode is a single-club install on localhost. Served on another interface with
 * no key issued, anyone who can reach it could append anything: refused at start (exit 2).
 */
export class OpenModeNotLoopbackError extends Error {
  readonly code = 'OPEN_MODE_NOT_LOOPBACK';
  constructor(host: string) {
    super(
      `no API key is issued (open mode: anyone who can reach the server may append), so it serves on a loopback interface only, not ${host}; issue a key first (bridge-ledger keys add --role admin), or serve on --host 127.0.0.1`,
    );
  }
}

/** Whether the ledger is in open mode (no ApiKeyIssued at all). */
export async function inOpenMode(store: EventStore): Promise<boolean> {
  const keys = new AccessKeys(store);
  await keys.catchUp();
  return keys.open;
}
