import { accessDecider, type AccessState } from '../../src/contexts/access/domain/access-decider';
import type { ClubContext } from '../../src/contexts/club-context';
import { deciderOf } from '../../src/contexts/deciders';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { catalogue } from '../../src/contexts/catalogue';

const AT = '2026-03-02T10:00:00Z';
const HASH = `scrypt$16384$8$1$${'a'.repeat(22)}$${'b'.repeat(43)}`;
const issued = (keyId: string, data: Record<string, unknown> = {}) => ({
  type: 'ApiKeyIssued',
  occurredAt: AT,
  data: { keyId, role: 'secretary', scope: { kind: 'club', id: 'karori' }, hash: HASH, ...data },
});
const revoked = (keyId: string) => ({ type: 'ApiKeyRevoked', occurredAt: AT, data: { keyId } });
const club = {} as ClubContext;

/** Given the key facts, when one is proposed: the facts to append, or the refusal. */
function given(...facts: ReturnType<typeof issued | typeof revoked>[]) {
  const state: AccessState = accessDecider.initialState();
  for (const f of facts) accessDecider.evolve(state, f, 'access-keys');
  return {
    when: (fact: ReturnType<typeof issued | typeof revoked>) => {
      try {
        return accessDecider.decide(fact, state, club, 'access-keys');
      } catch (e) {
        if (e instanceof RuleViolation) return { rule: e.rule, field: e.field, reason: e.reason };
        throw e;
      }
    },
  };
}

describe('the access decider (access-keys)', () => {
  it('owns the one stream access-keys, and its facts are the catalogue’s', () => {
    expect(deciderOf('access-keys')?.name).toBe('access');
    expect(deciderOf('access-keys-2')).not.toBe(accessDecider);
    for (const t of accessDecider.factTypes) expect(catalogue.has(t)).toBe(true);
  });

  it('issues a club’s key, an admin’s key without scope, a league’s key', () => {
    const fact = issued('0000000000000001');
    expect(given().when(fact)).toEqual([fact]);
    const admin = issued('0000000000000002', { role: 'admin', scope: undefined });
    expect(given().when(admin)).toEqual([admin]);
    const league = issued('0000000000000003', { scope: { kind: 'league', id: 'lcba' } });
    expect(given().when(league)).toEqual([league]);
  });

  it('refuses a key id issued already', () => {
    expect(given(issued('0000000000000001')).when(issued('0000000000000001'))).toMatchObject({
      rule: 'ACCESS',
      field: 'data.keyId',
    });
  });

  it('refuses a club’s role without a club, and an admin’s key with a scope', () => {
    for (const role of ['director', 'secretary', 'auditor']) {
      expect(given().when(issued('0000000000000001', { role, scope: undefined }))).toMatchObject({
        rule: 'ACCESS',
        field: 'data.scope',
      });
    }
    expect(given().when(issued('0000000000000001', { role: 'admin' }))).toMatchObject({
      rule: 'ACCESS',
      field: 'data.scope',
    });
  });

  it('refuses a role not in the table', () => {
    expect(given().when(issued('0000000000000001', { role: 'owner' }))).toMatchObject({
      rule: 'ACCESS',
      field: 'data.role',
    });
  });

  it('revokes an issued key once; refuses an unknown key and one revoked already', () => {
    const key = issued('0000000000000001');
    expect(given(key).when(revoked('0000000000000001'))).toHaveLength(1);
    expect(given().when(revoked('0000000000000001'))).toMatchObject({
      rule: 'ACCESS',
      field: 'data.keyId',
      reason: expect.stringMatching(/was ever issued/),
    });
    expect(given(key, revoked('0000000000000001')).when(revoked('0000000000000001'))).toMatchObject(
      {
        rule: 'ACCESS',
        reason: expect.stringMatching(/revoked already/),
      },
    );
  });

  it('bad input: the catalogue refuses a token-like hash, a key id that is not hex, a scope of another kind', () => {
    const issues = catalogue.validate(
      {
        type: 'ApiKeyIssued',
        data: {
          keyId: 'KEY_1',
          role: 'secretary',
          scope: { kind: 'county', id: 'x' },
          hash: 'bl_0000000000000001_secret',
        },
      },
      'events[0]',
    );
    expect(issues.map((i) => i.field).sort()).toEqual([
      'events[0].data.hash',
      'events[0].data.keyId',
      'events[0].data.scope.kind',
    ]);
  });
});
