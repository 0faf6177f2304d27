import { COMPETITION_FACT_TYPES } from '../contexts/pairs/domain/facts';
import type { ClubSession, LeagueOrganiser } from '../contexts/club-context';
import { SESSION_FACT_TYPES } from '../contexts/pairs/domain/session-decider';
import { mostLinesOnABoard } from '../contexts/pairs/projection/scored-sessions';
import type { CompetitionState } from '../contexts/pairs/domain/state';
import { clubPlaysOf, type ClubSitting } from '../contexts/pairs/domain/club-plays';
import type { ClubPlays } from '../contexts/pairs/play-limits';
import type { EventToAppend, RecordedEvent } from '../kernel/envelope';
import { clubWideFactTypes, onDocumentedStream } from '../contexts/streams';
import { clubRoster, type ClubRoster } from '../contexts/club/projection/club-roster';
import { competitions, type CompetitionsState } from '../contexts/pairs/projection';
import { rulebookHistory } from '../contexts/pairs/projection/rulebook-in-force';
import type { Rulebook } from '../rulebooks/rulebook';
import { NZ_MEMBERSHIP_FACT_TYPES } from '../contexts/pairs/projection/nz-membership';
import type { EventStore } from '../store/event-store';
import type { Upcast } from '../store/upcast';

/** A fact as appended to its stream (the stream decides whether it is read: LEDGER). */
export type Fact = Pick<EventToAppend, 'id' | 'type' | 'occurredAt' | 'data' | 'metadata'> & {
  streamId: string;
  position?: number;
};

/**
 * The club-wide context of the deciders (a club's play limits: NZ-8e, NZ-10; a club's registration and roster behind
 * a competition's facts): every club's rulebook facts and roster, every competition folded with
 * the deciders' evolve (all by the competitions projection's own fold, so they read as the
 * standings read them), every club's registration and registered players (the club-roster
 * projection's fold, as the service's runner keeps it), and who sat down in which
 * competition session (`clubPlaysOf`, from `seating.ts`: the seats the standings count). Built from the store's $all on first use, then caught up from the
 * last position read; facts the gate saw appended (or, in a dry run, would append) are folded
 * at once. Only the facts of the contexts the registry marks club-wide are folded
 * (`clubWideFactTypes()`: competitions, clubs, rosters) and the scored sessions' facts (a
 * rulebook's scoring settings are judged against them). A competition or rulebook fact found outside its
 * documented stream is not read (as the projection does not read it), and a rulebook fact
 * that cannot be applied is left out of the club's rulebook here (see `rulebookOn`).
 */
export class ClubIndex {
  private readonly state: CompetitionsState = competitions.initial();
  /** The clubs' registrations and rosters, by the club-roster projection's own fold. */
  private readonly roster: ClubRoster = clubRoster.initial();
  /** clubId → player → competitionId → session → the play (its date, night and event). */
  private readonly seats = new Map<string, Map<string, Map<string, Map<number, ClubSitting>>>>();
  /** competitionId → session → pair → who sat for it, as last read (to unseat them on a change). */
  private readonly seated = new Map<string, Map<number, Map<string, string[]>>>();
  /** LeagueId → its organising club (the first LeagueRegistered on its stream). */
  private readonly leagues = new Map<string, LeagueOrganiser>();
  /** Ids folded: a fact seen appended and then read back from $all counts once. */
  private readonly ids = new Set<string>();
  /** Facts seen appended before the first read of $all, folded after it (ledger order). */
  private buffer: Fact[] = [];
  private loaded = false;
  private position = 0;

  /**
   * `upcast`: how the ledger reads an event in today's shape (as the store does; applied again
   * to what the store gives back, a no-op when the store was opened with it).
   */
  constructor(private readonly upcast: Upcast = (e) => e) {}

  async catchUp(store: EventStore): Promise<void> {
    if (this.loaded && (await store.headPosition()) <= this.position) return;
    for await (const e of store.readAll({ fromPosition: this.position + 1 })) {
      this.fold(this.upcast(e));
      this.position = e.position;
    }
    if (!this.loaded) {
      this.loaded = true;
      for (const e of this.buffer) this.fold(e);
      this.buffer = [];
    }
  }

