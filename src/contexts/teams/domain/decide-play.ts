import type { DecidedFact } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { TeamsMatchRecordedData } from '../facts/matches';
import type { PairedRound } from '../model';
import { enteredTeam, type TeamsJudgement } from './judgement';
import { lastPairedRound, meetingsBefore, sessionOf } from './state';
import { proposeSwissRound } from './swiss';

type Data = Record<string, unknown>;

const met = (a: string, b: string, meetings: ReadonlyArray<readonly [string, string]>) =>
  meetings.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** A Swiss round paired, a match recorded or defaulted: judged against the event's play. */
export function decidePlay(fact: DecidedFact, j: TeamsJudgement): void {
  if (fact.type === 'SwissRoundPaired') decidePairing(fact.data as unknown as PairedRound, j);
  else if (fact.type === 'TeamsMatchRecorded')
    decideMatch(fact.data as unknown as TeamsMatchRecordedData, j);
  else if (fact.type === 'TeamsMatchDefaulted') {
    const d = fact.data as Data;
    decideMeeting(
      j,
      d,
      d.defaulting as string,
      d.defaultedTo as string,
      'defaulting',
      'defaultedTo',
    );
  }
}

/** DSB-15: a Swiss round's pairing, every team once, repeats only where none can be avoided. */
function decidePairing(r: PairedRound, j: TeamsJudgement): void {
  const rule = j.play.rule;
  if (j.play.format !== 'swiss')
    throw new RuleViolation(
      rule,
      `the event is played ${j.play.format}, not Swiss: no round is paired`,
      'data.round',
    );
  const last = lastPairedRound(j.event);
  const playedInLast = j.event.matches.some((m) => m.round === last);
  if (r.round !== last + 1 && !(r.round === last && !playedInLast)) {
    throw new RuleViolation(
      rule,
      `round ${r.round} cannot be paired now: the next round is ${last + 1}${last && !playedInLast ? ` (or round ${last} again, none of its matches being recorded)` : ''}`,
      'data.round',
    );
  }
  const seen = new Map<string, string>();
  const see = (team: string, field: string) => {
    enteredTeam(j, team, field);
    if (seen.has(team))
      throw new RuleViolation(rule, `${team} is paired twice (also at ${seen.get(team)})`, field);
    seen.set(team, field);
  };
  r.tables.forEach((t, i) => {
    see(t.home, `data.tables[${i}].home`);
    see(t.away, `data.tables[${i}].away`);
  });
  if (r.bye !== undefined) see(r.bye, 'data.bye');
  const missing = j.event.teams.filter((t) => !seen.has(t.teamId)).map((t) => t.teamId);
  if (missing.length)
    throw new RuleViolation(
      rule,
      `every team plays or has the bye: ${missing.join(', ')} not paired`,
      'data.tables',
    );
  if (r.bye === undefined && j.event.teams.length % 2 === 1)
    throw new RuleViolation(rule, `${j.event.teams.length} teams: one has the bye`, 'data.bye');
  if (r.round === 1) return;
  const previous = j.event.rounds[String(r.round - 1)];
  const unplayed = (previous?.tables ?? []).find(
    (t) =>
      !j.event.matches.some(
        (m) => m.round === r.round - 1 && sameTable(m.home.teamId, m.away.teamId, t),
      ) &&
      !j.event.defaults.some(
        (m) => m.round === r.round - 1 && sameTable(m.defaulting, m.defaultedTo, t),
      ),
  );
  if (unplayed) {
    throw new RuleViolation(
      rule,
      `round ${r.round} is paired from the standings after round ${r.round - 1}, whose match ${unplayed.home} v ${unplayed.away} is not recorded yet`,
      'data.round',
    );
  }
  const byes = Object.values(j.event.rounds)
    .filter((p) => p.round < r.round)
    .map((p) => p.bye);
  if (
    r.bye !== undefined &&
    byes.includes(r.bye) &&
    j.event.teams.some((t) => t.teamId !== r.bye && !byes.includes(t.teamId))
  ) {
    throw new RuleViolation(
      rule,
      `${r.bye} has had a bye: another goes to a team that has not had one`,
      'data.bye',
    );
  }
  if (j.play.repeats === 'allowed') return;
  const meetings = meetingsBefore(j.event, r.round);
  const repeats = r.tables
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => met(t.home, t.away, meetings));
  if (repeats.length === 0) return;
  const fewest = proposeSwissRound(j.event, r.round, j.rules, j.params, j.play).repeats;
  if (repeats.length > fewest) {
    const { t, i } = repeats[0]!;
    throw new RuleViolation(
      rule,
      `${t.home} and ${t.away} have met: no team meets a team it has met while a pairing without ${fewest ? `more than ${fewest} repeat(s)` : 'repeats'} exists (GET the proposal for round ${r.round})`,
      `data.tables[${i}]`,
    );
  }
}

