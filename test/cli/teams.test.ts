import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

const EXAMPLE = join(__dirname, '../../examples/wellington-and-lochem-teams.ndjson');

/** The teams example appended through `bridge-ledger append` (the gate), read back by the CLI. */
describe('bridge-ledger teams [eventId] and swiss <eventId> --round <n>', () => {
  let store: string;
  beforeAll(async () => {
    store = `sqlite:${join(tempDir(), 'ledger.db')}`;
    const appended = await cli('append', EXAMPLE, '--store', store);
    expect(appended.code).toBe(0);
  });

  it('lists the teams events: id, name, club, kind', async () => {
    const out = await cli('teams', '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      /ngaio-gladys-palmer-2026\s+Gladys Palmer Teams 2026\s+ngaio\s+nz-club-teams/,
    );
    expect(out.stdout).toMatch(
      /lochem-viertallen-2014\s+Viertallen najaar 2014\s+lochem\s+dsb-viertallen/,
    );
  });

  it('NZ-12: an event’s standing as a table, CSV and JSON', async () => {
    const table = await cli('teams', 'ngaio-gladys-palmer-2026', '--store', store);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/Gladys Palmer Teams 2026 .*standing \(NZ-12/);
    const csv = await cli('teams', 'ngaio-gladys-palmer-2026', '--format', 'csv', '--store', store);
    expect(csv.stdout.split('\n')[0]).toBe(
      'place,team,name,vp,impsFor,impsAgainst,played,byes,tieBreak',
    );
    expect(csv.stdout.trim().split('\n')).toHaveLength(7);
    const json = JSON.parse(
      (await cli('teams', 'lochem-viertallen-2014', '--format', 'json', '--store', store)).stdout,
    );
    expect(json.groups.map((g: { group: string }) => g.group)).toEqual(['A', 'B']);
  });

  it('a match and a team’s card; an event the ledger does not have exits 1 naming it', async () => {
    const match = await cli('teams', 'ngaio-ed-hillary-2026', '--match', 'r1-t1', '--store', store);
    expect(match.stdout).toMatch(/substitute tuesday-tama .*a Tuesday player/);
    expect(match.stdout).toMatch(/NZ-15/);
    const card = await cli('teams', 'ngaio-ed-hillary-2026', '--team', 'kea', '--store', store);
    expect(card.stdout).toMatch(/players kea-1, kea-2, kea-3, kea-4; captain kea-1/);
    const none = await cli('teams', 'nowhere', '--store', store);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no teams event nowhere/);
  });

  it('DSB-15: the proposed pairing of a Swiss round, beside the one recorded; a bad round exits 2', async () => {
    const out = await cli(
      'swiss',
      'lochem-viertallen-zomer-2015',
      '--round',
      '2',
      '--store',
      store,
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/round 2 proposed/);
    expect(out.stdout).toMatch(/bye: vt\d/);
    expect(out.stdout).toMatch(/recorded for round 2:/);
    const json = JSON.parse(
      (
        await cli(
          'swiss',
          'lochem-viertallen-zomer-2015',
          '--round',
          '4',
          '--format',
          'json',
          '--store',
          store,
        )
      ).stdout,
    );
    expect(json.proposal.repeats).toBe(0);
    const bad = await cli(
      'swiss',
      'lochem-viertallen-zomer-2015',
      '--round',
      'two',
      '--store',
      store,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--round must be a whole number/);
  });

  it('NZ-12 what-if with --rulebook-override, and the diff with --diff-from; a bad override exits 2 naming the option', async () => {
    const file = join(tempDir(), 'chain.json');
    writeFileSync(file, JSON.stringify({ 'teams.tieBreak': ['imp-quotient'] }));
    const w = await cli(
      'teams',
      'ngaio-gladys-palmer-2026',
      '--rulebook-override',
      file,
      '--store',
      store,
    );
    expect(w.code).toBe(0);
    expect(w.stdout).toMatch(/^What-if \{"teams.tieBreak":\["imp-quotient"\]\} \(nothing stored\)/);
    const d = await cli(
      'teams',
      'ngaio-gladys-palmer-2026',
      '--diff-from',
      '2026-04-06',
      '--store',
      store,
    );
    expect(d.code).toBe(0);
    expect(d.stdout).toMatch(/what changed: from as played by 2026-04-06/);
    const bad = join(tempDir(), 'bad.json');
    writeFileSync(bad, '{not json');
    const refused = await cli(
      'teams',
      'ngaio-gladys-palmer-2026',
      '--rulebook-override',
      bad,
      '--store',
      store,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--rulebook-override .*not JSON/);
  });

  it('NZ-8 player-c-points: a player’s awards from the teams events of the club, with the total', async () => {
    const out = await cli('player-c-points', 'ngaio', 'kea-1', '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^kea-1 at ngaio: \d+ C points \(NZ-8\)/);
    const json = JSON.parse(
      (await cli('player-c-points', 'ngaio', 'kea-1', '--format', 'json', '--store', store)).stdout,
    );
    expect(json.teams.every((t: { eventId: string }) => t.eventId.startsWith('ngaio-'))).toBe(true);
    expect((await cli('player-c-points', 'nowhere', 'kea-1', '--store', store)).code).toBe(1);
  });
});
