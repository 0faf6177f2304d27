import type { LcbaParams } from '../preset';
import type {
  EligibilityInput,
  EligibilityTeam,
  EligibilityVerdicts,
  LostByDefault,
  PlayerId,
  TeamId,
} from '../../../contexts/league/model';
import type { Appearance } from './appearances';
import { addDays, byAsOf } from './days';
import { lowestTeamOf, ranksAbove, teamsById } from './ranking';

type Barred = EligibilityVerdicts['barred'][number];

/**
 * LCBA-4.3: a player's clubs are those of the teams they played for; an appearance for a
 * further club needs an approval (from a day on or before the match) naming every club played
 * for so far and this one. Without it the player is barred from that team from that match.
 */
function twoClubs(input: EligibilityInput, list: readonly Appearance[]): Barred[] {
  const out: Barred[] = [];
  const clubs: string[] = [];
  const barredTeams = new Set<TeamId>();
  for (const a of list) {
    if (clubs.includes(a.club) || barredTeams.has(a.team)) continue;
    if (clubs.length) {
      const needed = [...clubs, a.club];
      const approved = input.approvals.some(
        (x) => x.player === a.player && x.on <= a.on && needed.every((c) => x.clubs.includes(c)),
      );
      if (!approved) {
        barredTeams.add(a.team);
        out.push({
          player: a.player,
          team: a.team,
          from: a.on,
          because: {
            rule: 'LCBA-4.3',
            text: `${a.player} played for ${clubs.join(', ')} and then for ${a.club} without the LMSC's approval`,
          },
        });
        continue;
      }
    }
    clubs.push(a.club);
  }
  return out;
}

/**
 * LCBA-4.4/4.5: a club's nominees for a team (not its lowest) may not play for a lower-ranking
 * team: barred from each lower team of the club (and any other lower team they played for)
 * while the nomination stands. None received before the team's opening match: its players are
 * deemed nominated from the day after it, until a nomination is received.
 */
function nominated(
  input: EligibilityInput,
  appearances: ReadonlyMap<PlayerId, readonly Appearance[]>,
): Barred[] {
  const out: Barred[] = [];
  const byClub = new Map<string, EligibilityTeam[]>();
  for (const t of input.teams) byClub.set(t.club, [...(byClub.get(t.club) ?? []), t]);
  const playedFor = new Map<PlayerId, Set<TeamId>>();
  for (const [player, list] of appearances) playedFor.set(player, new Set(list.map((a) => a.team)));
  const teams = teamsById(input.teams);
  const fixtures = new Map(input.fixtures.map((f) => [f.id, f]));

  for (const clubTeams of byClub.values()) {
    if (clubTeams.length < 2) continue;
    const lowest = lowestTeamOf(clubTeams);
    for (const team of clubTeams) {
      if (team === lowest) continue;
      const periods: { players: PlayerId[]; from: string; deemed: boolean }[] = input.nominations
        .filter((n) => n.team === team.team && byAsOf(n.on, input.asOf))
        .sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0))
        .map((n) => ({ players: n.players, from: n.on, deemed: false }));
      const opening = input.lineUps
        .filter((l) => {
          const f = fixtures.get(l.fixture);
          return (
            f && (f.home === team.team || f.away === team.team) && byAsOf(l.playedOn, input.asOf)
          );
        })
        .sort((a, b) =>
          a.playedOn < b.playedOn
            ? -1
            : a.playedOn > b.playedOn
              ? 1
              : a.fixture < b.fixture
                ? -1
                : 1,
        )[0];
      if (opening && !(periods.length && periods[0].from <= opening.playedOn)) {
        const side = fixtures.get(opening.fixture)!.home === team.team ? 'home' : 'away';
        periods.unshift({
          players: opening[side],
          from: addDays(opening.playedOn, 1),
          deemed: true,
        });
      }
      periods.forEach((period, i) => {
        const until = periods[i + 1]?.from;
        for (const player of period.players) {
          const lower = new Set(clubTeams.filter((t) => ranksAbove(team, t)).map((t) => t.team));
          for (const t of playedFor.get(player) ?? []) {
            const other = teams.get(t);
            if (other && ranksAbove(team, other)) lower.add(t);
          }
          for (const t of [...lower].sort()) {
            out.push({
              player,
              team: t,
              from: period.from,
              ...(until ? { until } : {}),
              because: {
                rule: 'LCBA-4.4',
                text: period.deemed
                  ? `deemed nominated for ${team.team}: played its opening match on ${addDays(period.from, -1)} with no nominations received (LCBA-4.5); ${t} ranks lower`
                  : `nominated for ${team.team} on ${period.from}; ${t} ranks lower`,
              },
            });
          }
        }
      });
    }
  }
  return out;
}

/**
 * LCBA-4.6: a player who plays a `barredAtMatch`-th match in total for teams ranking above a
 * team is barred from it (and so from each lower one) from the day after that match. Judged
 * for the teams of the clubs the player played for.
 */
function seventhMatch(
  input: EligibilityInput,
  list: readonly Appearance[],
  p: LcbaParams['players'],
): Barred[] {
  const out: Barred[] = [];
  const clubs = new Set(list.map((a) => a.club));
  const teams = teamsById(input.teams);
  for (const t of input.teams) {
    if (!clubs.has(t.club)) continue;
    let n = 0;
    for (const a of list) {
      if (!ranksAbove(teams.get(a.team)!, t)) continue;
      n += 1;
      if (n === p.barredAtMatch) {
        out.push({
          player: a.player,
          team: t.team,
          from: addDays(a.on, 1),
          because: {
            rule: 'LCBA-4.6',
            text: `match ${n} for higher-ranking teams (${a.fixture} for ${a.team} on ${a.on})`,
          },
        });
        break;
      }
    }
  }
  return out;
}

/** Barred from this team on this day. */
const barredOn = (b: Barred, team: TeamId, day: string) =>
  b.team === team && b.from <= day && (b.until === undefined || day < b.until);

/**
 * LCBA-4.3–4.6 and 4.7: who is barred from which team, and each match a barred player played
 * for that team, lost by default by its side from the day of the match (no separate decision).
 */
export function barredVerdicts(
  input: EligibilityInput,
  appearances: ReadonlyMap<PlayerId, readonly Appearance[]>,
  p: LcbaParams['players'],
): { barred: Barred[]; lost: LostByDefault[] } {
  const barred: Barred[] = nominated(input, appearances);
  for (const list of appearances.values()) {
    barred.push(...twoClubs(input, list), ...seventhMatch(input, list, p));
  }
  const byPlayer = new Map<PlayerId, Barred[]>();
  for (const b of barred) byPlayer.set(b.player, [...(byPlayer.get(b.player) ?? []), b]);
  const lost: LostByDefault[] = [];
  const seen = new Set<string>();
  for (const list of appearances.values()) {
    for (const a of list) {
      const b = byPlayer.get(a.player)?.find((x) => barredOn(x, a.team, a.on));
      const key = `${a.fixture} ${a.side}`;
      if (!b || seen.has(key)) continue;
      seen.add(key);
      lost.push({
        fixture: a.fixture,
        offender: a.side,
        rule: 'LCBA-4.7',
        player: a.player,
        on: a.on,
        because: {
          rule: 'LCBA-4.7',
          text: `${a.player} played for ${a.team} while barred (${b.because.rule}: ${b.because.text})`,
        },
      });
    }
  }
  return { barred, lost };
}
