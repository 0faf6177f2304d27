// DSB-15, DSB-16: the teams competition's standing (viertallen), pure: each match's IMP margin
// turned into WP on the WBF 2013 continuous scale for its length, summed per team; a standing
// per group, or one ranking for a Swiss event.
import { competitionRanks } from '../../../scoring/ranking';
import { wbf2013Scale } from '../../../scoring/vp';
import type { DsbParams } from '../preset';
import { DsbInputError, requireOneOf } from '../standings/errors';

export interface ViertallenTeam {
  teamId: string;
  /** The team's group (groups format); absent in a Swiss event. */
  group?: string;
}

export interface ViertallenMatch {
  round: number;
  home: string;
  away: string;
  boards: number;
  homeImps: number;
  awayImps: number;
}

export interface ViertallenRow {
  teamId: string;
  place: number;
  /** WP (VP) to 2 decimals. */
  wp: number;
  impsFor: number;
  impsAgainst: number;
  played: number;
  byes: number;
}

export interface ViertallenGroup {
  /** The group, or undefined for a Swiss event's one ranking. */
  group?: string;
  rows: ViertallenRow[];
}

/** What the standing reads of the `teams` group, checked (DSB-15, DSB-16). */
export function checkViertallenParams(params: DsbParams): void {
  const t = params.teams;
  if (!Number.isSafeInteger(t.sessions) || t.sessions < 1) {
    throw new DsbInputError(
      'teams.sessions',
      'DSB-15',
      `must be a whole number ≥ 1, got ${t.sessions}`,
    );
  }
  requireOneOf(t.format, ['groups', 'swiss'], 'teams.format', 'DSB-15');
  requireOneOf(t.repeats, ['never', 'allowed'], 'teams.repeats', 'DSB-15');
  if (!(typeof t.byeVp === 'number' && t.byeVp >= 0 && t.byeVp <= 20)) {
    throw new DsbInputError('teams.byeVp', 'DSB-16', `must be 0–20 WP, got ${t.byeVp}`);
  }
}

const hundredths = (v: number) => Math.round(v * 100);

/**
 * DSB-16: each team's WP over its matches (and byes), ranked within its group (groups) or over
 * the event (Swiss); teams level share a place ("1224": the rulebook sets no tie-break).
 */
export function viertallenStandings(
  teams: readonly ViertallenTeam[],
  matches: readonly ViertallenMatch[],
  byes: ReadonlyArray<{ round: number; teamId: string }>,
  params: DsbParams,
): ViertallenGroup[] {
  checkViertallenParams(params);
  const swiss = params.teams.format === 'swiss';
  const groupOf = new Map<string, string | undefined>();
  teams.forEach((t, i) => {
    if (typeof t.teamId !== 'string' || t.teamId === '' || groupOf.has(t.teamId)) {
      throw new DsbInputError(
        `teams[${i}].teamId`,
        'DSB-15',
        `must be a team listed once, got ${String(t.teamId)}`,
      );
    }
    if (!swiss && !t.group) {
      throw new DsbInputError(
        `teams[${i}].group`,
        'DSB-15',
        'a team of a competition in groups needs its group',
      );
    }
    groupOf.set(t.teamId, swiss ? undefined : t.group);
  });
  const hundredthsOf = new Map(
    teams.map((t) => [t.teamId, { wp: 0, for: 0, against: 0, played: 0, byes: 0 }]),
  );
  matches.forEach((m, i) => {
    const field = `matches[${i}]`;
    for (const side of ['home', 'away'] as const) {
      if (!groupOf.has(m[side]))
        throw new DsbInputError(`${field}.${side}`, 'DSB-15', `${m[side]} is not entered`);
    }
    if (m.home === m.away)
      throw new DsbInputError(`${field}.away`, 'DSB-15', `${m.away} cannot play itself`);
    if (groupOf.get(m.home) !== groupOf.get(m.away)) {
      throw new DsbInputError(
        `${field}.away`,
        'DSB-15',
        `${m.away} (group ${groupOf.get(m.away)}) is not in ${m.home}'s group ${groupOf.get(m.home)}: a group plays a round robin of its own`,
      );
    }
    if (!Number.isInteger(m.round) || m.round < 1 || m.round > params.teams.sessions) {
      throw new DsbInputError(
        `${field}.round`,
        'DSB-15',
        `must be a session 1–${params.teams.sessions}, got ${m.round}`,
      );
    }
    for (const side of ['homeImps', 'awayImps'] as const) {
      if (!Number.isSafeInteger(m[side]) || m[side] < 0) {
        throw new DsbInputError(
          `${field}.${side}`,
          'DSB-16',
          `must be a whole number of IMPs ≥ 0, got ${m[side]}`,
        );
      }
    }
    const vp = wbf2013Scale(m.boards).vp(m.homeImps - m.awayImps);
    const home = hundredthsOf.get(m.home)!;
    const away = hundredthsOf.get(m.away)!;
    home.wp += hundredths(vp.own);
    away.wp += hundredths(vp.opponents);
    home.for += m.homeImps;
    home.against += m.awayImps;
    away.for += m.awayImps;
    away.against += m.homeImps;
    home.played += 1;
    away.played += 1;
  });
  byes.forEach((b, i) => {
    const t = hundredthsOf.get(b.teamId);
    if (!t) throw new DsbInputError(`byes[${i}].teamId`, 'DSB-15', `${b.teamId} is not entered`);
    t.wp += hundredths(params.teams.byeVp);
    t.byes += 1;
  });
  const groups = [...new Set(teams.map((t) => groupOf.get(t.teamId)))].sort();
  return groups.map((group) => {
    const members = teams.filter((t) => groupOf.get(t.teamId) === group);
    const places = competitionRanks(members.map((t) => hundredthsOf.get(t.teamId)!.wp));
    const rows = members
      .map((t, i): ViertallenRow => {
        const h = hundredthsOf.get(t.teamId)!;
        return {
          teamId: t.teamId,
          place: places[i]!,
          wp: h.wp / 100,
          impsFor: h.for,
          impsAgainst: h.against,
          played: h.played,
          byes: h.byes,
        };
      })
      .sort((a, b) => a.place - b.place || (a.teamId < b.teamId ? -1 : 1));
    return { ...(group !== undefined ? { group } : {}), rows };
  });
}
