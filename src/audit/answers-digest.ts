import { createHash } from 'node:crypto';
import {
  championshipOf,
  cPointsOf,
  standingsOf,
  type CompetitionsState,
} from '../contexts/pairs/projection';
import { competitionStreamId } from '../contexts/pairs/domain/facts';
import { teamsStandingOf, type TeamsReadState } from '../contexts/teams/projection';
import {
  constitutionOf,
  meetingMinutesOf,
  meetingsOf,
  officersOf,
  type MeetingsReadState,
} from '../contexts/meetings/projection';
import { rubberSessionOf, type RubberReadState } from '../contexts/rubber/projection';
import { teamsStreamId } from '../contexts/teams/facts/scope';
import { rubberStreamId } from '../contexts/rubber/facts/scope';
import { meetingsStreamId } from '../contexts/meetings/facts/scope';
import { clubStreamId } from '../contexts/club/domain/club-streams';

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
  hashes: Record<AnswerKind | 'all', string>;
}

const KINDS = ['standings', 'cPoints', 'championships', 'teams', 'meetings', 'rubber'] as const;
export type AnswerKind = (typeof KINDS)[number];

/** The read models whose answers are published: the pairs tables, and the others when given. */
export interface PublishedStates {
  state: CompetitionsState;
  teams?: TeamsReadState;
  meetings?: MeetingsReadState;
  rubber?: RubberReadState;
}

/**
 * Which answers a fold gives: those of its clubs, and those of objects that name no club (or
 * one no fold holds) by the stream the object is read from. A fold of part of a ledger (the
 * audit's, a group of clubs at a time) answers only for what it holds whole.
 */
export type AnswersOwned = (clubId: string | undefined, streamId: string) => boolean;

/** An answer as JSON, or the refusal's class and message: a refusal is an answer too. */
const outcome = (f: () => unknown): string => {
  try {
    return JSON.stringify(f());
  } catch (e) {
    return `${(e as Error).constructor.name}: ${(e as Error).message}`;
  }
};

const sha = () => createHash('sha256');

/**
 * Every published answer, each kept as its key and the sha256 of its JSON, gathered from one
 * fold or from several folds of parts of the ledger: the digest orders the answers by kind,
 * then by key (a competition's id, a club's and a season's, an event's), never by the order
 * the folds came in, so a ledger folded a group of clubs at a time gives the digest of its
 * fold in one piece. What is kept is a line an answer, never a read model.
 */
export class AnswersCollector {
  private readonly lines = new Map<AnswerKind, Map<string, string>>(
    KINDS.map((k) => [k, new Map()]),
  );

  /** Adds the answers of `states` that `owned` says are this fold's (all, without it). */
  add(states: PublishedStates, owned: AnswersOwned = () => true): void {
    const { state, teams, meetings, rubber } = states;
    const seasons = new Map<string, Set<string>>();
    for (const [id, c] of Object.entries(state.competitions)) {
      const created = c.competition;
      if (created) {
        let set = seasons.get(created.clubId);
        if (!set) seasons.set(created.clubId, (set = new Set()));
        set.add(created.season);
      }
      if (!owned(created?.clubId, competitionStreamId(id))) continue;
      this.put('standings', id, () => standingsOf(state, id));
      this.put('cPoints', id, () => cPointsOf(state, id));
    }
    for (const [clubId, set] of seasons) {
      if (!owned(clubId, clubStreamId(clubId))) continue;
      for (const season of set)
        this.put('championships', `${clubId}\t${season}`, () =>
          championshipOf(state, clubId, season),
        );
    }
    for (const [id, e] of Object.entries(teams?.events ?? {})) {
      if (owned(e.clubId, teamsStreamId(id)))
        this.put('teams', id, () => teamsStandingOf(teams!, id));
    }
    for (const [clubId, club] of Object.entries(meetings?.clubs ?? {})) {
      if (!owned(clubId, meetingsStreamId(clubId))) continue;
      const m = meetings!;
      this.put('meetings', `${clubId}\tlist`, () => meetingsOf(m, clubId));
      const days = club.meetings.flatMap((f) =>
        f.type === 'MeetingCalled' ? [f.data as { meetingId: string; date: string }] : [],
      );
      for (const { meetingId } of days)
        this.put('meetings', `${clubId}\tminutes\t${meetingId}`, () =>
          meetingMinutesOf(m, clubId, meetingId),
        );
      const last = days
        .map((d) => d.date)
        .sort()
        .pop();
      if (last === undefined) continue;
      this.put('meetings', `${clubId}\tofficers`, () => officersOf(m, clubId, last));
      this.put('meetings', `${clubId}\tconstitution`, () => constitutionOf(m, clubId, last));
    }
    for (const [id, s] of Object.entries(rubber?.sessions ?? {})) {
      if (owned(s.clubId, rubberStreamId(id)))
        this.put('rubber', id, () => rubberSessionOf(rubber!, id));
    }
  }

  /** The digest of every answer added: per kind, and all of them. */
  digest(): AnswersDigest {
    const all = sha();
    const hashes = {} as Record<AnswerKind | 'all', string>;
    const counts = {} as Record<AnswerKind, number>;
    for (const kind of KINDS) {
      const lines = this.lines.get(kind)!;
      const h = sha();
      for (const key of [...lines.keys()].sort()) {
        const line = `${key}\t${lines.get(key)!}\n`;
        h.update(line);
        all.update(`${kind}\t${line}`);
      }
      hashes[kind] = h.digest('hex');
      counts[kind] = lines.size;
    }
    hashes.all = all.digest('hex');
    return {
      answers: KINDS.reduce((n, k) => n + counts[k], 0),
      ...counts,
      hashes,
    };
  }

  /** One answer under its key; the same key twice is a fold that answered for another's part. */
  private put(kind: AnswerKind, key: string, answer: () => unknown): void {
    const lines = this.lines.get(kind)!;
    if (lines.has(key)) throw new Error(`${kind} ${key}: answered by two folds`);
    lines.set(key, sha().update(outcome(answer)).digest('hex'));
  }
}

/**
 * sha256 of every published answer of a competitions state: each competition's standings and
 * C points, each club's championship for each season it has a competition in, and each teams
 * event's, club's meetings and rubber evening's when their read models are given, as JSON (or
 * the refusal). Two states give the same digest exactly when every answer is the same: `audit`
 * compares the one its file's facts give with its SQLite copy's, and
 * bench/run-answers-digest.ts one commit's with another's.
 */
export function answersDigest(
  state: CompetitionsState,
  teams?: TeamsReadState,
  meetings?: MeetingsReadState,
  rubber?: RubberReadState,
): AnswersDigest {
  const answers = new AnswersCollector();
  answers.add({ state, teams, meetings, rubber });
  return answers.digest();
}
