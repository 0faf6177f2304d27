import { registerTeamsRules } from '../../src/contexts/teams';
import { GatedLedger } from '../support/gated-ledger';
import { proposed } from '../support/nz-club';
import { teamsFacts, teamsReadModel } from '../support/teams';
import { teamsStandingOf } from '../../src/contexts/teams/projection';
import { pointsTeamsRules } from '../support/rulesets/points-teams';

// The one line that adds a teams rulebook: nothing under src/ knows the points teams.
registerTeamsRules(pointsTeamsRules);

/**
 * A teams rulebook registered from outside src/ (docs/extending.md): an event naming its format
 * is decided and ranked by it, through the same context, read model and refusals as the
 * built-in ones.
 */
const ev = teamsFacts('ko-2026');
const side = (teamId: string, imps: number) => ({ teamId, imps });

async function club(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(
    proposed('club-karori', 'ClubRegistered', {
      clubId: 'karori',
      name: 'Karori',
      timeZone: 'Pacific/Auckland',
    }),
    proposed('club-karori', 'RulebookAdopted', {
      clubId: 'karori',
      preset: 'pinner-2018',
      overrides: {},
      effectiveFrom: '2025-01-01',
    }),
  );
  return ledger;
}

describe('a teams rulebook registered from outside src/', () => {
  it('ranks an event of its format by its own points: a win 2, a draw 1', async () => {
    const ledger = await club();
    await ledger.append(
      ev.created({ format: 'points-teams' }),
      ev.team('A'),
      ev.team('B'),
      ev.team('C'),
      ev.match('m1', 1, side('A', 30), side('B', 10)),
      ev.match('m2', 2, side('B', 20), side('C', 20), { playedOn: '2026-03-10' }),
    );
    const s = teamsStandingOf(await teamsReadModel(ledger), 'ko-2026');
    expect(s.groups[0]!.rows.map((r) => [r.teamId, r.vp, r.place])).toEqual([
      ['A', 2, 1],
      ['B', 1, 2],
      ['C', 1, 2],
    ]);
    expect(s.rules.rank).toBe('POINTS-1');
  });

  it('its own refusal, and the context’s, name their rules; a club whose rulebook does not run it is refused', async () => {
    const ledger = await club();
    await ledger.append(ev.created({ format: 'points-teams' }), ev.team('A'), ev.team('B'));
    await ledger.refuses([ev.defaulted('m1', 1, 'A', 'B')], 'POINTS-1', 'events[0].data.matchId');
    await ledger.refuses(
      [
        ev.match(
          'm1',
          1,
          { ...side('A', 1), players: ['A-1', 'A-2', 'A-3', 'A-4', 'B-1'] },
          side('B', 0),
        ),
      ],
      'POINTS-1',
      'events[0].data.home.players[4]',
    );
    await ledger.refuses(
      [teamsFacts('nz-2026').created({ format: 'nz-club-teams' })],
      'LEDGER',
      'events[0].data.format',
      /pinner-2018\) does not run nz-club-teams events: it runs points-teams/,
    );
  });
});
