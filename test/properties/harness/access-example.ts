import { ACCESS_STREAM } from '../../../src/contexts/access/facts/access';
import { newKey, revocation } from '../../../src/contexts/access/read/keys';
import type { Example, Line } from './sequences';

/**
 * The access context's example: a club registered, keys issued to its admin, secretary,
 * director and auditor (club-scoped where the role is a club's), one revoked, the club's tables
 * made private then public again. Keys are made as `bridge-ledger keys add` makes them (a fresh
 * id and an scrypt hash each run).
 */
export async function accessExample(): Promise<Example> {
  const club: Line = {
    streamId: 'club-karori',
    id: '0190a000-0000-7000-8000-0000000a0001',
    type: 'ClubRegistered',
    occurredAt: '2026-01-05T10:00:00+13:00',
    data: { clubId: 'karori', name: 'Karori', timeZone: 'Pacific/Auckland' },
    metadata: {},
  };
  const scope = { kind: 'club' as const, id: 'karori' };
  const keys = await Promise.all([
    newKey({ role: 'admin', issuedBy: 'cli:root', label: 'the ledger admin' }),
    newKey({ role: 'secretary', scope, issuedBy: 'cli:root' }),
    newKey({ role: 'director', scope, issuedBy: 'cli:root' }),
    newKey({ role: 'auditor', issuedBy: 'cli:root' }),
    newKey({ role: 'director', scope, issuedBy: 'cli:root', label: 'a second director' }),
  ]);
  const asLine = (e: Omit<Line, 'streamId'>, streamId = ACCESS_STREAM): Line => ({
    ...e,
    streamId,
    metadata: e.metadata ?? {},
  });
  const visibility = (n: number, tables: 'private' | 'public'): Line => ({
    streamId: 'club-karori',
    id: `0190a000-0000-7000-8000-0000000a010${n}`,
    type: 'ClubTablesVisibilitySet',
    occurredAt: '2026-02-01T10:00:00+13:00',
    data: { clubId: 'karori', tables },
    metadata: {},
  });
  const lines: Line[] = [
    club,
    ...keys.slice(0, 4).map((k) => asLine(k.fact)),
    visibility(1, 'private'),
    asLine(revocation(keys[2]!.keyId, { revokedBy: `key:${keys[0]!.keyId}`, reason: 'left' })),
    asLine(keys[4]!.fact),
    visibility(2, 'public'),
    asLine(revocation(keys[3]!.keyId, { revokedBy: 'cli:root' })),
  ];
  return { name: 'access', lines, cuts: [1, 3, 5, 7] };
}
