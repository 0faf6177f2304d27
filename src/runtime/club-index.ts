import { COMPETITION_FACT_TYPES } from '../domain/competition/facts';
import type { CompetitionState } from '../domain/competition/state';
import { nzKindOf, nzNight, nzPlaysOf } from '../domain/club/nz-play-counts';
import { type NzClubView, type NzSitting } from '../domain/club/nz-play-limits';
import type { EventToAppend, RecordedEvent } from '../events/envelope';
import { onDocumentedStream } from '../domain/streams';
import { competitions, type CompetitionsState } from '../projections/competitions';
import { rulebookHistory } from '../projections/competitions/rulebook-in-force';
import type { RulebookFact } from '../projections/competitions/state';
import { rosterEntryOn } from '../projections/competitions/state';
import type { Rulebook } from '../rulebooks/rulebook';
import type { NzClubParams } from '../rulebooks/presets/nz-club';
import type { EventStore } from '../store/event-store';
import type { Upcast } from '../store/upcast';

const CLUB_FACTS = new Set([
  'RulebookAdopted',
  'RulebookAmended',
  'PlayerRegistered',
  'PlayerStatusChanged',
  ...COMPETITION_FACT_TYPES,
]);

/** A fact as appended to its stream (the stream decides whether it is read: LEDGER). */
export type Fact = Pick<EventToAppend, 'id' | 'type' | 'occurredAt' | 'data' | 'metadata'> & {
  streamId: string;
  position?: number;
};

/**
 * The club-wide context of the deciders (NZ-8e, NZ-10): every club's rulebook facts and
 * roster, every competition folded with the deciders' evolve (all by the competitions
 * projection's own fold, so they read as the standings read them), and who sat down in which
 * competition session (`nzPlaysOf`, from `seating.ts`: the seats the standings count). Built from the store's $all on first use, then caught up from the
 * last position read; facts the gate saw appended (or, in a dry run, would append) are folded
 * at once. Board-result facts are not kept. A competition or rulebook fact found outside its
 * documented stream is not read (as the projection does not read it), and a rulebook fact
 * that cannot be applied is left out of the club's rulebook here (see `nzParams`).
 */
export class ClubIndex {
  private readonly state: CompetitionsState = competitions.initial();
  /** clubId → player → competitionId → session → the play (its date, night and event). */
  private readonly seats = new Map<string, Map<string, Map<string, Map<number, NzSitting>>>>();
  /** competitionId → session → who sat down in it, as last read (to unseat them on a change). */
  private readonly seated = new Map<string, Map<number, string[]>>();
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

  /** Whether a fact with this id has been folded (seen in $all or appended through the gate). */
  has(id: string): boolean {
    return this.ids.has(id.toLowerCase());
  }

  /** The club's rulebook facts as the ledger holds them (on their stream), in ledger order. */
  rulebookFacts(clubId: string): readonly RulebookFact[] {
    return this.state.rulebooks[clubId] ?? [];
  }

  view(clubId: string): NzClubView {
    const params = new Map<string, NzClubParams | undefined>();
    return {
      nzParamsOn: (date) => {
        if (!params.has(date)) params.set(date, this.nzParams(clubId, date));
        return params.get(date);
      },
      playerOn: (playerId, date) => {
        const e = rosterEntryOn(this.state.players[clubId]?.[playerId], date);
        if (!e) return undefined;
        const homeNight = nzNight(e.homeNight);
        return {
          status: e.status,
          ...(homeNight ? { homeNight } : {}),
          ...(e.rank ? { rank: e.rank } : {}),
        };
      },
      describe: (c) => nzKindOf(c),
      sittings: (playerId, except) => {
        const out: NzSitting[] = [];
        for (const [competitionId, sessions] of this.seats.get(clubId)?.get(playerId) ?? []) {
          if (competitionId !== except) out.push(...sessions.values());
        }
        return out;
      },
    };
  }

  /**
   * The club's rulebook in force on a date (its preset with the overrides and the amendments
   * effective by then), undefined for none. As for the NZ limits, a rulebook fact the ledger
   * holds that cannot be applied is left out.
   */
  rulebookOn(clubId: string, date: string): Rulebook | undefined {
    return rulebookHistory(this.state, clubId, 'skip').inForce(date);
  }

  /**
   * The nz-club parameters in force on a date, or undefined (no rulebook, or another preset).
   * A rulebook fact the ledger holds that cannot be applied (written before the gate checked
   * them) is left out: the limits are judged by the club's last good version, so that one bad
   * old fact neither blocks the club's appends nor switches its limits off. The published
   * tables refuse it instead (UnusableRulebookFactError).
   */
  private nzParams(clubId: string, date: string): NzClubParams | undefined {
    const rulebook = this.rulebookOn(clubId, date);
    return rulebook?.preset === 'nz-club' ? (rulebook.params as NzClubParams) : undefined;
  }

  private fold(e: Fact): void {
    if (!CLUB_FACTS.has(e.type)) return;
    const id = e.id.toLowerCase();
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (!onDocumentedStream(e)) return;
    competitions.apply(
      this.state,
      {
        ...e,
        metadata: e.metadata ?? {},
        position: e.position ?? this.state.position,
      } as RecordedEvent,
      undefined,
    );
    if (!COMPETITION_FACT_TYPES.has(e.type)) return;
    const d = e.data as { competitionId?: string; session?: unknown };
    const c = this.state.competitions[d.competitionId ?? ''];
    if (!c?.competition) return;
    // The seats of the fact's session read again (all sessions for a fact of none, as a pair
    // entered): a substitute or a naming changes who sat for a linked pair, a SessionHeld the day.
    this.reseat(c, typeof d.session === 'number' ? d.session : undefined);
  }

  /** The index's seats of a competition (of one session) made those `nzPlaysOf` reads now. */
  private reseat(c: CompetitionState, session: number | undefined): void {
    const created = c.competition!;
    const club =
      this.seats.get(created.clubId) ??
      this.seats.set(created.clubId, new Map()).get(created.clubId)!;
    const before =
      this.seated.get(created.competitionId) ??
      this.seated.set(created.competitionId, new Map()).get(created.competitionId)!;
    for (const [s, players] of before) {
      if (session !== undefined && s !== session) continue;
      for (const p of players) club.get(p)?.get(created.competitionId)?.delete(s);
      before.delete(s);
    }
    for (const play of nzPlaysOf(c, session)) {
      const { player, pairId: _pair, ...sitting } = play;
      const mine = club.get(player) ?? club.set(player, new Map()).get(player)!;
      const sessions =
        mine.get(created.competitionId) ??
        mine.set(created.competitionId, new Map()).get(created.competitionId)!;
      if (sessions.has(play.session)) continue;
      sessions.set(play.session, sitting);
      const players = before.get(play.session) ?? before.set(play.session, []).get(play.session)!;
      players.push(player);
    }
  }
}
