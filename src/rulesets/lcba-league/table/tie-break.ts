import type {
  Ballot,
  Because,
  Fixture,
  ScoredFixture,
  TeamId,
} from '../../../contexts/league/model';
import { fmt, sideOf } from './season';

/** A team's season as the tie-breaks read it. */
export interface Standing {
  team: TeamId;
  vp: number;
  netImps: number;
  won: number;
  drawn: number;
}

/** Teams placed together: one team, or several ranked equal (a ballot is due). */
export interface Placement {
  teams: TeamId[];
  tieBreak?: { step: Step; among: TeamId[] };
  because: Because[];
}

type Step = 'a' | 'b' | 'c' | 'd' | 'e';

export interface TieContext {
  standings: ReadonlyMap<TeamId, Standing>;
  /** The scored matches that count (not cancelled), with their fixtures (A8: all three). */
  matches: readonly { f: Fixture; sf: ScoredFixture }[];
  ballots: readonly Ballot[];
  steps: readonly string[];
  drawCounts: number;
}

const NAMES: Record<Step, string> = {
  a: 'VPs in their matches against each other',
  b: 'IMP difference in their matches against each other',
  c: 'matches won (a draw ½)',
  d: 'net IMPs over the season',
  e: 'the recorded ballot',
};

function values(step: Exclude<Step, 'e'>, group: TeamId[], ctx: TieContext): Map<TeamId, number> {
  const v = new Map(group.map((t) => [t, 0]));
  if (step === 'a' || step === 'b') {
    // A8: every match between two of them, RR1, RR2 and RR3 real or virtual.
    for (const { f, sf } of ctx.matches) {
      if (!v.has(f.home) || !v.has(f.away)) continue;
      for (const t of [f.home, f.away]) {
        const s = sf[sideOf(f, t)];
        v.set(t, v.get(t)! + (step === 'a' ? s.vp : s.imps));
      }
    }
    return v;
  }
  for (const t of group) {
    const s = ctx.standings.get(t)!;
    v.set(t, step === 'c' ? s.won + ctx.drawCounts * s.drawn : s.netImps);
  }
  return v;
}

function ballotFor(group: TeamId[], ctx: TieContext): Ballot | undefined {
  const covers = ctx.ballots.filter((b) => group.every((t) => b.teams.includes(t)));
  return covers.find((b) => b.teams.length === group.length) ?? covers[0];
}

/**
 * LCBA-3.1.1 and 3.1.2 among teams level on VPs: the steps in order as a mini-league of all of
 * them; at the first step that separates any, each team it separates leaves the tie placed by
 * it and those still level restart at (a) among themselves (3.1.2 reading). Step (e) takes the
 * recorded ballot; with none, the teams stay equal and a ballot is due (never random).
 */
export function breakTie(group: TeamId[], ctx: TieContext): Placement[] {
  for (const s of ctx.steps as Step[]) {
    if (s === 'e') {
      const ballot = ballotFor(group, ctx);
      if (!ballot) {
        return [
          {
            teams: [...group].sort(),
            tieBreak: { step: 'e', among: [...group] },
            because: [
              {
                rule: 'LCBA-3.1.1(e)',
                text: `${group.join(', ')} level after every test: ranked equal, a ballot is due (LCBA-3.1.1 e)`,
              },
            ],
          },
        ];
      }
      const order = ballot.order.filter((t) => group.includes(t));
      return order.map((t, i) => ({
        teams: [t],
        tieBreak: { step: 'e', among: [...group] },
        because: [
          {
            rule: 'LCBA-3.1.1(e)',
            text: `placed ${i + 1} of ${group.length} among ${group.join(', ')} by the recorded ballot (${ballot.order.join(', ')})`,
          },
        ],
      }));
    }
    const v = values(s, group, ctx);
    const levels = [...new Set(v.values())].sort((x, y) => y - x);
    if (levels.length === 1) continue;
    const shown = group.map((t) => `${t} ${fmt(v.get(t)!)}`).join(', ');
    return levels.flatMap((level) => {
      const cls = group.filter((t) => v.get(t) === level);
      if (cls.length > 1) return breakTie(cls, ctx);
      return [
        {
          teams: cls,
          tieBreak: { step: s, among: [...group] },
          because: [
            {
              rule: group.length > 2 ? 'LCBA-3.1.2' : 'LCBA-3.1.1',
              text: `level on VPs with ${group.filter((t) => t !== cls[0]).join(', ')}: placed by (${s}) ${NAMES[s]}: ${shown}`,
            },
          ],
        },
      ];
    });
  }
  return [
    {
      teams: [...group].sort(),
      tieBreak: { step: 'e', among: [...group] },
      because: [
        { rule: 'LCBA-3.1.1', text: `${group.join(', ')} level after every test: ranked equal` },
      ],
    },
  ];
}

/** Every team placed: by VPs, then the tie-breaks among those level. */
export function placeTeams(ctx: TieContext): Placement[] {
  const byVp = new Map<number, TeamId[]>();
  for (const s of ctx.standings.values()) byVp.set(s.vp, [...(byVp.get(s.vp) ?? []), s.team]);
  return [...byVp.keys()]
    .sort((x, y) => y - x)
    .flatMap((vp) => {
      const group = byVp.get(vp)!;
      return group.length === 1 ? [{ teams: group, because: [] }] : breakTie(group, ctx);
    });
}
