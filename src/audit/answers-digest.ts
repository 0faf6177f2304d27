import { createHash } from 'node:crypto';
import {
  championshipOf,
  cPointsOf,
  standingsOf,
  type CompetitionsState,
} from '../contexts/pairs/projection';
import { teamsStandingOf, type TeamsReadState } from '../contexts/teams/projection';
import {
  constitutionOf,
  meetingMinutesOf,
  meetingsOf,
  officersOf,
  type MeetingsReadState,
} from '../contexts/meetings/projection';
import { rubberSessionOf, type RubberReadState } from '../contexts/rubber/projection';

/** sha256 of every published answer, by kind, and how many of each (`answersDigest`). */
export interface AnswersDigest {
  answers: number;
  standings: number;
  cPoints: number;
  championships: number;
  /** Each teams event's standing (when the teams read model is given). */
  teams: number;
  /**
   * Each club's general meetings (when the meetings read model is given): its meetings list,
   * each meeting's minutes, its officers and constitution on its latest meeting's day.
   */
  meetings: number;
  /** Each rubber-bridge evening's tables after its last fact (when the rubber read model is given). */
  rubber: number;
  hashes: {
    standings: string;
    cPoints: string;
    championships: string;
    teams: string;
    meetings: string;
    rubber: string;
    all: string;
  };
}

/** An answer as JSON, or the refusal's class and message: a refusal is an answer too. */
const outcome = (f: () => unknown): string => {
  try {
    return JSON.stringify(f());
  } catch (e) {
    return `${(e as Error).constructor.name}: ${(e as Error).message}`;
  }
};

/**
 * sha256 of every published answer of a competitions state: each competition's standings and
 * C points, each club's championship for each season it has a competition in, in the state's
 * order, as JSON (or the refusal). Two states give the same digest exactly when every answer is
 * the same: `audit` compares the one its file's facts give with its SQLite copy's, and
 * bench/run-answers-digest.ts one commit's with another's.
 */
export function answersDigest(
  state: CompetitionsState,
  teams?: TeamsReadState,
  meetings?: MeetingsReadState,
  rubber?: RubberReadState,
): AnswersDigest {
  const hashes = {
    standings: sha(),
    cPoints: sha(),
    championships: sha(),
    teams: sha(),
    meetings: sha(),
    rubber: sha(),
    all: sha(),
  };
  const seasons = new Map<string, Set<string>>();
  let standings = 0;
  let cPoints = 0;
  let championships = 0;
  let teamsAnswers = 0;
  let meetingsAnswers = 0;
  let rubberAnswers = 0;
  const add = (
    kind: 'standings' | 'cPoints' | 'championships' | 'teams' | 'meetings' | 'rubber',
    text: string,
  ) => {
    hashes[kind].update(text + '\n');
    hashes.all.update(text + '\n');
  };
  for (const [id, c] of Object.entries(state.competitions)) {
    add(
      'standings',
      outcome(() => standingsOf(state, id)),
    );
    standings++;
    add(
      'cPoints',
      outcome(() => cPointsOf(state, id)),
    );
    cPoints++;
    const created = c.competition;
    if (created) {
      let set = seasons.get(created.clubId);
      if (!set) seasons.set(created.clubId, (set = new Set()));
      set.add(created.season);
    }
  }
  for (const [clubId, set] of seasons) {
    for (const season of set) {
      add(
        'championships',
        outcome(() => championshipOf(state, clubId, season)),
      );
      championships++;
    }
  }
  // Each teams event's standing, in id order, after every pairs answer.
  for (const id of Object.keys(teams?.events ?? {}).sort()) {
    add(
      'teams',
      outcome(() => teamsStandingOf(teams!, id)),
    );
    teamsAnswers++;
  }
  // Each club's meetings, in club order, after every teams answer.
  for (const clubId of Object.keys(meetings?.clubs ?? {}).sort()) {
    const m = meetings!;
    const list = outcome(() => meetingsOf(m, clubId));
    add('meetings', list);
    meetingsAnswers++;
    const days = m.clubs[clubId]!.meetings.flatMap((f) =>
      f.type === 'MeetingCalled' ? [f.data as { meetingId: string; date: string }] : [],
    );
    for (const { meetingId } of days) {
      add(
        'meetings',
        outcome(() => meetingMinutesOf(m, clubId, meetingId)),
      );
      meetingsAnswers++;
    }
    const last = days
      .map((d) => d.date)
      .sort()
      .pop();
    if (last === undefined) continue;
    add(
      'meetings',
      outcome(() => officersOf(m, clubId, last)),
    );
    add(
      'meetings',
      outcome(() => constitutionOf(m, clubId, last)),
    );
    meetingsAnswers += 2;
  }
  // Each rubber evening's tables, in session order, after every meetings answer.
  for (const id of Object.keys(rubber?.sessions ?? {}).sort()) {
    add(
      'rubber',
      outcome(() => rubberSessionOf(rubber!, id)),
    );
    rubberAnswers++;
  }
  return {
    answers: standings + cPoints + championships + teamsAnswers + meetingsAnswers + rubberAnswers,
    standings,
    cPoints,
    championships,
    teams: teamsAnswers,
    meetings: meetingsAnswers,
    rubber: rubberAnswers,
    hashes: {
      standings: hashes.standings.digest('hex'),
      cPoints: hashes.cPoints.digest('hex'),
      championships: hashes.championships.digest('hex'),
      teams: hashes.teams.digest('hex'),
      meetings: hashes.meetings.digest('hex'),
      rubber: hashes.rubber.digest('hex'),
      all: hashes.all.digest('hex'),
    },
  };
}

const sha = () => createHash('sha256');
