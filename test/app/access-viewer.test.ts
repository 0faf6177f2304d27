import { Controller, Get, Module, Post, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { viewerOf } from '../../src/app/http/access/viewer';
import { LedgerHttpModule } from '../../src/app/http/ledger-http.module';
import { catalogue } from '../../src/contexts/catalogue';
import { issueKey } from '../../src/contexts/access/read/keys';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';

/** A page as another module serves it: a route of no row of the access table. */
@Controller('probe')
class ProbePage {
  @Get()
  page(@Req() req: object) {
    return viewerOf(req);
  }

  @Post()
  act() {
    return { done: true };
  }
}

describe('the viewer the guard attaches, as the pages read it (viewer.ts)', () => {
  let app: INestApplication;
  let token: string;
  let keyId: string;
  const store = new MemoryEventStore({ upcast: catalogue.upcast });

  beforeAll(async () => {
    ({
      token,
      key: { keyId },
    } = await issueKey(store, {
      role: 'auditor',
      scope: { kind: 'club', id: 'karori' },
      beforeRegistration: true,
      issuedBy: 'cli:test',
    }));
    @Module({ imports: [LedgerHttpModule.forStore(store)], controllers: [ProbePage] })
    class WithPages {}
    app = await NestFactory.create(WithPages, { logger: false });
    await app.init();
  });
  afterAll(() => app.close());

  it('a page of no row is read by anyone; the viewer says who: a key (by header or cookie), or anonymous', async () => {
    const http = () => request(app.getHttpServer());
    expect((await http().get('/probe')).body).toEqual({ mode: 'anonymous' });
    expect((await http().get('/probe').set('Authorization', `Bearer ${token}`)).body).toEqual({
      mode: 'key',
      keyId,
      role: 'auditor',
      scope: { kind: 'club', id: 'karori' },
    });
    expect(
      (await http().get('/probe').set('Cookie', `bridge_ledger_key=${token}`)).body,
    ).toMatchObject({ mode: 'key', keyId });
  });

  it('edge: a stale cookie on a page reads as anonymous; a bad Bearer key is a 401 there too', async () => {
    const http = () => request(app.getHttpServer());
    const stale = await http()
      .get('/probe')
      .set('Cookie', 'bridge_ledger_key=bl_0123456789abcdef_x');
    expect(stale.body).toEqual({ mode: 'anonymous' });
    const bearer = await http().get('/probe').set('Authorization', 'Bearer bl_nope');
    expect(bearer.status).toBe(401);
  });

  it('another method of no row needs an admin’s key', async () => {
    const http = () => request(app.getHttpServer());
    expect((await http().post('/probe')).status).toBe(401);
    const auditor = await http().post('/probe').set('Authorization', `Bearer ${token}`);
    expect(auditor.status).toBe(403);
    expect(auditor.body).toMatchObject({ reason: 'admin-only' });
  });
});
