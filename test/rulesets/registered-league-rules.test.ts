import request from 'supertest';
import { v7 } from 'uuid';
import { registerLeagueRules } from '../../src/contexts/league';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { closeLedgerApp, ledgerApp, postFacts, sqliteLedgerApp } from '../app/support';
import { cli } from '../support/cli';
import { roundRobinLeagueRules } from '../support/rulesets/round-robin-league';
import { tempDbPath } from '../support/temp';

// The one line that adds a league rulebook: nothing under src/ knows the round robin.
registerLeagueRules(roundRobinLeagueRules);

const LEAGUE = 'league-rr-2026';
const fact = (streamId: string, type: string, data: Record<string, unknown>) => ({
  streamId,
  id: v7(),
  type,
  occurredAt: '2026-03-01T12:00:00+00:00',
  data: streamId === LEAGUE ? { leagueId: 'rr-2026', ...data } : data,
  metadata: {},
});
const league = (type: string, data: Record<string, unknown>) => fact(LEAGUE, type, data);
const TEAMS = ['red', 'blue', 'green', 'gold'];
/** The captains' form of 8 boards: the home team's net IMPs all on board 1. */
const form = (fixtureId: string, playedOn: string, imps: number, boards = 8) =>
  league('MatchResultRecorded', {
    fixtureId,
    playedOn,
    result: {
      kind: 'result-form',
      boards,
      homeImps: Object.fromEntries(
        Array.from({ length: boards }, (_, i) => [i + 1, i === 0 ? imps : 0]),
      ),
    },
  });
const FIXTURES: [string, string, string, string, number][] = [
  ['f1', 'red', 'blue', '2026-03-02', 12],
  ['f2', 'green', 'gold', '2026-03-02', 3],
  ['f3', 'red', 'green', '2026-03-09', -5],
  ['f4', 'blue', 'gold', '2026-03-09', 30],
  ['f5', 'red', 'gold', '2026-03-16', -3],
  ['f6', 'blue', 'green', '2026-03-16', -12],
];

/**
 * A second league rulebook, living only under test/ and registered in one line, runs a season
 * end to end: its club adopts its preset, the league is registered under it, its facts are
 * decided by its rules (RR-1, RR-2), and its table is published over HTTP and the CLI, computed
 * by its own VP scale and tie-break chain.
 *
 * The old WBF 25-VP scale with this rulebook's margins (0, 2, 4, 7, 10, 13, 16, 20, 24, 28, 33
 * for 15-15 … 25-5): f1 +12 → red 19-11; f2 +3 → green 16-14; f3 −5 → green 17-13; f4 +30 →
 * blue 24-6; f5 −3 → gold 16-14; f6 −12 → green 19-11. Green 52 VP (+20), blue 46 (+6), red
 * 46 (+4), gold 36 (−30). Red beat blue (19-11), but RR-4 breaks the tie by net IMPs first:
 * blue is second by step (a). (The LCBA's 3.1.1 would have placed red first, by (a) the VPs
 * between them.)
 */