const sameTable = (a: string, b: string, t: { home: string; away: string }) =>
  (t.home === a && t.away === b) || (t.home === b && t.away === a);

/** Two teams of the event meeting in a round: once each per round, as the play allows. */
function decideMeeting(
  j: TeamsJudgement,
  d: Data,
  a: string,
  b: string,
  fa: string,
  fb: string,
): void {
  const rule = j.play.rule;
  const matchId = d.matchId as string;
  if (
    j.event.matches.some((m) => m.matchId === matchId) ||
    j.event.defaults.some((m) => m.matchId === matchId)
  ) {
    throw new RuleViolation(
      'LEDGER',
      `match ${matchId} is recorded already: a correction changes it`,
      'data.matchId',
    );
  }
  const ta = enteredTeam(j, a, `data.${fa}`);
  const tb = enteredTeam(j, b, `data.${fb}`);
  if (a === b) throw new RuleViolation(rule, `${a} cannot play itself`, `data.${fb}`);
  const round = d.round as number;
  const session = sessionOf(d as { round: number; session?: number });
  if (session > j.event.created!.sessions) {
    throw new RuleViolation(
      rule,
      `the event has ${j.event.created!.sessions} sessions, not ${session}`,
      d.session === undefined ? 'data.round' : 'data.session',
    );
  }
  for (const [team, field] of [
    [a, fa],
    [b, fb],
  ] as const) {
    const busy =
      j.event.matches.find(
        (m) => m.round === round && (m.home.teamId === team || m.away.teamId === team),
      ) ??
      j.event.defaults.find(
        (m) => m.round === round && (m.defaulting === team || m.defaultedTo === team),
      );
    if (busy)
      throw new RuleViolation(
        rule,
        `${team} has a match in round ${round} already (${busy.matchId})`,
        `data.${field}`,
      );
  }
  if (j.play.format === 'swiss') {
    const paired = j.event.rounds[String(round)];
    if (!paired)
      throw new RuleViolation(
        rule,
        `round ${round} is not paired yet: the recorded pairing says who plays`,
        'data.round',
      );
    if (!paired.tables.some((t) => sameTable(a, b, t))) {
      throw new RuleViolation(
        rule,
        `${a} and ${b} are not paired in round ${round}: the recorded pairing is what counts`,
        `data.${fb}`,
      );
    }
    return;
  }
  if (j.play.format === 'groups' && ta.group !== tb.group) {
    throw new RuleViolation(
      rule,
      `${b} (group ${tb.group}) is not in ${a}'s group ${ta.group}: a group plays a round robin of its own`,
      `data.${fb}`,
    );
  }
  if (j.play.repeats === 'never' && met(a, b, meetingsBefore(j.event, Number.POSITIVE_INFINITY))) {
    throw new RuleViolation(
      rule,
      `${a} and ${b} have met already: a round robin meets each team once`,
      `data.${fb}`,
    );
  }
}

/**
 * STD-IMP: a match given board by board is every board of it once, each won by one side (or
 * drawn), adding up to the sides' IMPs.
 */
