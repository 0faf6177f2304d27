import request from 'supertest';
import { registerRuleset } from '../../src/rulesets';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { closeLedgerApp, ledgerApp, postFacts, sqliteLedgerApp } from '../app/support';
import { cli } from '../support/cli';
import {
  clubRegistered,
  competition,
  proposed,
  registered,
  rulebookAdopted,
  type Proposed,
} from '../support/nz-club';
import { meanPairs } from '../support/rulesets/mean-pairs';
import { tempDbPath } from '../support/temp';

// The one line that adds a rulebook: nothing under src/ knows "mean pairs".
registerRuleset(meanPairs);

/**
 * Property 2: a ruleset that lives only under test/, registered in one line, is
 * adopted, its competitions created and decided, and its standings published over HTTP and
 * the CLI.
 */
describe('a ruleset registered in one line publishes through HTTP and the CLI', () => {
  const path = tempDbPath();
  let store: SqliteEventStore;
  let app: Awaited<ReturnType<typeof ledgerApp>>;
  const post = (facts: Proposed[]) => postFacts(app, facts);
  const league = competition('mean-1', 'mean-pairs', 'monday', ['2026-03-02', '2026-03-09'], {
    A: ['ann', 'abe'],
    B: ['bea', 'bob'],
    C: ['cat', 'cal'],
  });
  const result = (session: number, pairId: string, percentage: number) => {
    const fact = league.result(session, pairId);
    return { ...fact, data: { ...(fact.data as object), percentage } };
  };

  beforeAll(async () => ({ store, app } = await sqliteLedgerApp(path)));
  afterAll(() => closeLedgerApp(app, store));

  it('is adopted and its format created, as a built-in one is', async () => {
    await post([clubRegistered(), rulebookAdopted('test-mean-pairs')]).expect(201);
    await post(
      ['ann', 'abe', 'bea', 'bob', 'cat', 'cal'].map((p) => registered(p, 'member')),
    ).expect(201);
    await post(league.setup).expect(201);
    await post([result(1, 'A', 61.5), result(1, 'B', 48.5), result(1, 'C', 40)]).expect(201);
    await post([result(2, 'A', 50), result(2, 'B', 58.25)]).expect(201);
    const res = await request(app.getHttpServer())
      .get('/competitions/mean-1/standings')
      .expect(200);
    expect(res.body).toMatchObject({
      competitionId: 'mean-1',
      format: 'mean-pairs',
      rulebook: { preset: 'test-mean-pairs' },
      kind: 'mean-pairs',
      rows: [
        { rank: 1, pairId: 'A', mean: 55.75, sessions: 2 },
        { rank: 2, pairId: 'B', mean: 53.38, sessions: 2 },
        // One session: below meanPairs.minSessions (2), listed without a rank.
        { rank: null, pairId: 'C', mean: 40, sessions: 1 },
      ],
    });
  });

  it('its parameters are amended like any rulebook’s, and the standing follows', async () => {
    await post([
      proposed('club-karori', 'RulebookAmended', {
        clubId: 'karori',
        changes: { 'meanPairs.minSessions': 1 },
        effectiveFrom: '2026-03-01',
      }),
    ]).expect(201);
    const res = await request(app.getHttpServer())
      .get('/competitions/mean-1/standings')
      .expect(200);
    expect(res.body.rows.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3]);
  });

  it('the deciders still judge its facts: a result for a pair that has not entered is refused', async () => {
    const stray = league.result(2, 'A');
    const res = await post([{ ...stray, data: { ...(stray.data as object), pairId: 'Z' } }]).expect(
      422,
    );
    expect(res.body).toMatchObject({
      error: 'RuleViolation',
      rule: 'LEDGER',
      field: 'events[0].data.pairId',
    });
  });

  it('the CLI prints its table by the ruleset’s printed rows', async () => {
    const out = await cli('standings', 'mean-1', '--store', `sqlite:${path}`, '--format', 'csv');
    expect(out.code).toBe(0);
    // The CLI adds each pair's names after its id: none of these players is on a roster.
    expect(out.stdout).toBe(
      'rank,pair,names,mean,sessions\n1,A,,55.75,2\n2,B,,53.38,2\n3,C,,40.00,1\n',
    );
  });

  it('a preset no ruleset registered is refused on adoption, naming the field', async () => {
    const res = await post([rulebookAdopted('test-nowhere')]).expect(400);
    expect(JSON.stringify(res.body.issues)).toMatch(
      /preset must be one of the following values: .*test-mean-pairs/,
    );
  });
});
