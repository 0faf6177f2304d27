import request from 'supertest';
import { v7 } from 'uuid';
import { registerMembershipRules } from '../../src/contexts/membership/rules';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { closeLedgerApp, ledgerApp, postFacts, sqliteLedgerApp } from '../app/support';
import { cli } from '../support/cli';
import { riversideMembershipRules } from '../support/rulesets/riverside-membership';
import { tempDbPath } from '../support/temp';

// The one line that adds a club's membership rules: nothing under src/ knows Riverside.
registerMembershipRules(riversideMembershipRules);

const MEMBERS = 'members-riverside';
const fact = (streamId: string, type: string, data: Record<string, unknown>) => ({
  streamId,
  id: v7(),
  type,
  occurredAt: '2026-12-31T12:00:00+00:00',
  data: streamId === MEMBERS ? { clubId: 'riverside', ...data } : data,
  metadata: {},
});
const member = (type: string, data: Record<string, unknown>) => fact(MEMBERS, type, data);
const played = (date: string) =>
  member('SessionPlayedAtClub', {
    person: 'vic',
    name: 'Vic Visitor',
    date,
    event: { id: `pairs-${date}`, special: false },
  });
const VIC = ['2026-03-03', '2026-04-07', '2026-05-05', '2026-06-02', '2026-07-07'];

/**
 * A second club's membership rules, living only under test/ and registered in one line, run a
 * year: Riverside BC adopts its preset, its members stream is decided by its rules (RIV-0,
 * RIV-1: fourteen days on the notice board, where Pinner's PIN-C6 asks seven), and its
 * register and visitors (RIV-3: four sessions a calendar year, where Pinner's PIN-R10 allows
 * six) are published over HTTP and the CLI under its own rule IDs.
 */
describe('RIV-0…RIV-3: a club’s membership rules registered in one line run a year over HTTP and the CLI', () => {
  const path = tempDbPath();
  let store: SqliteEventStore;
  let app: Awaited<ReturnType<typeof ledgerApp>>;
  const post = (facts: ReturnType<typeof fact>[]) => postFacts(app, facts);
  const get = (url: string) =>
    request(app.getHttpServer()).get(url).set('Accept', 'application/json');

  beforeAll(async () => ({ store, app } = await sqliteLedgerApp(path)));
  afterAll(() => closeLedgerApp(app, store));

  it('the club adopts its preset; its founders and an application are recorded', async () => {
    const club = await post([
      fact('club-riverside', 'ClubRegistered', {
        clubId: 'riverside',
        name: 'Riverside BC',
        timeZone: 'Europe/London',
      }),
      fact('club-riverside', 'RulebookAdopted', {
        clubId: 'riverside',
        preset: 'test-riverside-2026',
        overrides: {},
        effectiveFrom: '2026-01-01',
      }),
    ]);
    expect(club.status).toBe(201);
    const res = await post([
      ...['ann', 'bob'].map((person) =>
        member('ExistingMemberRecorded', {
          person,
          name: `Member ${person}`,
          electedOn: '2020-01-01',
          class: 'full',
        }),
      ),
      member('MembershipApplied', {
        applicationId: 'a-fay',
        person: 'fay',
        name: 'Fay Candidate',
        birthDate: '1980-01-01',
        classApplied: 'full',
        appliedOn: '2026-02-01',
      }),
      member('ApplicationDisplayed', { applicationId: 'a-fay', on: '2026-02-01' }),
    ]);
    expect(res.status).toBe(201);
  });

  it('RIV-0: a fact its rules do not record (a proposer) is refused, naming the rule', async () => {
    const res = await post([
      member('ApplicationProposed', {
        applicationId: 'a-fay',
        proposer: 'ann',
        seconder: 'bob',
        on: '2026-02-02',
      }),
    ]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'RuleViolation',
      rule: 'RIV-0',
      field: 'events[0].type',
    });
  });

  it('RIV-1: elected on the 13th day is refused (data.on) and writes nothing; on the 14th exactly it stands', async () => {
    const head = await store.headPosition();
    const early = await post([
      member('MemberElected', { applicationId: 'a-fay', on: '2026-02-14' }),
    ]);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ rule: 'RIV-1', field: 'events[0].data.on' });
    expect(early.body.message).toContain('elected from 2026-02-15 (14 days)');
    expect(await store.headPosition()).toBe(head);
    const onTime = await post([
      member('MemberElected', { applicationId: 'a-fay', on: '2026-02-15' }),
    ]);
    expect(onTime.status).toBe(201);
  });

  it('the year goes on: a visitor plays five sessions, a member resigns', async () => {
    const res = await post([
      ...VIC.map(played),
      member('MemberResigned', { person: 'bob', on: '2026-09-30' }),
    ]);
    expect(res.status).toBe(201);
  });

  it('RIV-1: before the election the application is pending, electable from the 14th day', async () => {
    const body = (await get('/clubs/riverside/applications?asOf=2026-02-10')).body;
    expect(body.applications).toEqual([
      expect.objectContaining({
        person: 'fay',
        displayedOn: '2026-02-01',
        considerFrom: '2026-02-15',
        because: [{ rule: 'RIV-1', text: 'displayed 14 days: may be elected from 2026-02-15' }],
      }),
    ]);
  });

  it('RIV-2: the register at the year end under its rulebook: every member Full with a vote', async () => {
    const body = (await get('/clubs/riverside/members?asOf=2026-12-31')).body;
    expect(body.rulebook).toEqual({ preset: 'test-riverside-2026', effectiveFrom: '2026-01-01' });
    const by = (p: string) => body.entries.find((e: { person: string }) => e.person === p);
    expect(by('fay')).toMatchObject({
      standing: 'member',
      class: 'full',
      classFrom: '2026-02-15',
      votes: true,
      subscription: 'due',
      because: [{ rule: 'RIV-2', text: 'every member is a Full member with a vote' }],
    });
    expect(by('ann')).toMatchObject({ standing: 'member', class: 'full', votes: true });
    expect(by('bob')).toMatchObject({ standing: 'resigned', endedOn: '2026-09-30', votes: false });
  });

  it('RIV-3: the visitors of 2026: the 5th session may be refused, the limit 4, cited as RIV-3', async () => {
    const body = (await get('/clubs/riverside/visitors?year=2026')).body;
    expect(body).toMatchObject({ year: '2026', kind: 'calendar', rule: 'RIV-3', limit: 4 });
    const vic = body.rows.find((r: { person: string }) => r.person === 'vic');
    expect(vic.visits.map((v: { verdict: string }) => v.verdict)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'may-be-refused',
    ]);
    const rules = vic.visits[4].because.map((b: { rule: string }) => b.rule);
    expect(rules).toContain('RIV-3');
    expect(rules.some((r: string) => r.startsWith('PIN-'))).toBe(false);
  });

  it('the CLI reads the same register and visitors', async () => {
    const store = `sqlite:${path}`;
    const members = await cli(
      'members',
      'riverside',
      '--as-of',
      '2026-12-31',
      '--store',
      store,
      '--format',
      'json',
    );
    expect(members.code).toBe(0);
    const register = JSON.parse(members.stdout);
    expect(
      register.entries.map(
        (e: { person: string; standing: string }) => `${e.person} ${e.standing}`,
      ),
    ).toEqual(['ann member', 'bob resigned', 'fay member']);
    const visitors = await cli('visitors', 'riverside', '--year', '2026', '--store', store);
    expect(visitors.code).toBe(0);
    expect(visitors.stdout).toContain('RIV-3');
  });
});
