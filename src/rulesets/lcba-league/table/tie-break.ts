import type {
  Ballot,
  Because,
  Fixture,
  ScoredFixture,
  TeamId,
} from '../../../contexts/league/model';
import { fmt, sideOf } from './season';
import {
  BALLOT,
  breakTieByChain,
  placeByChain,
  type TiePlacement,
  type TieStep,
  type TieWording,
} from '../../../scoring/tie-chain';

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

/** LCBA-3.1.1 and 3.1.2 told: the step's letter and name, its values, the ballot (e). */
const LCBA_3_1: TieWording = {
  separated: (step, group, placed, shown) => ({
    rule: group.length > 2 ? 'LCBA-3.1.2' : 'LCBA-3.1.1',
    text: `level on VPs with ${group.filter((t) => t !== placed).join(', ')}: placed by (${step.id}) ${NAMES[step.id as Step]}: ${shown}`,
  }),
  ballotDue: (group) => ({
    rule: 'LCBA-3.1.1(e)',
    text: `${group.join(', ')} level after every test: ranked equal, a ballot is due (LCBA-3.1.1 e)`,
  }),
  byBallot: (_team, i, group, ballot) => ({
    rule: 'LCBA-3.1.1(e)',
    text: `placed ${i + 1} of ${group.length} among ${group.join(', ')} by the recorded ballot (${ballot.order.join(', ')})`,
  }),
  rankedEqual: (group) => ({
    rule: 'LCBA-3.1.1',
    text: `${group.join(', ')} level after every test: ranked equal`,
  }),
  show: (v) => fmt(v),
};

/** The rulebook's steps as the chain takes them: (a)–(d) by their values, (e) the ballot. */
const chainOf = (ctx: TieContext): Array<TieStep | typeof BALLOT> =>
  (ctx.steps as Step[]).map((s) =>
    s === 'e'
      ? BALLOT
      : { id: s, values: (group: readonly string[]) => values(s, [...group], ctx) },
  );

/** The chain's placement as the table reads it: the ballot is step (e). */
const asPlacement = (p: TiePlacement): Placement => ({
  teams: p.teams,
  ...(p.decidedBy
    ? {
        tieBreak: {
          step: p.decidedBy.step === BALLOT ? 'e' : (p.decidedBy.step as Step),
          among: p.decidedBy.among,
        },
      }
    : {}),
  because: [...p.because],
});

/**
 * LCBA-3.1.1 and 3.1.2 among teams level on VPs: the steps in order as a mini-league of all of
 * them; at the first step that separates any, each team it separates leaves the tie placed by
 * it and those still level restart at (a) among themselves (3.1.2 reading). Step (e) takes the
 * recorded ballot; with none, the teams stay equal and a ballot is due (never random).
 */
export function breakTie(group: TeamId[], ctx: TieContext): Placement[] {
  return breakTieByChain(group, chainOf(ctx), ctx.ballots, LCBA_3_1).map(asPlacement);
}

/** Every team placed: by VPs, then the tie-breaks among those level. */
export function placeTeams(ctx: TieContext): Placement[] {
  const totals = new Map([...ctx.standings.values()].map((s) => [s.team, s.vp]));
  return placeByChain(totals, chainOf(ctx), ctx.ballots, LCBA_3_1).map(asPlacement);
}
