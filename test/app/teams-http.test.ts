import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { GatedLedger } from '../support/gated-ledger';
import { proposed } from '../support/nz-club';
import { ledgerApp } from './support';

/** The teams example served over HTTP (open mode: no key issued). */
const LINES = readFileSync(
  join(__dirname, '../../examples/wellington-and-lochem-teams.ndjson'),
  'utf8',
)
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('GET /teams, /teams/:eventId and its matches, teams and Swiss rounds', () => {
  let app: NestExpressApplication;
  let ledger: GatedLedger;
  beforeAll(async () => {
    ledger = new GatedLedger();
    await ledger.appendFile(LINES);
    app = await ledgerApp(ledger.store);
  });
  afterAll(() => app.close());
  const get = (path: string) => request(app.getHttpServer()).get(path);

  it('lists the teams events: id, name, club, kind', async () => {
    const res = await get('/teams');
    expect(res.status).toBe(200);
    expect(
      res.body.map((e: { eventId: string; kind: string }) => [e.eventId, e.kind]),
    ).toContainEqual(['lochem-viertallen-zomer-2015', 'dsb-viertallen']);
  });

  it('NZ-12: an event’s standing names the rules and the rulebook it was read under', async () => {
    const res = await get('/teams/ngaio-gladys-palmer-2026');
    expect(res.status).toBe(200);
    expect(res.body.rulebook).toEqual({ preset: 'nz-club', effectiveFrom: '2026-01-01' });
    expect(res.body.rules.rank).toBe('NZ-12');
    expect(res.body.groups[0].rows).toHaveLength(6);
    // As played by the first night: five matches, each team one at most.
    const first = await get('/teams/ngaio-gladys-palmer-2026?asOf=2026-04-06');
    expect(first.status).toBe(200);
    expect(first.body.matches).toHaveLength(3);
  });

  it('a match with its line-ups and why, a team’s card, and 404s naming what is missing', async () => {
    const match = await get('/teams/ngaio-ed-hillary-2026/matches/r1-t1');
    expect(match.status).toBe(200);
    expect(match.body.match.because.join(' ')).toMatch(/NZ-15/);
    expect(match.body.recorded.home.substitutes[0].player).toBe('tuesday-tama');
    const card = await get('/teams/ngaio-ed-hillary-2026/teams/kea');
    expect(card.status).toBe(200);
    expect(card.body.matches).toHaveLength(3);
    const none = await get('/teams/ngaio-ed-hillary-2026/matches/r9');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: 'UnknownTeamsEvent', field: 'matchId' });
    expect((await get('/teams/nowhere')).status).toBe(404);
  });

  it('DSB-15: a Swiss round’s proposal beside its recorded pairing; round 1 is drawn; a bad round or parameter is 400', async () => {
    const res = await get('/teams/lochem-viertallen-zomer-2015/swiss/3');
    expect(res.status).toBe(200);
    expect(res.body.proposal.tables).toEqual(
      res.body.recorded.tables.map((t: { home: string; away: string }) => ({
        ...t,
        repeat: false,
      })),
    );
    expect((await get('/teams/lochem-viertallen-zomer-2015/swiss/1')).status).toBe(404);
    expect((await get('/teams/lochem-viertallen-zomer-2015/swiss/x')).status).toBe(400);
    const bad = await get('/teams/lochem-viertallen-zomer-2015?asOf=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].field).toBe('asOf');
  });

  it('a refused teams fact is 422 naming the rule and the field, and nothing is written', async () => {
    const head = await ledger.store.headPosition();
    const fact = proposed('teams-lochem-viertallen-2014', 'TeamsMatchRecorded', {
      eventId: 'lochem-viertallen-2014',
      matchId: 'x1',
      round: 4,
      playedOn: '2014-10-27',
      boards: 24,
      home: { teamId: 'vt1', imps: 10 },
      away: { teamId: 'vt5', imps: 12 },
    });
    const { streamId: _s, ...event } = fact;
    const res = await request(app.getHttpServer())
      .post('/streams/teams-lochem-viertallen-2014/events')
      .send({ expectedRevision: 'any', events: [event] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ rule: 'DSB-15', field: 'events[0].data.away.teamId' });
    expect(await ledger.store.headPosition()).toBe(head);
  });

  it('NZ-12 what-if over HTTP: the standing under an amended chain and its diff; nothing stored; a bad path is 400, a body not JSON 415', async () => {
    const head = await ledger.store.headPosition();
    const res = await request(app.getHttpServer())
      .post('/teams/ngaio-gladys-palmer-2026/what-if')
      .send({ 'teams.tieBreak': ['imp-quotient'] });
    expect(res.status).toBe(200);
    expect(res.body.override).toEqual({ 'teams.tieBreak': ['imp-quotient'] });
    expect(res.body.whatIf.groups[0].rows).toHaveLength(6);
    expect(Array.isArray(res.body.diff.changes)).toBe(true);
    const bad = await request(app.getHttpServer())
      .post('/teams/ngaio-gladys-palmer-2026/what-if')
      .send({ 'teams.tieBreak': 'coin' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].field).toMatch(/^teams\.tieBreak/);
    const text = await request(app.getHttpServer())
      .post('/teams/ngaio-gladys-palmer-2026/what-if')
      .set('Content-Type', 'text/plain')
      .send('x');
    expect(text.status).toBe(415);
    expect(await ledger.store.headPosition()).toBe(head);
  });

  it('the diff between two moments names each change; a bad moment is 400', async () => {
    const res = await get('/teams/ngaio-gladys-palmer-2026/diff?from=2026-04-06&to=now');
    expect(res.status).toBe(200);
    expect(res.body.changes.some((c: { field: string }) => c.field === 'vp')).toBe(true);
    expect((await get('/teams/ngaio-gladys-palmer-2026/diff')).status).toBe(400);
    expect((await get('/teams/ngaio-gladys-palmer-2026/diff?from=yesterday')).status).toBe(400);
  });

  it('NZ-8 a player’s C points at the club, teams matches won or drawn listed', async () => {
    const res = await get('/clubs/ngaio/players/kea-1/c-points');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clubId: 'ngaio', player: 'kea-1' });
    expect((await get('/clubs/nowhere/players/kea-1/c-points')).status).toBe(404);
  });
});
