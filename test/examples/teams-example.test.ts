import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GatedLedger } from '../support/gated-ledger';
import { teamsReadModel } from '../support/teams';
import { competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { fold } from '../../src/contexts/projections';
import { collect } from '../support/events';
import {
  swissProposalOf,
  teamsEventList,
  teamsStandingOf,
} from '../../src/contexts/teams/projection';

/**
 * The teams example (examples/wellington-and-lochem-teams.ndjson, written by examples/teams.ts),
 * loaded through the gate: each story read back from the teams read model.
 */
const FILE = join(__dirname, '../../examples/wellington-and-lochem-teams.ndjson');
const LINES = readFileSync(FILE, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { type: string; data: Record<string, unknown> });

let ledger: GatedLedger;
beforeAll(async () => {
  ledger = new GatedLedger();
  await ledger.appendFile(LINES);
});

describe('the teams example', () => {
  it('holds four events of two clubs, each with its kind', async () => {
    const list = teamsEventList(await teamsReadModel(ledger));
    expect(list.map((e) => [e.eventId, e.clubId, e.kind, e.teams])).toEqual([
      ['lochem-viertallen-2014', 'lochem', 'dsb-viertallen', 8],
      ['lochem-viertallen-zomer-2015', 'lochem', 'dsb-viertallen', 7],
      ['ngaio-ed-hillary-2026', 'ngaio', 'nz-club-teams', 4],
      ['ngaio-gladys-palmer-2026', 'ngaio', 'nz-club-teams', 6],
    ]);
  });

  it('NZ-11, NZ-16: in the Gladys Palmer Teams Rimu, defaulted to in session 3 on a handicap lowered to 3, scores 15 + its opponents’ − 3', async () => {
    const s = teamsStandingOf(await teamsReadModel(ledger), 'ngaio-gladys-palmer-2026');
    const d = s.matches.find((m) => m.defaulted)!;
    const other = d.defaulted!.defaulting;
    const theirs = s.teams[other]!.handicap!;
    expect(d).toMatchObject({
      round: 3,
      home: 'rimu',
      homeVp: Math.min(25, Math.max(15, 15 + theirs - 3)),
      awayVp: 0,
    });
    expect(s.groups[0]!.rows).toHaveLength(6);
    // Five sessions each, the defaulting team's default not a match it played.
    expect(Object.fromEntries(s.groups[0]!.rows.map((r) => [r.teamId, r.played]))).toEqual({
      kowhai: 5,
      rata: 5,
      totara: 5,
      rimu: 5,
      matai: 5,
      miro: 5,
      [other]: 4,
    });
  });

  it('NZ-15: in the Ed Hillary Teams the Tuesday substitute costs the team 2 VP and gives its opponents 1; the visitor too', async () => {
    const s = teamsStandingOf(await teamsReadModel(ledger), 'ngaio-ed-hillary-2026');
    const tuesday = s.matches.find((m) => m.matchId === 'r1-t1')!;
    expect(tuesday.homeVp).toBe(Math.max(0, tuesday.played!.homeVp - 2));
    expect(tuesday.awayVp).toBe(Math.min(25, tuesday.played!.awayVp + 1));
    const visitor = s.matches.find((m) => m.matchId === 'r2-t2')!;
    expect(visitor.awayVp).toBe(Math.max(0, visitor.played!.awayVp - 2));
    expect(visitor.homeVp).toBe(Math.min(25, visitor.played!.homeVp + 1));
  });

  it('DSB-15: the autumn viertallen rank two groups of four, each a round robin of three rounds', async () => {
    const s = teamsStandingOf(await teamsReadModel(ledger), 'lochem-viertallen-2014');
    expect(s.groups.map((g) => [g.group, g.rows.length])).toEqual([
      ['A', 4],
      ['B', 4],
    ]);
    expect(s.groups.flatMap((g) => g.rows).every((r) => r.played === 3)).toBe(true);
  });

  it('DSB-15: the Swiss viertallen’s rounds 2–4 are the ledger’s proposals, without repeats, a different bye each round', async () => {
    const read = await teamsReadModel(ledger);
    const s = teamsStandingOf(read, 'lochem-viertallen-zomer-2015');
    expect(s.groups).toHaveLength(1);
    const met = new Set<string>();
    for (const m of s.matches) {
      const key = [m.home, m.away].sort().join('|');
      expect(met.has(key)).toBe(false);
      met.add(key);
    }
    const byes = s.groups[0]!.rows.filter((r) => r.byes === 1);
    expect(byes).toHaveLength(4);
    for (const round of [2, 3, 4]) {
      const v = swissProposalOf(read, 'lochem-viertallen-zomer-2015', round);
      expect(v.recorded!.tables.map((t) => [t.home, t.away])).toEqual(
        v.proposal.tables.map((t) => [t.home, t.away]),
      );
      expect(v.recorded!.bye).toBe(v.proposal.bye);
    }
  });

  it('DSB-16a–c: Lochem’s butler after its September pairs competition: its pairs, the absent pair without notice −40', async () => {
    const view = standingsOf(
      fold(competitions, await collect(ledger.store.readAll())),
      'lochem-butler-2014',
    );
    if (view.kind !== 'butler') throw new Error(view.kind);
    expect(view.final).toBe(true);
    expect(view.rows).toHaveLength(8);
    expect(view.rows.find((r) => r.pairId === 'lp8')).toMatchObject({ total: -40, place: 8 });
    // Butler IMPs of the seven who played, each against the datum: a zero-sum field but for rounding.
    const played = view.rows.filter((r) => r.pairId !== 'lp8');
    expect(Math.abs(played.reduce((a, r) => a + r.total, 0))).toBeLessThan(played.length);
  });
});
