import { GatedLedger } from '../../support/gated-ledger';
import { clubRegistered, rulebookAdopted } from '../../support/nz-club';
import { teamsFacts } from '../../support/teams';
import { teamsDiffAt, teamsWhatIfAt } from '../../../src/contexts/teams/read';

/**
 * A teams event's what-if (its standing under amended rulebook parameters, nothing stored) and
 * diff (every number changed between two moments), as an auditor or a secretary asks them.
 * A and B level on 29 VP: A beat B (16-14); B's IMP quotient (79/81) is above A's (51/59).
 */
const t = teamsFacts('kh-2026');
const side = (teamId: string, imps: number, vp: number) => ({ teamId, imps, vp });

async function played(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(
    clubRegistered(),
    rulebookAdopted(),
    t.created({ name: 'Khandallah Teams 2026', series: 'khandallah-teams', sessions: 3 }),
    t.team('A'),
    t.team('B'),
    t.team('C'),
    t.match('m1', 1, side('A', 31, 16), side('B', 29, 14)),
    t.match('m2', 2, side('A', 20, 13), side('C', 30, 17), { playedOn: '2026-03-10' }),
    t.match('m3', 3, side('B', 50, 15), side('C', 50, 15), { playedOn: '2026-03-17' }),
  );
  return ledger;
}

describe('NZ-12 what-if: the tie-break chain amended, nothing stored', () => {
  it('NZ-12 with the IMP quotient first B is placed above A; the diff names both places and the new step', async () => {
    const ledger = await played();
    const head = await ledger.store.headPosition();
    const w = await teamsWhatIfAt(ledger.store, 'kh-2026', { 'teams.tieBreak': ['imp-quotient'] });
    expect(w.whatIf.groups[0]!.rows.map((r) => r.teamId)).toEqual(['C', 'B', 'A']);
    const places = w.diff.changes.filter((c) => c.field === 'place');
    expect(places.map((c) => [c.subject, c.from, c.to])).toEqual([
      ['B', 3, 2],
      ['A', 2, 3],
    ]);
    expect(w.diff.changes.find((c) => c.field === 'tie-break')).toMatchObject({
      from: 'head-to-head-vp',
      to: 'imp-quotient',
    });
    expect(await ledger.store.headPosition()).toBe(head);
  });

  it('NZ-12 bad input: a step the chain does not know, or a parameter the rulebook lacks, is refused naming the path', async () => {
    const ledger = await played();
    await expect(
      teamsWhatIfAt(ledger.store, 'kh-2026', { 'teams.tieBreak': ['coin'] }),
    ).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      issues: [expect.objectContaining({ field: 'teams.tieBreak[0]' })],
    });
    await expect(
      teamsWhatIfAt(ledger.store, 'kh-2026', { 'teams.tieBrek': [] }),
    ).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: 'teams.tieBrek' })],
    });
    await expect(teamsWhatIfAt(ledger.store, 'kh-2026', [1])).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: 'rulebookOverride' })],
    });
  });
});

describe('the diff of a teams event between two moments', () => {
  it('as played by 10 March and now: m3 added, B and C gaining its VP', async () => {
    const ledger = await played();
    const d = await teamsDiffAt(ledger.store, 'kh-2026', { day: '2026-03-10' }, {});
    expect(d.changes.filter((c) => c.field === 'vp').map((c) => [c.subject, c.from, c.to])).toEqual(
      [
        ['C', 17, 32],
        ['B', 14, 29],
      ],
    );
    expect(d.changes.some((c) => c.subject === 'match m3' && c.field === 'homeVp (added)')).toBe(
      true,
    );
  });

  it('from a position before the event: every row is new; the same moment twice: no change', async () => {
    const ledger = await played();
    const d = await teamsDiffAt(ledger.store, 'kh-2026', { atPosition: 1 }, {});
    expect(d.from.position).toBeNull();
    expect(d.changes.filter((c) => c.field === 'place')).toHaveLength(3);
    expect((await teamsDiffAt(ledger.store, 'kh-2026', {}, {})).changes).toEqual([]);
  });
});
