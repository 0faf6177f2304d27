import { isLeagueStream, leagueOfStream } from '../contexts/league/domain/streams';
import { onCompetitionStream } from '../contexts/streams';
import type { RecordedEvent } from '../kernel/envelope';
import { clubRoster, type ClubRoster } from '../contexts/club/projection/club-roster';
import { pairNamesFrom, playerNamesFrom } from '../contexts/pairs/projection/pair-names';
import type { EventStore } from '../store/event-store';
import { EVENTS_PER_TURN, nextTurn } from '../audit/replay';

/** A competition as its CompetitionCreated names it (what a page lists; no number of it). */
export interface CompetitionEntry {
  competitionId: string;
  clubId: string;
  name: string;
  season: string;
  format: string;
  sessions: number;
}

/** A league as its LeagueRegistered names it (the front page lists it). */
export interface LeagueEntry {
  leagueId: string;
  /** The organising club (its rulebook in force is the league's). */
  clubId: string;
  name: string;
  season: string;
}

/** A scored session as its SessionMovementRecorded names it (the club page links its page). */
export interface ScoredSessionEntry {
  sessionStreamId: string;
  clubId: string;
  date: string;
  session: string;
  section?: string;
}

/** A competition's session scored from a session stream (of a group, when the link names one). */
export interface ScoredSessionLink {
  session: number;
  group?: string;
  sessionStreamId: string;
}

/**
 * The pages' table of contents: which clubs the ledger holds (the club-roster
 * projection's own fold: registration, time zone, roster) and which competitions each has. No
 * query gives the list, and a page must not replay the ledger for it: read from $all once,
 * then caught up from the last position read, one reader per store.
 */
export class LedgerContents {
  private roster: ClubRoster = clubRoster.initial();
  private readonly competitions = new Map<string, CompetitionEntry>();
  private readonly leagueEntries = new Map<string, LeagueEntry>();
  private readonly sessions = new Map<string, ScoredSessionEntry>();
  /** Competition → pair → its players' ids, as PairEntered names them (the pages' names). */
  private readonly pairEntries = new Map<string, Map<string, string[]>>();
  /** Competition → its sessions scored from a session stream (SessionScoredFromBoards). */
  private readonly boardLinks = new Map<string, ScoredSessionLink[]>();
  private position = 0;
  private running?: Promise<void>;

  constructor(private readonly store: EventStore) {}

  catchUp(): Promise<void> {
    const run = (this.running ?? Promise.resolve()).then(() => this.read());
    this.running = run.catch(() => undefined);
    return run;
  }

  private async read(): Promise<void> {
    if ((await this.store.headPosition()) <= this.position) return;
    let n = 0;
    for await (const e of this.store.readAll({ fromPosition: this.position + 1 })) {
      this.note(e);
      this.position = e.position;
      if (++n % EVENTS_PER_TURN === 0) await nextTurn();
    }
  }

  private note(e: RecordedEvent): void {
    this.roster = clubRoster.apply(this.roster, e, undefined);
    if (e.type === 'LeagueRegistered') this.noteLeague(e);
    if (e.type === 'SessionMovementRecorded') this.noteSession(e);
    // A competition is read from its own stream only, as the projection reads it (LEDGER).
    if (e.type === 'PairEntered' && onCompetitionStream(e)) this.notePair(e);
    if (e.type === 'SessionScoredFromBoards' && onCompetitionStream(e)) this.noteLink(e);
    if (e.type !== 'CompetitionCreated' || !onCompetitionStream(e)) return;
    const d = e.data as Record<string, unknown>;
    const id = String(d.competitionId);
    if (this.competitions.has(id)) return;
    this.competitions.set(id, {
      competitionId: id,
      clubId: String(d.clubId),
      name: typeof d.name === 'string' ? d.name : id,
      season: String(d.season ?? ''),
      format: String(d.format ?? ''),
      sessions: Array.isArray(d.sessions) ? d.sessions.length : 0,
    });
  }

  /** A league is read from its own stream only (`league-<leagueId>`), as the read model reads it. */
  private noteLeague(e: RecordedEvent): void {
    if (!isLeagueStream(e.streamId)) return;
    const d = e.data as Record<string, unknown>;
    const id = leagueOfStream(e.streamId);
    if (d.leagueId !== id || this.leagueEntries.has(id)) return;
    this.leagueEntries.set(id, {
      leagueId: id,
      clubId: String(d.clubId),
      name: typeof d.name === 'string' ? d.name : id,
      season: String(d.season ?? ''),
    });
  }

