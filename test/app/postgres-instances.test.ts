import { issueKey, revokeKey } from '../../src/contexts/access/read/keys';
import { clubRegistered, competition, ROSTER, rulebookAdopted, TUESDAYS } from '../support/nz-club';
import { onPostgres } from '../support/postgres';
import { twoInstances } from '../support/two-instances';
import { collect } from '../support/events';

/**
 * Two service instances on one PostgreSQL ledger, as a federation runs them behind a load
 * balancer: each keeps its own read models, caught up by the other's notifications; a stream's
 * decision is guarded by its expected revision, a club-wide one by the store's lock of the club.
 */
onPostgres('two service instances on one PostgreSQL store', () => {
  const { store, base, post, ok } = twoInstances();

  const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
    VT: ['vic', 'tia'],
    TT: ['tom', 'tim'],
  });
  const late = competition('late', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(4, 8), {
    VW: ['vic', 'tess'],
  });
  const third = competition('third', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(8, 12), {
    VX: ['vic', 'tom'],
  });

  it('a fact appended through one instance is in the other’s standings within 1 s', async () => {
    await ok(post(0, [clubRegistered(), rulebookAdopted()]));
    await ok(post(1, ROSTER));
    await ok(post(0, tue.setup));
    const started = Date.now();
    await ok(post(0, [tue.result(1, 'TT')]));
    let seen = false;
    while (!seen && Date.now() - started < 1000) {
      const r = await fetch(`${base(1)}/competitions/tue/standings`);
      const body = (await r.json()) as { rows?: Array<{ competitor: string }> };
      seen = r.status === 200 && body.rows?.some((row) => row.competitor === 'TT') === true;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe(true);
  });

  it('two instances deciding on one stream at once, at the same revision: one 201, one 409', async () => {
    const head = await store(0).headPosition();
    const [last] = await collect(
      store(0).readStream('competition-tue', { direction: 'backwards', maxCount: 1 }),
    );
    const revision = last!.revision;
    const [a, b] = await Promise.all([
      post(0, [tue.result(2, 'TT')], revision),
      post(1, [tue.result(3, 'TT')], revision),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await store(1).headPosition()).toBe(head + 1);
  });

  it('NZ-10: a visitor’s 3rd and 4th sessions of the year sent through both instances at once to two competitions: one admitted, the other refused naming NZ-10', async () => {
    await ok(post(1, late.setup));
    await ok(post(0, third.setup));
    // Two sessions of the year: one more is the most a visitor may play (NZ-10: 3 a year).
    for (const s of [1, 2]) await ok(post(s % 2, [tue.result(s, 'VT')]));
    const [a, b] = await Promise.all([
      post(0, [late.result(1, 'VW')]),
      post(1, [third.result(1, 'VX')]),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 422]);
    const refused = (a.status === 422 ? a : b).json() as Promise<{ rule: string }>;
    expect((await refused).rule).toBe('NZ-10');
  });

  it('a key revoked through one instance is refused by the other at once', async () => {
    const { key, token } = await issueKey(store(0), { role: 'admin', issuedBy: 'test' });
    const health = (i: number) =>
      fetch(`${base(i)}/keys`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await health(1)).status).toBe(200);
    await revokeKey(store(0), key.keyId, { revokedBy: 'test' });
    expect((await health(1)).status).toBe(401);
  });
});