  /** Facts appended (or accepted by a dry run) through the gate, in today's shape (upcast). */
  add(events: readonly Fact[]): void {
    if (!this.loaded) this.buffer.push(...events);
    else for (const e of events) this.fold(e);
  }

  /** The facts the club-wide checks read: the rulebooks, rosters and competitions. */
  protected current(): CompetitionsState {
    return this.state;
  }

  /** The same, with every competition and scored session of the club in it. */
  protected stateOf(_clubId: string): CompetitionsState {
    return this.current();
  }

  /** The clubs' registrations and rosters (the club-roster projection's state). */
  protected clubs(): ClubRoster {
    return this.roster;
  }

  /** Whether the ledger registered the club (a ClubRegistered of it, wherever it was read). */
  isRegistered(clubId: string): boolean {
    return this.clubs().clubs[clubId]?.registeredAt !== undefined;
  }

  /** The clubs and leagues registered, by id. */
  registered(): { clubs: string[]; leagues: string[] } {
    const clubs = Object.entries(this.clubs().clubs)
      .filter(([, c]) => c.registeredAt !== undefined)
      .map(([id]) => id);
    return { clubs: clubs.sort(), leagues: [...this.leagues.keys()].sort() };
  }

  /** The club's time zone, as it registered (undefined: not registered). */
  timeZoneOf(clubId: string): string | undefined {
    const club = this.clubs().clubs[clubId];
    return club?.registeredAt !== undefined ? club.timeZone : undefined;
  }

  /** A registered league's organising club (undefined: no LeagueRegistered of it). */
  leagueOf(leagueId: string): LeagueOrganiser | undefined {
    return this.leagues.get(leagueId);
  }

  /** Whether the club's roster registered the player (a PlayerRegistered of any status). */
  onRoster(clubId: string, playerId: string): boolean {
    return this.clubs().clubs[clubId]?.players[playerId]?.registeredAt !== undefined;
  }

  /** The club's competitions, as the standings fold them. */
  competitionsOf(clubId: string): CompetitionState[] {
    const all = this.stateOf(clubId).competitions;
    const out: CompetitionState[] = [];
    for (const id in all) if (all[id]!.competition?.clubId === clubId) out.push(all[id]!);
    return out;
  }

  /**
   * The club's scored sessions, from the session facts folded (the competitions projection
   * keeps them per stream): each one's day, scoring method and most lines on a board.
   */
  sessionsOf(clubId: string): ClubSession[] {
    const out: ClubSession[] = [];
    for (const streamId in this.stateOf(clubId).boardSessions) {
      const session = this.sessionOf(clubId, streamId);
      if (session) out.push(session);
    }
    return out;
  }

  /** One scored session: what a link to it reads, without going through the club's others. */
  sessionOf(clubId: string, streamId: string): ClubSession | undefined {
    const facts = this.stateOf(clubId).boardSessions[streamId];
    const m = facts?.movement;
    if (!facts || m?.clubId !== clubId) return undefined;
    return {
      streamId,
      date: m.date,
      scoringMethod: m.scoringMethod,
      mostLines: mostLinesOnABoard(facts),
    };
  }

  /** The player's sittings in the club's competitions other than `except`. */
  protected sittingsOf(clubId: string, playerId: string, except: string): ClubSitting[] {
    const out: ClubSitting[] = [];
    for (const [competitionId, sessions] of this.seats.get(clubId)?.get(playerId) ?? []) {
      if (competitionId !== except) out.push(...sessions.values());
    }
    return out;
  }

  /** What a club's play limits read of the club (its rulebook by date read once a check). */
  view(clubId: string): ClubPlays {
    const rulebooks = new Map<string, Rulebook | undefined>();
    return {
      clubId,
      rulebookOn: (date) => {
        if (!rulebooks.has(date)) rulebooks.set(date, this.rulebookOn(clubId, date));
        return rulebooks.get(date);
      },
      competitions: () => this.stateOf(clubId),
      sittings: (playerId, except) => this.sittingsOf(clubId, playerId, except),
    };
  }

