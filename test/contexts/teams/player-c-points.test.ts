import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GatedLedger } from '../../support/gated-ledger';
import { teamsFacts } from '../../support/teams';
import { competitionsState } from '../../../src/audit/published';
import { cPointsOf } from '../../../src/contexts/pairs/projection';
import { playerCPointsAt } from '../../../src/contexts/teams/read';

/**
 * NZ-8: one C-point page a player, pairs and teams side by side. Karori's example pairs season,
 * then a teams event of the club in which its top C-point earner's team wins a 24-board match
 * (2 C a board: 48 C to each of its four players).
 */
const PAIRS = join(__dirname, '../../../examples/nz-club-pairs-2026.ndjson');
const lines = readFileSync(PAIRS, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, unknown>);
const t = teamsFacts('karori-eh-2026');
const side = (teamId: string, imps: number, vp: number) => ({ teamId, imps, vp });

describe('NZ-8 a player’s C points across pairs and teams', () => {
  it('NZ-8 the pairs sessions’ awards and the teams match won add up to one exact total', async () => {
    const ledger = new GatedLedger();
    await ledger.appendFile(lines);
    const view = cPointsOf(await competitionsState(ledger.store), 'club-pairs-2026') as {
      totals: Array<{ player: string; points: string }>;
    };
    const top = view.totals[0]!;
    await ledger.append(
      t.created({ startsOn: '2026-11-03', sessions: 2 }),
      t.team('A', { players: [top.player, 'a2', 'a3', 'a4'] }),
      t.team('B'),
      t.match('m1', 1, side('A', 40, 20), side('B', 10, 10), { playedOn: '2026-11-03' }),
    );
    const mine = await playerCPointsAt(ledger.store, 'karori', top.player);
    expect(mine.pairs.length).toBeGreaterThan(0);
    expect(mine.teams).toEqual([
      expect.objectContaining({
        eventId: 'karori-eh-2026',
        matchId: 'm1',
        side: 'A',
        points: '48',
      }),
    ]);
    expect(Number(mine.total)).toBe(Number(top.points) + 48);
    // The losers' players earn nothing from the match.
    const loser = await playerCPointsAt(ledger.store, 'karori', 'B-1');
    expect(loser).toMatchObject({ total: '0', teams: [] });
  });

  it('NZ-8 a team of five without a line-up: its players are not named, the match is listed as not counted', async () => {
    const ledger = new GatedLedger();
    await ledger.appendFile(lines);
    await ledger.append(
      t.created({ startsOn: '2026-11-03', sessions: 2 }),
      t.team('A', { players: ['a1', 'a2', 'a3', 'a4', 'a5'] }),
      t.team('B'),
      t.match('m1', 1, side('A', 40, 20), side('B', 10, 10), { playedOn: '2026-11-03' }),
    );
    const v = await playerCPointsAt(ledger.store, 'karori', 'a1');
    expect(v.teams).toEqual([]);
    expect(v.unnamed).toEqual([
      expect.objectContaining({
        matchId: 'm1',
        reason: expect.stringMatching(/not a team of four/),
      }),
    ]);
    await expect(playerCPointsAt(ledger.store, 'nowhere', 'a1')).rejects.toMatchObject({
      code: 'UNKNOWN_TEAMS_EVENT',
    });
  });
});