function decideBoards(m: TeamsMatchRecordedData): void {
  const boards = m.byBoard!;
  const seen = new Set<number>();
  boards.forEach((b, i) => {
    if (b.board > m.boards || seen.has(b.board)) {
      throw new RuleViolation(
        'STD-IMP',
        `board ${b.board} is not a board of the match (1–${m.boards}) given once`,
        `data.byBoard[${i}].board`,
      );
    }
    seen.add(b.board);
    if (b.homeImps > 0 && b.awayImps > 0) {
      throw new RuleViolation(
        'STD-IMP',
        `board ${b.board} is won by one side: ${b.homeImps} and ${b.awayImps} IMPs`,
        `data.byBoard[${i}].awayImps`,
      );
    }
  });
  if (boards.length !== m.boards) {
    throw new RuleViolation(
      'STD-IMP',
      `the match has ${m.boards} boards, ${boards.length} given board by board`,
      'data.byBoard',
    );
  }
  for (const side of ['home', 'away'] as const) {
    const sum = boards.reduce((a, b) => a + (side === 'home' ? b.homeImps : b.awayImps), 0);
    if (sum !== m[side].imps) {
      throw new RuleViolation(
        'STD-IMP',
        `the boards give the ${side} team ${sum} IMPs, the match ${m[side].imps}`,
        `data.${side}.imps`,
      );
    }
  }
}

/** A match played: the meeting, then each side's line-up of its own players and substitutes. */
function decideMatch(m: TeamsMatchRecordedData, j: TeamsJudgement): void {
  decideMeeting(
    j,
    m as unknown as Data,
    m.home.teamId,
    m.away.teamId,
    'home.teamId',
    'away.teamId',
  );
  if (m.byBoard) decideBoards(m);
  const seated = new Map<string, string>();
  for (const side of ['home', 'away'] as const) {
    const s = m[side];
    const team = enteredTeam(j, s.teamId, `data.${side}.teamId`);
    const subs = s.substitutes ?? [];
    if (s.players === undefined) {
      if (subs.length)
        throw new RuleViolation(
          j.play.rule,
          'substitutes are seated: give the line-up (players)',
          `data.${side}.players`,
        );
      continue;
    }
    if (s.players.length !== j.play.playersPerMatch) {
      throw new RuleViolation(
        j.play.rule,
        `a team seats ${j.play.playersPerMatch} players in a match, ${s.players.length} given${s.players.length > j.play.playersPerMatch ? `: ${s.players[j.play.playersPerMatch]} is one too many` : ''}`,
        `data.${side}.players${s.players.length > j.play.playersPerMatch ? `[${j.play.playersPerMatch}]` : ''}`,
      );
    }
    s.players.forEach((p, i) => {
      if (seated.has(p))
        throw new RuleViolation(
          j.play.rule,
          `${p} is seated for ${seated.get(p)} already`,
          `data.${side}.players[${i}]`,
        );
      seated.set(p, s.teamId);
      if (!team.players.includes(p) && !subs.some((x) => x.player === p)) {
        throw new RuleViolation(
          j.play.rule,
          `${p} is not a player of ${s.teamId}: a substitute is listed in substitutes`,
          `data.${side}.players[${i}]`,
        );
      }
    });
    subs.forEach((x, i) => {
      const field = `data.${side}.substitutes[${i}]`;
      if (team.players.includes(x.player))
        throw new RuleViolation(
          j.play.rule,
          `${x.player} is a player of ${s.teamId}, not a substitute`,
          `${field}.player`,
        );
      if (!s.players!.includes(x.player))
        throw new RuleViolation(
          j.play.rule,
          `${x.player} is not seated in the line-up`,
          `${field}.player`,
        );
      if (!s.players!.includes(x.partner) || x.partner === x.player) {
        throw new RuleViolation(
          j.play.rule,
          `${x.partner} is not another player seated for ${s.teamId}`,
          `${field}.partner`,
        );
      }
    });
  }
}
