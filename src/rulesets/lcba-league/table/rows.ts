import { ScoringInputError } from '../../../scoring';
import type {
  Because,
  FixtureId,
  ScoredFixture,
  TableRow,
  TeamId,
} from '../../../contexts/league/model';
import type { TeamPenalties } from './penalties';
import { fmt, sideOf, type Season } from './season';
import { placeTeams, type Standing, type TieContext } from './tie-break';

/** Each team's season from its scores that count: played (scores), won, drawn, lost, VPs, IMPs. */
export function standingsOf(
  season: Season,
  scored: ReadonlyMap<FixtureId, ScoredFixture>,
  penalties: ReadonlyMap<TeamId, TeamPenalties>,
): Map<TeamId, Standing & { played: number; lost: number; matchVp: number }> {
  const out = new Map(
    season.input.teams.map((t) => [
      t.team,
      { team: t.team, vp: 0, matchVp: 0, netImps: 0, played: 0, won: 0, drawn: 0, lost: 0 },
    ]),
  );
  for (const sf of scored.values()) {
    if (sf.cancelled) continue;
    const f = season.fixtures.get(sf.fixture)!;
    for (const team of [f.home, f.away]) {
      const s = out.get(team)!;
      const own = sf[sideOf(f, team)];
      const opp = sf[sideOf(f, team) === 'home' ? 'away' : 'home'];
      s.played++;
      s.matchVp += own.vp;
      s.netImps += own.imps;
      // 3.1.1(c) reading: more VPs than the opponent wins; equal VPs draw, whatever the IMPs.
      if (own.vp > opp.vp) s.won++;
      else if (own.vp === opp.vp) s.drawn++;
      else s.lost++;
    }
  }
  // Whole and half VPs only in this league; held to hundredths so that equal totals compare equal.
  for (const s of out.values()) {
    s.vp = Math.round((s.matchVp - penalties.get(s.team)!.total) * 100) / 100;
  }
  return out;
}

/** LCBA-3.1.1(e): a ballot may only order teams level on VPs (those drawn by `asOf`). */
export function usableBallots(season: Season, standings: ReadonlyMap<TeamId, Standing>) {
  const { asOf } = season.input;
  return season.input.ballots.filter((b, i) => {
    if (asOf !== undefined && b.on !== undefined && b.on > asOf) return false;
    const vps = new Set(b.teams.map((t) => standings.get(t)!.vp));
    if (vps.size > 1) {
      throw new ScoringInputError(
        `ballots[${i}].teams`,
        'LCBA-3.1.1',
        `are not level on VPs (${b.teams.map((t) => `${t} ${fmt(standings.get(t)!.vp)}`).join(', ')}): no ballot between them`,
      );
    }
    return true;
  });
}

/** The rows: ranked by VPs and the tie-breaks, with promotion and relegation. */
export function rowsOf(
  season: Season,
  scored: ReadonlyMap<FixtureId, ScoredFixture>,
  penalties: ReadonlyMap<TeamId, TeamPenalties>,
  cancelled: ReadonlyMap<TeamId, string>,
): TableRow[] {
  const standings = standingsOf(season, scored, penalties);
  const ctx: TieContext = {
    standings,
    matches: [...scored.values()]
      .filter((sf) => !sf.cancelled)
      .map((sf) => ({ f: season.fixtures.get(sf.fixture)!, sf })),
    ballots: usableBallots(season, standings),
    steps: season.params.tieBreak.steps,
    drawCounts: season.params.tieBreak.drawCounts,
  };
  const placements = placeTeams(ctx);
  const n = season.input.teams.length;
  const { promote, relegate } = season.params.promotion;
  const { division, lowestDivision } = season.input;
  const rows: TableRow[] = [];
  let position = 0;
  for (const p of placements) {
    const first = position + 1;
    const last = position + p.teams.length;
    position = last;
    for (const team of p.teams) {
      const s = standings.get(team)!;
      const pen = penalties.get(team)!;
      const because: Because[] = [];
      if (cancelled.has(team)) because.push({ rule: 'LCBA-8.4', text: cancelled.get(team)! });
      because.push({
        rule: 'LCBA-3.1',
        text:
          `${fmt(s.vp)} VP: ${fmt(s.matchVp)} from ${s.played} scores` +
          (pen.total > 0 ? ` − ${fmt(pen.total)} in penalties` : '') +
          `; net IMPs ${fmt(s.netImps, true)} (virtual matches included: A5 reading)`,
      });
      because.push(...pen.because, ...p.because);
      const row: TableRow = {
        rank: first,
        team,
        played: s.played,
        won: s.won,
        drawn: s.drawn,
        lost: s.lost,
        vp: s.vp,
        netImps: s.netImps,
        penalties: pen.total,
        because,
      };
      if (p.tieBreak) row.tieBreak = p.tieBreak;
      const move = moveOf(first, last, n, promote, relegate, division, lowestDivision === true);
      if (move.move) row.move = move.move;
      if (move.because) because.push(move.because);
      rows.push(row);
    }
  }
  return rows;
}

/** Promotion and relegation by place; teams ranked equal across the line wait for the ballot. */
function moveOf(
  first: number,
  last: number,
  n: number,
  promote: number,
  relegate: number,
  division: number,
  lowest: boolean,
): { move?: 'up' | 'down'; because?: Because } {
  const rule = 'LCBA-2.2';
  if (division !== 1 && first <= promote) {
    if (last <= promote)
      return { move: 'up', because: { rule, text: `in the top ${promote}: promoted` } };
    return {
      because: { rule: 'LCBA-3.1.1(e)', text: `promotion waits for the ballot that is due` },
    };
  }
  const line = n - relegate;
  if (!lowest && last > line && relegate > 0) {
    if (first > line)
      return { move: 'down', because: { rule, text: `in the bottom ${relegate}: relegated` } };
    return {
      because: { rule: 'LCBA-3.1.1(e)', text: `relegation waits for the ballot that is due` },
    };
  }
  return {};
}
