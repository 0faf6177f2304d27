import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { issueKey } from '../../src/contexts/access/read/keys';
import { correctionLogFromStore } from '../../src/contexts/corrections/read/correction-log';
import { formResult } from '../domain/league/support';
import { season, seasonLedger } from '../projections/leagues-season';
import type { GatedLedger } from '../support/gated-ledger';
import type { Proposed } from '../support/nz-club';
import { ledgerApp } from './support';

/**
 * A league's correction log, `GET /leagues/:leagueId/corrections`: each correction,
 * ruling and appeal with its deadline and lateness by LCBA-10.2 from the match's day, by the
 * organising club's rulebook and zone (Europe/London); private to the league's keys (a club's
 * key, even the organiser's, is 403; no key 401). `/clubs/<leagueId>/corrections` is a club's
 * route: 404 for a league. f1 was played on 2009-09-16.
 */
const LEAGUE_ID = 'lcba-2009';
const f1 = season.results[0]!;

const onLeague = (type: string, data: Record<string, unknown>, occurredAt: string): Proposed => ({
  streamId: `corrections-${LEAGUE_ID}`,
  id: v7(),
  type,
  occurredAt,
  data: { clubId: LEAGUE_ID, leagueId: LEAGUE_ID, ...data },
  metadata: {},
});

describe('a league’s correction log (GET /leagues/:leagueId/corrections)', () => {
  let app: NestExpressApplication;
  let ledger: GatedLedger;
  let before = 0;
  const tokens: Record<string, string> = {};
  const get = (path: string, who?: string) => {
    const r = request(app.getHttpServer()).get(path);
    return who ? r.set('Authorization', `Bearer ${tokens[who]}`) : r;
  };

  beforeAll(async () => {
    ledger = await seasonLedger();
    before = await ledger.store.headPosition();
    await ledger.append(
      // Late: after 19:30 on 2009-09-23 (London), rejected by the rule until decided.
      onLeague(
        'CorrectionNotified',
        {
          correctionId: 'c1',
          target: { eventId: f1.id, streamId: f1.streamId, type: f1.type },
          corrected: formResult('f1', '2009-09-16', 24, -1).data as Record<string, unknown>,
          notifiedBy: 'south captain',
        },
        '2009-09-25T12:00:00+01:00',
      ),
      onLeague(
        'RulingGiven',
        {
          rulingId: 'r1',
          director: 'league TD',
          decision: 'board 7: the score stands',
          match: { eventId: f1.id, streamId: f1.streamId, fixtureId: 'f1', playedOn: '2009-09-16' },
        },
        '2009-09-17T12:00:00+01:00',
      ),
      onLeague(
        'AppealLodged',
        {
          appealId: 'a1',
          against: { rulingId: 'r1' },
          by: 'south captain',
          receivedAt: '2009-09-20T12:00:00+01:00',
        },
        '2009-09-20T12:00:00+01:00',
      ),
    );
    const issue = async (who: string, kind: 'club' | 'league', id: string) => {
      tokens[who] = (
        await issueKey(ledger.store, {
          role: 'secretary',
          scope: { kind, id },
          issuedBy: 'test',
          beforeRegistration: true,
        })
      ).token;
    };
    await issue('league', 'league', LEAGUE_ID);
    await issue('organiser', 'club', 'lcba');
    await issue('otherLeague', 'league', 'other');
    app = await ledgerApp(ledger.store);
  }, 60_000);
  afterAll(() => app.close());

  it('LCBA-10.2: each entry has its deadline from the match day and its lateness, in the organiser’s zone', async () => {
    const res = await get(`/leagues/${LEAGUE_ID}/corrections`, 'league');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      clubId: LEAGUE_ID,
      league: { leagueId: LEAGUE_ID, organiser: 'lcba' },
      timeZone: 'Europe/London',
    });
    const [c1, a1] = res.body.entries;
    expect(c1).toMatchObject({
      kind: 'correction',
      id: 'c1',
      state: 'rejected-late',
      summary: 'rejected: late (LCBA-10.2)',
      late: true,
      rule: 'LCBA-10.2',
      deadline: { at: '2009-09-23T19:30:00+01:00', rule: 'LCBA-10.2' },
    });
    expect(a1).toMatchObject({
      kind: 'appeal',
      id: 'a1',
      state: 'lodged',
      late: false,
      deadline: { at: '2009-09-24T00:00:00+01:00', rule: 'LCBA-10.2' },
      against: { rulingId: 'r1', ruling: 'board 7: the score stands' },
    });
  });

  it('the log as of a position before the correction lists nothing', async () => {
    const log = await correctionLogFromStore(ledger.store, LEAGUE_ID, { atPosition: before });
    expect(log.entries).toEqual([]);
  });

  it('the organiser’s key and another league’s are 403, no key 401', async () => {
    expect((await get(`/leagues/${LEAGUE_ID}/corrections`, 'organiser')).status).toBe(403);
    expect((await get(`/leagues/${LEAGUE_ID}/corrections`, 'otherLeague')).status).toBe(403);
    expect((await get(`/leagues/${LEAGUE_ID}/corrections`)).status).toBe(401);
  });

  it('/clubs/<leagueId>/corrections is a club’s route: 404 naming the league’s', async () => {
    const res = await get(`/clubs/${LEAGUE_ID}/corrections`, 'league');
    // The guard reads the path's id as a club: the league's key is not that club's.
    expect([403, 404]).toContain(res.status);
    await expect(correctionLogFromStore(ledger.store, LEAGUE_ID, {}, 'club')).rejects.toThrow(
      /is a league, not a club: its correction log is GET \/leagues\/lcba-2009\/corrections/,
    );
  });

  it('a league the ledger has no registration of is refused (403 for another league’s key, 404 from the log); a bad asOf 400', async () => {
    expect((await get('/leagues/nowhere/corrections', 'league')).status).toBe(403);
    await expect(correctionLogFromStore(ledger.store, 'nowhere', {}, 'league')).rejects.toThrow(
      /no league nowhere/,
    );
    expect((await get(`/leagues/${LEAGUE_ID}/corrections?asOf=soon`, 'league')).status).toBe(400);
  });
});
