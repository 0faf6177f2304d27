import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 as uuidv7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { issueKey, revokeKey } from '../../src/contexts/access/read/keys';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from './support';

const AT = '2026-03-02T19:30:00+13:00';

const player = (clubId: string, n: number) => ({
  id: uuidv7(),
  type: 'PlayerRegistered',
  occurredAt: AT,
  data: { clubId, playerId: `p-${n}`, name: `Player ${n}`, status: 'member' },
  metadata: { clubId, actor: 'someone-else' },
});

const visibility = (clubId: string, tables: 'public' | 'private') => ({
  id: uuidv7(),
  type: 'ClubTablesVisibilitySet',
  occurredAt: AT,
  data: { clubId, tables },
});

/**
 * The access rules over HTTP, on the example seasons (clubs karori and dsb): keys
 * issued before the app starts, each test asking as one of them.
 */
describe('keys, roles and club isolation over HTTP', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const http = () => request(app.getHttpServer());
  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });

  beforeAll(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    const issue = async (
      who: string,
      role: 'director' | 'secretary' | 'auditor' | 'admin',
      club?: string,
    ) => {
      const { key, token } = await issueKey(store, {
        role,
        ...(club ? { scope: { kind: 'club', id: club } } : {}),
        issuedBy: 'cli:test',
      });
      tokens[who] = token;
      ids[who] = key.keyId;
    };
    await issue('karoriSecretary', 'secretary', 'karori');
    await issue('karoriDirector', 'director', 'karori');
    await issue('karoriAuditor', 'auditor', 'karori');
    await issue('dsbSecretary', 'secretary', 'dsb');
    await issue('admin', 'admin');
    await issue('guessedAt', 'auditor', 'dsb');
    app = await ledgerApp(store);
  }, 60_000);

  afterAll(() => app.close());

  const appendAs = (who: string | undefined, streamId: string, events: unknown[]) => {
    const req = http().post(`/streams/${streamId}/events`);
    if (who) req.set(as(who));
    return req.send({ expectedRevision: 'any', events });
  };

  it('no key once keys exist: an append is 401 naming the reason, and nothing is written', async () => {
    const head = await store.headPosition();
    const res = await appendAs(undefined, 'club-karori-players', [player('karori', 901)]);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Unauthorized', reason: 'no-key' });
    expect(res.headers['www-authenticate']).toMatch(/Bearer/);
    expect(await store.headPosition()).toBe(head);
  });

  it('a body that is not JSON is judged after the key: 401 without one, 403 for an auditor, 400 MalformedJson for the club’s director; nothing written', async () => {
    const head = await store.headPosition();
    const post = (who?: string) => {
      const req = http()
        .post('/streams/club-karori-players/events')
        .set('Content-Type', 'application/json');
      if (who) req.set(as(who));
      return req.send('{"events": [');
    };
    const anonymous = await post();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: 'Unauthorized', reason: 'no-key' });
    const auditor = await post('karoriAuditor');
    expect(auditor.status).toBe(403);
    const director = await post('karoriDirector');
    expect(director.status).toBe(400);
    expect(director.body).toMatchObject({ error: 'MalformedJson' });
    expect(await store.headPosition()).toBe(head);
  });

  it('a body that is not JSON, or not a batch, to a stream nobody owns yet is its own 400 for a key that may append (nothing to protect, nothing written); an auditor still 403, no key 401', async () => {
    const head = await store.headPosition();
    const post = (who: string | undefined, body: string) => {
      const req = http()
        .post('/streams/competition-karori-new/events')
        .set('Content-Type', 'application/json');
      if (who) req.set(as(who));
      return req.send(body);
    };
    const bad = await post('karoriDirector', '{bad');
    expect([bad.status, bad.body.error]).toEqual([400, 'MalformedJson']);
    const notBatch = await post('karoriSecretary', '{"events": "none"}');
    expect(notBatch.status).toBe(400);
    expect((await post('karoriAuditor', '{bad')).status).toBe(403);
    expect((await post(undefined, '{bad')).status).toBe(401);
    expect(await store.headPosition()).toBe(head);
  });

  it('the club secretary’s key appends its roster, and the fact names the key as its actor', async () => {
    const fact = player('karori', 902);
    const res = await appendAs('karoriSecretary', 'club-karori-players', [fact]);
    expect(res.status).toBe(201);
    const stored = [];
    for await (const e of store.readStream('club-karori-players', {
      direction: 'backwards',
      maxCount: 1,
    }))
      stored.push(e);
    expect(stored[0]!.id).toBe(fact.id);
    expect(stored[0]!.metadata).toMatchObject({
      actor: `key:${ids.karoriSecretary}`,
      actorRole: 'secretary',
      actorScope: 'club:karori',
      claimedActor: 'someone-else',
      clubId: 'karori',
    });
  });

  it('a club’s key stamps the fact’s club: a forged metadata.clubId is kept as claimedClubId, never read as the club', async () => {
    const forged = { ...player('karori', 905), metadata: { clubId: 'dsb', actor: 'x' } };
    const unnamed = { ...player('karori', 906), metadata: {} };
    const res = await appendAs('karoriSecretary', 'club-karori-players', [forged, unnamed]);
    expect(res.status).toBe(201);
    const stored = [];
    for await (const e of store.readStream('club-karori-players', {
      direction: 'backwards',
      maxCount: 2,
    }))
      stored.push(e);
    expect(stored.map((e) => [e.id, e.metadata.clubId, e.metadata.claimedClubId])).toEqual([
      [unnamed.id, 'karori', undefined],
      [forged.id, 'karori', 'dsb'],
    ]);
  });

  it('an auditor’s key cannot append (403), nothing written', async () => {
    const head = await store.headPosition();
    const res = await appendAs('karoriAuditor', 'club-karori-players', [player('karori', 903)]);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'Forbidden', reason: 'role', role: 'auditor' });
    expect(res.body.message).toMatch(/auditor appends nothing/);
    expect(await store.headPosition()).toBe(head);
  });

  it('a fact type the role may not append is 403 naming the type and the role', async () => {
    const res = await appendAs('karoriDirector', 'club-karori-players', [player('karori', 904)]);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: 'Forbidden',
      reason: 'role',
      role: 'director',
      type: 'PlayerRegistered',
      field: 'events[0].type',
    });
    expect(res.body.message).toMatch(/director's key may not append PlayerRegistered/);
  });

  it('club A’s key cannot append to club B’s stream, nor a fact naming club B on its own', async () => {
    const head = await store.headPosition();
    const other = await appendAs('karoriSecretary', 'club-dsb-players', [player('dsb', 905)]);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ reason: 'club', owner: { kind: 'club', id: 'dsb' } });
    const named = await appendAs('karoriSecretary', 'club-karori-players', [player('dsb', 906)]);
    expect(named.status).toBe(403);
    expect(named.body).toMatchObject({ reason: 'club' });
    // A competition's stream is its CompetitionCreated's club's.
    const competition = await appendAs('dsbSecretary', 'competition-club-pairs-2026', [
      player('dsb', 907),
    ]);
    expect(competition.status).toBe(403);
    expect(competition.body.message).toMatch(/club karori/);
    expect(await store.headPosition()).toBe(head);
  });

  it('club A’s key cannot read club B’s private views (403); its own, 200; anonymous, 401', async () => {
    expect((await http().get('/clubs/dsb/corrections').set(as('karoriAuditor'))).status).toBe(403);
    expect((await http().get('/streams/club-dsb').set(as('karoriSecretary'))).status).toBe(403);
    expect((await http().get('/clubs/karori/corrections').set(as('karoriAuditor'))).status).toBe(
      200,
    );
    expect((await http().get('/streams/club-karori').set(as('karoriAuditor'))).status).toBe(200);
    const anonymous = await http().get('/clubs/karori/corrections');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: 'Unauthorized', reason: 'no-key' });
    expect((await http().get('/clubs/dsb/corrections').set(as('admin'))).status).toBe(200);
  });

  it('$all needs an admin’s key', async () => {
    expect((await http().get('/events')).status).toBe(401);
    const club = await http().get('/events').set(as('karoriAuditor'));
    expect(club.status).toBe(403);
    expect(club.body).toMatchObject({ error: 'Forbidden', reason: 'admin-only' });
    expect((await http().get('/events?limit=1').set(as('admin'))).status).toBe(200);
  });

  it('published tables are public until the club makes them private; then 403 for an anonymous reader, 200 for its key', async () => {
    const standings = '/competitions/club-pairs-2026/standings';
    expect((await http().get(standings)).status).toBe(200);
    const set = await appendAs('karoriSecretary', 'club-karori', [visibility('karori', 'private')]);
    expect(set.status).toBe(201);
    const anonymous = await http().get(standings);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toMatchObject({ error: 'Forbidden', reason: 'private-tables' });
    expect((await http().get(standings).set(as('dsbSecretary'))).status).toBe(403);
    expect((await http().get(standings).set(as('karoriAuditor'))).status).toBe(200);
    expect(
      (await http().get('/competitions/club-pairs-2026/diff?from=1').set(as('karoriAuditor')))
        .status,
    ).toBe(200);
    // The what-if stores nothing: a read, refused as one.
    const whatIf = await http()
      .post('/competitions/club-pairs-2026/what-if')
      .send({ 'tenSession.counted': 8 });
    expect(whatIf.status).toBe(403);
    // Another club's tables stay public.
    expect((await http().get('/clubs/dsb/championship?season=2014-2015')).status).toBe(200);
    expect(
      (await appendAs('karoriSecretary', 'club-karori', [visibility('karori', 'public')])).status,
    ).toBe(201);
    expect((await http().get(standings)).status).toBe(200);
  });

  it('five wrong secrets for a key from one address within a minute: its tokens from there are checked once every 5 s, 401 throttled with Retry-After in between', async () => {
    const t = tokens.guessedAt!;
    const wrong = (n: number) => `${t.slice(0, 20)}${String(n).padStart(43, 'y')}`;
    // The five wrong secrets, and the slow lane's one further check.
    for (let i = 0; i < 6; i++) {
      const res = await http()
        .get('/clubs/dsb/corrections')
        .set({ Authorization: `Bearer ${wrong(i)}` });
      expect([i, res.status, res.body.reason]).toEqual([i, 401, 'mismatch']);
    }
    const res = await http().get('/clubs/dsb/corrections').set(as('guessedAt'));
    expect([res.status, res.body.reason]).toEqual([401, 'throttled']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(5);
    expect(res.body.message).toMatch(
      /too many wrong secrets for key [0-9a-f]{16} from this address: .* at most once every 5 s/,
    );
  });

  it('a tampered, malformed or unknown token is 401 naming why', async () => {
    const t = tokens.karoriSecretary!;
    const tampered = t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A');
    const cases: Array<[string, string]> = [
      [tampered, 'mismatch'],
      ['not-a-key', 'malformed'],
      [`bl_0000000000000000_${t.slice(-43)}`, 'unknown'],
    ];
    for (const [token, reason] of cases) {
      const res = await http()
        .get('/competitions/club-pairs-2026/standings')
        .set({
          Authorization: `Bearer ${token}`,
        });
      expect([token, res.status, res.body.reason]).toEqual([token, 401, reason]);
      expect(JSON.stringify(res.body)).not.toContain(t.slice(20));
    }
  });

  it('a revoked key fails at once', async () => {
    const { key, token } = await issueKey(store, {
      role: 'director',
      scope: { kind: 'club', id: 'karori' },
      beforeRegistration: true,
      issuedBy: 'cli:test',
    });
    const read = () =>
      http()
        .get('/streams/club-karori')
        .set({ Authorization: `Bearer ${token}` });
    expect((await read()).status).toBe(200);
    await revokeKey(store, key.keyId, { revokedBy: 'cli:test', reason: 'lost' });
    const res = await read();
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ reason: 'revoked' });
  });

  it('keys over HTTP are an admin’s: issue, list (no hash), revoke', async () => {
    expect((await http().get('/keys')).status).toBe(401);
    expect((await http().get('/keys').set(as('karoriSecretary'))).status).toBe(403);
    const issued = await http()
      .post('/keys')
      .set(as('admin'))
      .send({ role: 'auditor', club: 'dsb', label: 'the DSB auditor' });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      role: 'auditor',
      scope: { kind: 'club', id: 'dsb' },
      label: 'the DSB auditor',
      issuedBy: `key:${ids.admin}`,
    });
    expect(issued.body.token).toMatch(/^bl_[0-9a-f]{16}_/);
    const listed = await http().get('/keys').set(as('admin'));
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toMatch(/scrypt|hash/);
    expect(listed.body.keys.map((k: { keyId: string }) => k.keyId)).toContain(issued.body.keyId);
    const auditorRead = await http()
      .get('/clubs/dsb/corrections')
      .set({ Authorization: `Bearer ${issued.body.token}` });
    expect(auditorRead.status).toBe(200);
    const revoked = await http()
      .post(`/keys/${issued.body.keyId}/revoke`)
      .set(as('admin'))
      .send({ reason: 'test over' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toBeDefined();
    const again = await http().post(`/keys/${issued.body.keyId}/revoke`).set(as('admin')).send({});
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ rule: 'ACCESS', field: 'events[0].data.keyId' });
    const bad = await http().post('/keys').set(as('admin')).send({ role: 'owner', club: 'x y' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { field: string }) => i.field)).toEqual(['role', 'club']);
    const unscoped = await http().post('/keys').set(as('admin')).send({ role: 'secretary' });
    expect(unscoped.status).toBe(422);
    expect(unscoped.body).toMatchObject({ rule: 'ACCESS', field: 'events[0].data.scope' });
  });

  it('the login form sets the key as an HttpOnly, SameSite=Strict cookie the guard reads; logout clears it', async () => {
    const form = await http().get('/login');
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<form method="post" action="\/login">/);
    expect(form.text).not.toMatch(/<script/);
    const login = await http().post('/login').type('form').send({ key: tokens.karoriAuditor });
    expect(login.status).toBe(303);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const jar = cookie.split(';')[0]!;
    expect((await http().get('/clubs/karori/corrections').set('Cookie', jar)).status).toBe(200);
    const wrong = await http().post('/login').type('form').send({ key: 'bl_nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toMatch(/not a bridge-ledger key/);
    // A stale cookie: the JSON routes say so (401); the login form still answers.
    const stale = `bridge_ledger_key=${tokens.karoriAuditor!.slice(0, -2)}xx`;
    expect((await http().get('/clubs/karori/corrections').set('Cookie', stale)).status).toBe(401);
    expect((await http().get('/login').set('Cookie', stale)).status).toBe(200);
    const logout = await http().post('/logout').set('Cookie', jar);
    expect(logout.status).toBe(303);
    expect(String(logout.headers['set-cookie'])).toMatch(/Max-Age=0/);
  });

  it('the login form, and its refusal, send the headers every page sends: it cannot be framed, sniffed or cached', async () => {
    for (const res of [
      await http().get('/login'),
      await http().post('/login').type('form').send({ key: 'bl_nope' }),
    ]) {
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; /);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('a scored session’s result is its club’s published table (its SessionMovementRecorded’s club)', async () => {
    const result = '/sessions/session-dsb-2014-c2-3-A/result';
    expect((await http().get(result)).status).toBe(200);
    expect(
      (await appendAs('dsbSecretary', 'club-dsb', [visibility('dsb', 'private')])).status,
    ).toBe(201);
    try {
      expect((await http().get(result)).status).toBe(403);
      expect((await http().get(result).set(as('karoriAuditor'))).status).toBe(403);
      expect((await http().get(result).set(as('dsbSecretary'))).status).toBe(200);
      expect((await http().get(result).set(as('admin'))).status).toBe(200);
      // A director of another club may not append to the session's stream either.
      const line = await appendAs('karoriDirector', 'session-dsb-2014-c2-3-A', [
        { id: uuidv7(), type: 'BoardDatumRecorded', occurredAt: AT, data: {} },
      ]);
      expect(line.status).toBe(403);
      expect(line.body).toMatchObject({ reason: 'club', owner: { kind: 'club', id: 'dsb' } });
    } finally {
      await appendAs('dsbSecretary', 'club-dsb', [visibility('dsb', 'public')]);
    }
  });

  it('a key’s scope is its club only: a league’s key reads no club’s private views', async () => {
    const { token } = await issueKey(store, {
      role: 'auditor',
      scope: { kind: 'league', id: 'karori' },
      issuedBy: 'cli:test',
      // No league karori is registered: issued on purpose all the same.
      beforeRegistration: true,
    });
    const res = await http()
      .get('/clubs/karori/corrections')
      .set({ Authorization: `Bearer ${token}` });
    expect(res.status).toBe(403);
  });

  it('POST /keys for a club the ledger has not registered is 422 naming those registered, nothing written; beforeRegistration issues it', async () => {
    const head = await store.headPosition();
    const made = await http()
      .post('/keys')
      .set(as('admin'))
      .send({ role: 'auditor', club: 'madeup' });
    expect(made.status).toBe(422);
    expect(made.body).toMatchObject({ rule: 'ACCESS', field: 'events[0].data.scope.id' });
    expect(made.body.message).toMatch(
      /no club madeup is registered in this ledger \(clubs: .*karori/,
    );
    expect(await store.headPosition()).toBe(head);
    const onPurpose = await http()
      .post('/keys')
      .set(as('admin'))
      .send({ role: 'auditor', club: 'madeup', beforeRegistration: true });
    expect(onPurpose.status).toBe(201);
    const bad = await http()
      .post('/keys')
      .set(as('admin'))
      .send({ role: 'auditor', club: 'madeup', beforeRegistration: 'yes' });
    expect([bad.status, bad.body.issues?.[0]?.field]).toEqual([400, 'beforeRegistration']);
  });

  it('revoking over HTTP names the bad key id (400)', async () => {
    const res = await http().post('/keys/KEY-1/revoke').set(as('admin')).send({});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'InvalidRequest', issues: [{ field: 'keyId' }] });
  });

  it('the health check and a club’s public tables need no key', async () => {
    expect((await http().get('/health')).status).toBe(200);
    expect((await http().get('/clubs/dsb/championship?season=2014-2015')).status).toBe(200);
  });
});
