import { weight as maximumWeightMatching } from '@graph-algorithm/maximum-matching';
import { ScoringInputError } from './errors';

/**
 * DSB-15 (reading): a Swiss teams event's next round, paired from the standings after the
 * previous one. Round 1 is drawn and recorded; every later round is proposed here and the
 * director records the pairing that counts.
 */
export interface SwissStanding {
  /** The team, in the order of the standings after the previous round: the leader first. */
  readonly team: string;
  /** Whether the team has had a bye already (it gets another only when every team has). */
  readonly hadBye: boolean;
}

export interface SwissOptions {
  /**
   * 'never' (default): no team meets a team it has met while a pairing without repeats
   * exists; 'allowed' (the Danish variant): teams may meet again, the standings alone decide.
   */
  readonly repeats?: 'never' | 'allowed';
}

export interface SwissTable {
  /** The better placed of the two (the table's first team). */
  readonly home: string;
  readonly away: string;
  /** They have met before (possible only when no pairing without repeats exists, or allowed). */
  readonly repeat: boolean;
}

export interface SwissPairing {
  /** Tables in the order of their better placed team. */
  readonly tables: SwissTable[];
  /** The team sitting out (an odd number of teams), scored as the rulebook sets a bye. */
  readonly bye?: string;
  /** How many tables are repeats; 0 unless no pairing without them exists (or allowed). */
  readonly repeats: number;
  /** Why the pairing is as it is, in words a director reads beside it. */
  readonly because: string[];
}

const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The next round's pairing: a bye to the lowest placed team without one when the number is
 * odd, and the rest paired by a maximum-weight matching over every pair of teams, weighed so
 * that, in order: (1) every team plays; (2) as few tables as possible are repeats (none when a
 * pairing without exists, which a greedy top-down pairing can miss); (3) teams play teams placed
 * near them, the sum over tables of the squared distance in places being least (1 v 2, 3 v 4 …
 * when allowed). Deterministic: the same standings and meetings give the same pairing.
 * `met` lists the pairs of teams that have played each other.
 */
export function swissPairing(
  standings: readonly SwissStanding[],
  met: ReadonlyArray<readonly [string, string]>,
  options: SwissOptions = {},
): SwissPairing {
  checkStandings(standings, met);
  const allowRepeats = options.repeats === 'allowed';
  const meetings = new Set(met.map(([a, b]) => key(a, b)));
  const because: string[] = [];
  let bye: string | undefined;
  let playing = [...standings];
  if (standings.length % 2 === 1) {
    const choice = byeOf(standings, meetings, allowRepeats);
    bye = choice.team;
    because.push(choice.because);
    playing = standings.filter((s) => s.team !== bye);
  }
  const { tables, repeats } = paired(
    playing.map((s) => s.team),
    meetings,
    allowRepeats,
  );
  if (repeats > 0 && !allowRepeats) {
    because.push(
      `no pairing without a repeat exists: ${repeats} table(s) repeat a match, the fewest possible`,
    );
  }
  because.push(
    'teams play teams placed near them: the least sum of squared distances in places, the leaders first',
  );
  return { tables, ...(bye !== undefined ? { bye } : {}), repeats, because };
}

/**
 * The bye: to the lowest placed team that has not had one (all have: the lowest), and among
 * those, in a round without repeats, the lowest whose absence leaves the others a pairing
 * without repeats when such a team exists.
 */
function byeOf(
  standings: readonly SwissStanding[],
  meetings: ReadonlySet<string>,
  allowRepeats: boolean,
): { team: string; because: string } {
  const bottomUp = [...standings].reverse();
  const without = bottomUp.filter((s) => !s.hadBye);
  const candidates = without.length ? without : bottomUp;
  const why = without.length
    ? 'the lowest placed team that has not had a bye'
    : 'every team has had a bye: the lowest placed team';
  if (!allowRepeats) {
    for (const c of candidates) {
      const rest = standings.filter((s) => s !== c).map((s) => s.team);
      if (paired(rest, meetings, false).repeats === 0) {
        return {
          team: c.team,
          because: `bye to ${c.team}: ${why}${c === candidates[0] ? '' : ' whose bye leaves a pairing without repeats'}`,
        };
      }
    }
  }
  return { team: candidates[0]!.team, because: `bye to ${candidates[0]!.team}: ${why}` };
}

function paired(
  teams: readonly string[],
  meetings: ReadonlySet<string>,
  allowRepeats: boolean,
): { tables: SwissTable[]; repeats: number } {
  const n = teams.length;
  // Integer weights, each criterion outweighing the sum of every later one over a round:
  // a table's distance term is below n², a round's sum below n³/2 < a repeat's weight.
  const distanceScale = n * n;
  const noRepeat = allowRepeats ? 0 : (n * distanceScale) / 2 + 1;
  const edges: Array<[number, number, number]> = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const repeat = meetings.has(key(teams[i]!, teams[j]!));
      const d = j - i;
      edges.push([i, j, (repeat ? 0 : noRepeat) + distanceScale - d * d]);
    }
  }
  const mate = maximumWeightMatching(edges, true);
  const tables: SwissTable[] = [];
  let repeats = 0;
  for (let i = 0; i < n; i++) {
    const j = mate[i]!;
    if (j < i) continue;
    const repeat = meetings.has(key(teams[i]!, teams[j]!));
    if (repeat) repeats += 1;
    tables.push({ home: teams[i]!, away: teams[j]!, repeat });
  }
  return { tables, repeats };
}

function checkStandings(
  standings: readonly SwissStanding[],
  met: ReadonlyArray<readonly [string, string]>,
): void {
  const seen = new Set<string>();
  standings.forEach((s, i) => {
    if (typeof s.team !== 'string' || s.team === '') {
      throw new ScoringInputError(`standings[${i}].team`, 'DSB-15', 'must be a team id');
    }
    if (seen.has(s.team)) {
      throw new ScoringInputError(`standings[${i}].team`, 'DSB-15', `${s.team} is listed twice`);
    }
    seen.add(s.team);
  });
  if (standings.length < 2) {
    throw new ScoringInputError('standings', 'DSB-15', 'a round needs at least two teams');
  }
  met.forEach(([a, b], i) => {
    if (a === b) throw new ScoringInputError(`met[${i}]`, 'DSB-15', `${a} cannot meet itself`);
  });
}