  /**
   * The club's rulebook in force on a date (its preset with the overrides and the amendments
   * effective by then), undefined for none. A rulebook fact the ledger holds that cannot be
   * applied (written before the gate checked them) is left out: the club's play limits are
   * judged by its last good version, so that one bad old fact neither blocks the club's
   * appends nor switches its limits off. The published tables refuse it instead
   * (UnusableRulebookFactError).
   */
  rulebookOn(clubId: string, date: string): Rulebook | undefined {
    return rulebookHistory(this.current(), clubId, 'skip').inForce(date);
  }

  private fold(e: Fact): void {
    if (e.type === 'LeagueRegistered') {
      // The league decider takes one LeagueRegistered a stream, on its own league's stream.
      const d = e.data as { leagueId?: unknown; clubId?: unknown };
      if (
        typeof d.leagueId === 'string' &&
        typeof d.clubId === 'string' &&
        onDocumentedStream(e) &&
        !this.leagues.has(d.leagueId)
      )
        this.leagues.set(d.leagueId, { clubId: d.clubId });
      return;
    }
    // A scored session's facts too: a rulebook fact is judged against the club's sessions.
    if (
      !clubWideFactTypes().has(e.type) &&
      !SESSION_FACT_TYPES.has(e.type) &&
      !NZ_MEMBERSHIP_FACT_TYPES.has(e.type)
    )
      return;
    const id = e.id.toLowerCase();
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (!onDocumentedStream(e)) return;
    const recorded = {
      ...e,
      metadata: e.metadata ?? {},
      position: e.position ?? this.state.position,
    } as RecordedEvent;
    competitions.apply(this.state, recorded, undefined);
    clubRoster.apply(this.roster, recorded, undefined);
    if (!COMPETITION_FACT_TYPES.has(e.type)) return;
    const d = e.data as { competitionId?: string; session?: unknown; pairId?: unknown };
    const c = this.state.competitions[d.competitionId ?? ''];
    if (!c?.competition) return;
    // The seats the fact can change read again: its pair's at its session (a result, a
    // substitute, a naming: who sat for a linked pair), its session's (a link to board results,
    // a SessionHeld and its day), or the competition's (a pair entered).
    const session = typeof d.session === 'number' ? d.session : undefined;
    const pairId = typeof d.pairId === 'string' && session !== undefined ? d.pairId : undefined;
    this.reseat(c, session, e.type === 'SessionHeld' ? undefined : pairId);
  }

  /**
   * The index's seats of a competition (of one session, and one pair, when given) made those
   * `clubPlaysOf` reads now. A player sits in a session while any pair's seats there name them.
   */
  private reseat(c: CompetitionState, session?: number, pairId?: string): void {
    const created = c.competition!;
    const competitionId = created.competitionId;
    const club =
      this.seats.get(created.clubId) ??
      this.seats.set(created.clubId, new Map()).get(created.clubId)!;
    const sessions =
      this.seated.get(competitionId) ??
      this.seated.set(competitionId, new Map()).get(competitionId)!;
    // Who sat for the pairs read again, by session: unseated unless read again or seated for
    // another pair of the session (NZ-6).
    const touched: Array<[number, string]> = [];
    const unseat = (s: number, pairs: Map<string, string[]>, p: string) => {
      for (const player of pairs.get(p) ?? []) touched.push([s, player]);
      pairs.delete(p);
    };
    for (const s of session === undefined ? [...sessions.keys()] : [session]) {
      const pairs = sessions.get(s);
      if (!pairs) continue;
      if (pairId !== undefined) unseat(s, pairs, pairId);
      else for (const p of [...pairs.keys()]) unseat(s, pairs, p);
    }
    for (const play of clubPlaysOf(c, { session, pairId })) {
      const { player, pairId: pair, ...sitting } = play;
      const pairs =
        sessions.get(play.session) ?? sessions.set(play.session, new Map()).get(play.session)!;
      (pairs.get(pair) ?? pairs.set(pair, []).get(pair)!).push(player);
      const mine = club.get(player) ?? club.set(player, new Map()).get(player)!;
      const sat = mine.get(competitionId) ?? mine.set(competitionId, new Map()).get(competitionId)!;
      sat.set(play.session, sitting);
    }
    for (const [s, player] of touched) {
      const still = [...(sessions.get(s)?.values() ?? [])].some((ps) => ps.includes(player));
      if (!still) club.get(player)?.get(competitionId)?.delete(s);
    }
  }
}
