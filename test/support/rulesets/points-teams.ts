import { RuleViolation } from '../../../src/kernel/rule-violation';
import type { DecidedFact } from '../../../src/kernel/decider';
import type { Params } from '../../../src/rulebooks/params';
import type { Rulebook } from '../../../src/rulebooks/rulebook';
import type {
  TeamsEventState,
  TeamsMatchRecordedData,
  TeamsRules,
  TeamsStanding,
} from '../../../src/contexts/teams';

/**
 * A teams rulebook that lives only under test/ (docs/extending.md): a club's knock-about teams,
 * all-play-all, a match won scoring 2 points and a drawn one 1 each, teams level sharing a place.
 * It reads no parameter of its own: a club under the `pinner-2018` preset runs it.
 */
function decide(fact: DecidedFact): void {
  if (fact.type === 'TeamsMatchDefaulted') {
    throw new RuleViolation(
      'POINTS-1',
      'a knock-about match is played or not at all',
      'data.matchId',
    );
  }
}

function standing(event: TeamsEventState): TeamsStanding {
  const points = new Map(event.teams.map((t) => [t.teamId, 0]));
  const totals = new Map(event.teams.map((t) => [t.teamId, { for: 0, against: 0, played: 0 }]));
  const matches = event.matches.map((m: TeamsMatchRecordedData) => {
    const [h, a] = m.home.imps > m.away.imps ? [2, 0] : m.home.imps < m.away.imps ? [0, 2] : [1, 1];
    points.set(m.home.teamId, points.get(m.home.teamId)! + h);
    points.set(m.away.teamId, points.get(m.away.teamId)! + a);
    for (const [side, other] of [
      ['home', 'away'],
      ['away', 'home'],
    ] as const) {
      const t = totals.get(m[side].teamId)!;
      t.for += m[side].imps;
      t.against += m[other].imps;
      t.played += 1;
    }
    return {
      matchId: m.matchId,
      round: m.round,
      session: m.session ?? m.round,
      home: m.home.teamId,
      away: m.away.teamId,
      boards: m.boards,
      homeImps: m.home.imps,
      awayImps: m.away.imps,
      homeVp: h,
      awayVp: a,
      because: [`POINTS-1: ${m.home.imps}-${m.away.imps} IMPs, ${h}-${a} points`],
    };
  });
  const order = [...points.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  const rows = order.map(([teamId, vp]) => {
    const t = totals.get(teamId)!;
    return {
      place: 1 + order.filter(([, p]) => p > vp).length,
      teamId,
      vp,
      impsFor: t.for,
      impsAgainst: t.against,
      played: t.played,
      byes: 0,
    };
  });
  return {
    groups: [{ rows }],
    matches,
    ballotsDue: [],
    rules: { rank: 'POINTS-1', vp: 'POINTS-1' },
  };
}

export const pointsTeamsRules: TeamsRules = {
  format: 'points-teams',
  presets: ['pinner-2018'],
  paramsOf: (rulebook: Rulebook | undefined) => (rulebook?.params ?? {}) as Params,
  playOf: () => ({
    format: 'all-play-all',
    repeats: 'allowed',
    playersPerMatch: 4,
    rule: 'POINTS-1',
    tieRule: 'POINTS-1',
  }),
  decide,
  standing,
};