  private noteLink(e: RecordedEvent): void {
    const d = e.data as Record<string, unknown>;
    if (typeof d.competitionId !== 'string' || typeof d.sessionStreamId !== 'string') return;
    const links = this.boardLinks.get(d.competitionId) ?? [];
    links.push({
      session: Number(d.session),
      ...(typeof d.group === 'string' ? { group: d.group } : {}),
      sessionStreamId: d.sessionStreamId,
    });
    this.boardLinks.set(d.competitionId, links);
  }

  /** A competition's sessions scored from a session stream: each session's page is linked. */
  scoredSessionLinksOf(competitionId: string): readonly ScoredSessionLink[] {
    return this.boardLinks.get(competitionId) ?? [];
  }

  private notePair(e: RecordedEvent): void {
    const d = e.data as { competitionId?: unknown; pairId?: unknown; players?: unknown };
    if (typeof d.competitionId !== 'string' || typeof d.pairId !== 'string') return;
    if (!Array.isArray(d.players)) return;
    let pairs = this.pairEntries.get(d.competitionId);
    if (!pairs) this.pairEntries.set(d.competitionId, (pairs = new Map()));
    pairs.set(d.pairId, d.players.map(String));
  }

  /** A competition's pairs by the names a person reads (`pairNamesFrom`). */
  pairNamesOf(competitionId: string): Record<string, string> {
    const clubId = this.competitions.get(competitionId)?.clubId;
    const players = clubId !== undefined ? (this.club(clubId)?.players ?? {}) : {};
    return pairNamesFrom(this.pairEntries.get(competitionId) ?? [], players);
  }

  /** A club's players by the names its roster registers. */
  playerNamesOf(clubId: string): Record<string, string> {
    return playerNamesFrom(this.club(clubId)?.players ?? {});
  }

  /** The pairs of a club's season (DSB-11's championship), by name: each competition's. */
  seasonPairNamesOf(clubId: string, season: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const c of this.competitionsOf(clubId).filter((x) => x.season === season))
      for (const [pair, name] of Object.entries(this.pairNamesOf(c.competitionId)))
        out[pair] ??= name;
    return out;
  }

  /** A scored session's movement naming its club: the first one read of its stream. */
  private noteSession(e: RecordedEvent): void {
    const d = e.data as Record<string, unknown>;
    if (typeof d.clubId !== 'string' || this.sessions.has(e.streamId)) return;
    this.sessions.set(e.streamId, {
      sessionStreamId: e.streamId,
      clubId: d.clubId,
      date: String(d.date),
      session: String(d.session),
      ...(typeof d.section === 'string' ? { section: d.section } : {}),
    });
  }

  /** A club's scored sessions, latest first. */
  scoredSessionsOf(clubId: string): ScoredSessionEntry[] {
    return [...this.sessions.values()]
      .filter((s) => s.clubId === clubId)
      .sort(
        (a, b) =>
          b.date.localeCompare(a.date) || a.sessionStreamId.localeCompare(b.sessionStreamId),
      );
  }

  /** Every league, by season (latest first) then name. */
  leagues(): LeagueEntry[] {
    return [...this.leagueEntries.values()].sort(
      (a, b) => b.season.localeCompare(a.season) || a.name.localeCompare(b.name),
    );
  }

  league(leagueId: string): LeagueEntry | undefined {
    return this.leagueEntries.get(leagueId);
  }

  /** Every club, registered or known by its roster only, by id. */
  clubs(): Array<{ clubId: string; name: string; timeZone: string; registered: boolean }> {
    return Object.entries(this.roster.clubs)
      .map(([clubId, c]) => ({
        clubId,
        name: c.name,
        timeZone: c.timeZone,
        registered: c.registeredAt !== undefined,
      }))
      .sort((a, b) => a.clubId.localeCompare(b.clubId));
  }

  club(clubId: string): ClubRoster['clubs'][string] | undefined {
    return Object.hasOwn(this.roster.clubs, clubId) ? this.roster.clubs[clubId] : undefined;
  }

  /** A club's competitions, by season (latest first) then name. */
  competitionsOf(clubId: string): CompetitionEntry[] {
    return [...this.competitions.values()]
      .filter((c) => c.clubId === clubId)
      .sort((a, b) => b.season.localeCompare(a.season) || a.name.localeCompare(b.name));
  }

  competition(competitionId: string): CompetitionEntry | undefined {
    return this.competitions.get(competitionId);
  }
}

const contents = new WeakMap<EventStore, LedgerContents>();

/** The store's table of contents, caught up to its head. */
export async function ledgerContentsOf(store: EventStore): Promise<LedgerContents> {
  let c = contents.get(store);
  if (!c) contents.set(store, (c = new LedgerContents(store)));
  await c.catchUp();
  return c;
}