describe('RR-1…RR-4: a league rulebook registered in one line runs a season over HTTP and the CLI', () => {
  const path = tempDbPath();
  let store: SqliteEventStore;
  let app: Awaited<ReturnType<typeof ledgerApp>>;
  const post = (facts: ReturnType<typeof fact>[]) => postFacts(app, facts);

  beforeAll(async () => ({ store, app } = await sqliteLedgerApp(path)));
  afterAll(() => closeLedgerApp(app, store));

  it('its club adopts its preset, and the league is registered under it', async () => {
    await post([
      fact('club-rrclub', 'ClubRegistered', {
        clubId: 'rrclub',
        name: 'A round robin club',
        timeZone: 'Europe/London',
      }),
      fact('club-rrclub', 'RulebookAdopted', {
        clubId: 'rrclub',
        preset: 'test-round-robin-league',
        overrides: {},
        effectiveFrom: '2026-01-01',
      }),
    ]).expect(201);
    await post([
      league('LeagueRegistered', {
        clubId: 'rrclub',
        name: 'Round Robin 2026',
        season: '2026',
        seasonStart: '2026-03-01',
        seasonEnd: '2026-05-31',
      }),
      league('DivisionFormed', { division: 1 }),
      ...TEAMS.map((t) =>
        league('LeagueTeamEntered', {
          teamId: t,
          club: `${t}club`,
          letter: 'A',
          name: `${t[0]!.toUpperCase()}${t.slice(1)}`,
          captain: 'C',
          venue: 'V',
          enteredOn: '2026-02-01',
        }),
      ),
      ...TEAMS.map((t) => league('TeamPlaced', { teamId: t, division: 1 })),
      ...FIXTURES.map(([id, home, away, scheduled]) =>
        league('FixtureScheduled', { fixtureId: id, round: 1, home, away, scheduled }),
      ),
    ]).expect(201);
    // Before any result, the table lists every team with nothing played.
    const res = await request(app.getHttpServer()).get('/leagues/rr-2026/table').expect(200);
    expect(res.body.divisions[0].rows.map((r: { played: number }) => r.played)).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('RR-1 bad input: a second fixture between red and blue is refused, naming the rule; nothing written', async () => {
    const before = await store.headPosition();
    const res = await post([
      league('FixtureScheduled', {
        fixtureId: 'f7',
        round: 1,
        home: 'blue',
        away: 'red',
        scheduled: '2026-04-06',
      }),
    ]).expect(422);
    expect(res.body).toMatchObject({ rule: 'RR-1', field: 'events[0].data.away' });
    expect(await store.headPosition()).toBe(before);
  });

  it('RR-2 bad input: a form without board 8, or of 7 boards, is refused naming the field', async () => {
    const missing = form('f1', '2026-03-02', 12);
    delete (missing.data.result as { homeImps: Record<number, number> }).homeImps[8];
    const res = await post([missing]).expect(422);
    expect(res.body).toMatchObject({ rule: 'RR-2', field: 'events[0].data.result.homeImps.8' });
    const short = await post([form('f1', '2026-03-02', 12, 7)]).expect(422);
    expect(short.body).toMatchObject({ rule: 'RR-2', field: 'events[0].data.result.boards' });
  });

  it('RR-0 bad input: a fact its rules do not record (an RR3 election) is refused', async () => {
    const res = await post([
      league('Rr3ElectionMade', { teamId: 'red', elects: true, informedOn: '2026-03-01' }),
    ]);
    expect(res.status).toBe(422);
    expect(res.body.rule).toBe('RR-0');
  });

  it('RR-3, RR-4: the table over HTTP: its VP scale, and level teams by net IMPs first', async () => {
    await post(FIXTURES.map(([id, , , on, imps]) => form(id, on, imps))).expect(201);
    const res = await request(app.getHttpServer()).get('/leagues/rr-2026/table').expect(200);
    expect(res.body.rulebook).toMatchObject({ preset: 'test-round-robin-league' });
    expect(
      res.body.divisions[0].rows.map((r: Record<string, unknown>) => [
        r.rank,
        r.team,
        r.vp,
        r.netImps,
        (r.tieBreak as { step?: string } | undefined)?.step,
      ]),
    ).toEqual([
      [1, 'green', 52, 20, undefined],
      [2, 'blue', 46, 6, 'a'],
      [3, 'red', 46, 4, 'a'],
      [4, 'gold', 36, -30, undefined],
    ]);
    const match = await request(app.getHttpServer()).get('/leagues/rr-2026/matches/f4').expect(200);
    expect(match.body.score).toMatchObject({ homeNetImps: 30, vp: { home: 24, away: 6 } });
  });

  it('the league page and a match page cite its own rules, none of the LCBA’s', async () => {
    const page = await request(app.getHttpServer()).get('/leagues/rr-2026').expect(200);
    expect(page.text).toContain('RR-4 (a)');
    expect(page.text).toContain('rank (RR-3, RR-4)');
    expect(page.text).not.toMatch(/LCBA|3\.1\.1/);
    const explain = await request(app.getHttpServer())
      .get('/leagues/rr-2026/explain/blue')
      .expect(200);
    expect(explain.text).toContain('placed by step <strong class="step">(a)</strong> of RR-4.');
    expect(explain.text).not.toMatch(/LCBA/);
    const match = await request(app.getHttpServer())
      .get('/leagues/rr-2026/fixtures/f4')
      .expect(200);
    expect(match.text.match(/.{0,80}LCBA.{0,40}/g)).toBeNull();
  });

  it('the same table from the CLI', async () => {
    const out = await cli('table', 'rr-2026', '--division', '1', '--store', `sqlite:${path}`);
    expect(out.code).toBe(0);
    const rows = out.stdout
      .split('\n')
      .filter((l) => /^\d\s/.test(l))
      .map((l) =>
        l
          .split(/\s{2,}/)
          .slice(0, 2)
          .concat(l.match(/\s(\d+)\s+[+-]\d+/)?.[1] ?? ''),
      );
    expect(rows).toEqual([
      ['1', 'green', '52'],
      ['2', 'blue', '46'],
      ['3', 'red', '46'],
      ['4', 'gold', '36'],
    ]);
  });

  it('RR-3: one match from the CLI, in its own rules’ words (no LCBA rule named)', async () => {
    const out = await cli('match', 'rr-2026', 'f4', '--store', `sqlite:${path}`);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Blue (home) v Gold');
    expect(out.stdout).toContain('24-6 VP');
    expect(out.stdout).not.toMatch(/LCBA/);
  });
});
