import { ScoringInputError } from '../../../scoring/errors';
import type {
  EligibilityInput,
  EligibilityTeam,
  FixtureId,
  PlayerId,
  Side,
  TeamId,
} from '../../../contexts/league/model';
import { byAsOf } from './days';
import { teamsById } from './ranking';

/** One player in one match: for which team, on which side, in which division. */
export interface Appearance {
  player: PlayerId;
  fixture: FixtureId;
  team: TeamId;
  side: Side;
  division: number;
  club: string;
  on: string;
  /** Not yet a paid-up member that day (LCBA-4.1, 4.2). */
  unpaid: boolean;
}

/**
 * Every appearance of the season's line-ups up to `asOf`, in the order played (day, then
 * fixture id: a replay agrees), by player. A line-up of a fixture or team the input does not
 * have is bad input, named.
 */
export function appearancesOf(input: EligibilityInput): Map<PlayerId, Appearance[]> {
  const teams = teamsById(input.teams);
  const fixtures = new Map(input.fixtures.map((f) => [f.id, f]));
  const out = new Map<PlayerId, Appearance[]>();
  input.lineUps.forEach((l, i) => {
    if (!byAsOf(l.playedOn, input.asOf)) return;
    const f = fixtures.get(l.fixture);
    if (!f) {
      throw new ScoringInputError(
        `lineUps[${i}].fixture`,
        'LCBA-4.7',
        `names no fixture: ${l.fixture}`,
      );
    }
    for (const side of ['home', 'away'] as const) {
      const team: EligibilityTeam | undefined = teams.get(f[side]);
      if (!team) {
        throw new ScoringInputError(
          `fixtures.${f.id}.${side}`,
          'LCBA-4.7',
          `names no team: ${f[side]}`,
        );
      }
      for (const player of l[side]) {
        const paid = input.paid[player];
        const a: Appearance = {
          player,
          fixture: f.id,
          team: team.team,
          side,
          division: team.division,
          club: team.club,
          on: l.playedOn,
          unpaid: paid === undefined || l.playedOn < paid,
        };
        const list = out.get(player);
        if (list) list.push(a);
        else out.set(player, [a]);
      }
    }
  });
  for (const list of out.values()) {
    list.sort((a, b) =>
      a.on < b.on
        ? -1
        : a.on > b.on
          ? 1
          : a.fixture < b.fixture
            ? -1
            : a.fixture > b.fixture
              ? 1
              : 0,
    );
  }
  return out;
}
