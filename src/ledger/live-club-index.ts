import { clubPlaysOf, type ClubSitting } from '../contexts/pairs/domain/club-plays';
import type { ClubSession, LeagueOrganiser } from '../contexts/club-context';
import type { ClubRoster } from '../contexts/club/projection/club-roster';
import type { LeaguesState } from '../contexts/league/projection';
import type { CompetitionsState } from '../contexts/pairs/projection';
import { boardSessionPartition, competitionPartition } from '../contexts/pairs/projection/state';
import { clubPartitions } from '../contexts/pairs/read/competition-slice';
import { directoryOf } from './ledger-directory';
import type { EventStore } from '../store/event-store';
import type { Upcast } from '../store/upcast';
import { ClubIndex, type Fact } from './club-index';
import type { ProjectionRunner } from './projection-runner';

/** The read model the runner keeps, once it has read everything stored as of now. */
export interface LiveReadModel {
  /** The competitions state at the store's head, or undefined while the runner catches up. */
  current(): Promise<CompetitionsState | undefined>;
  /** How many facts have changed a partition of the competitions state (see ProjectionRunner). */
  changesOf(key: string): number;
  /**
   * The clubs' registrations and rosters (the club-roster projection) at the point `current`
   * last answered for (the runner keeps every projection at the store's head), or undefined.
   */
  clubRoster(): ClubRoster | undefined;
  /** The leagues read model at the same point (a league's organising club). */
  leagues?(): LeaguesState | undefined;
  /**
   * Puts the club's competitions and scored sessions back into `current`'s state, should the
   * service have left them in their save (its start puts back only the warm partitions).
   */
  bringBackClub?(clubId: string): void;
  /**
   * Puts a scored session back (its stream given), or every one: a session's club is in its
   * movement, which the directory does not index (a session no competition links to is no
   * stream of its club's there).
   */
  bringBackSessions?(streamId?: string): void;
}

/** The key prefix of a scored session's partition. */
const SESSIONS = boardSessionPartition('');

/**
 * The runner's competitions read model, as the gate reads it: only once the runner has caught
 * up with the ledger, and then at the store's head as of the check (its own appends included).
 */
export function readModelOf(runner: ProjectionRunner, store?: EventStore): LiveReadModel {
  const leftSaved = () => runner.status().leftSaved?.competitions !== undefined;
  // Nothing is let go once put back: a club asked for once is whole from then on.
  const back = new Set<string>();
  let sessionsBack = false;
  return {
    current: async () => {
      if (!runner.status().caughtUp) return undefined;
      await runner.caughtUp();
      // The directory says which partitions are a club's: read as far as the runner first.
      if (store && leftSaved()) await directoryOf(store).catchUp();
      return runner.state<CompetitionsState>('competitions')?.state;
    },
    changesOf: (key) => runner.changesOf('competitions', key),
    clubRoster: () => runner.state<ClubRoster>('club-roster')?.state,
    leagues: () => runner.state<LeaguesState>('leagues')?.state,
    bringBackClub: (clubId) => {
      if (back.has(clubId) || !leftSaved()) return;
      // Without the store, no directory to say which are the club's: all of them.
      runner.bringBack(
        'competitions',
        store ? clubPartitions(directoryOf(store), clubId) : () => true,
      );
      back.add(clubId);
    },
    bringBackSessions: (streamId) => {
      if (sessionsBack || !leftSaved()) return;
      if (streamId !== undefined)
        return void runner.bringBack('competitions', [boardSessionPartition(streamId)]);
      runner.bringBack('competitions', (key) => key.startsWith(SESSIONS));
      sessionsBack = true;
    },
  };
}

interface Seats {
  changes: number;
  /** player → session → the play. */
  byPlayer: Map<string, Map<number, ClubSitting>>;
}

/**
 * The deciders' club-wide context over the runner's read model instead of a fold of its own:
 * a check first waits for the runner to have read every fact stored (its own appends included),
 * then reads the club's registration, rulebook, roster and competitions from the live state
 * (the competitions and club-roster projections), and each
 * competition's seats (`clubPlaysOf`, as the standings count them) kept until a fact changes that
 * competition. So the first seating fact after a start costs what the club's competitions
 * cost, not a read of the ledger. While the runner is still catching up it falls back to the
 * index's own fold (ClubIndex), so appends are decided as ever.
 */
export class LiveClubIndex extends ClubIndex {
  private live?: CompetitionsState;
  private liveClubs?: ClubRoster;
  private readonly seatsOf = new Map<string, Seats>();

  constructor(
    upcast: Upcast,
    private readonly readModel: LiveReadModel,
  ) {
    super(upcast);
  }

  override async catchUp(store: EventStore): Promise<void> {
    const live = await this.readModel.current();
    // Both from the runner, or both from the index's own fold: never one of each.
    this.liveClubs = live && this.readModel.clubRoster();
    this.live = this.liveClubs && live;
    if (!this.live) await super.catchUp(store);
  }

  /** The runner reads the gate's appends itself: the next check waits until it has. */
  override add(events: readonly Fact[]): void {
    if (!this.live) super.add(events);
  }

  override leagueOf(leagueId: string): LeagueOrganiser | undefined {
    const state = this.live && this.readModel.leagues?.();
    if (!state) return super.leagueOf(leagueId);
    const clubId = state.leagues[leagueId]?.clubId;
    return clubId !== undefined ? { clubId } : undefined;
  }

  protected override current(): CompetitionsState {
    return this.live ?? super.current();
  }

  override sessionsOf(clubId: string): ClubSession[] {
    if (this.live) this.readModel.bringBackSessions?.();
    return super.sessionsOf(clubId);
  }

  override sessionOf(clubId: string, streamId: string): ClubSession | undefined {
    if (this.live) this.readModel.bringBackSessions?.(streamId);
    return super.sessionOf(clubId, streamId);
  }

  protected override stateOf(clubId: string): CompetitionsState {
    if (this.live) this.readModel.bringBackClub?.(clubId);
    return this.current();
  }

  protected override clubs(): ClubRoster {
    return (this.live && this.liveClubs) ?? super.clubs();
  }

  protected override sittingsOf(clubId: string, playerId: string, except: string): ClubSitting[] {
    if (!this.live) return super.sittingsOf(clubId, playerId, except);
    const out: ClubSitting[] = [];
    for (const competitionId in this.stateOf(clubId).competitions) {
      if (competitionId === except) continue;
      const c = this.live.competitions[competitionId];
      if (c.competition?.clubId !== clubId) continue;
      const sessions = this.seatsOfCompetition(competitionId).byPlayer.get(playerId);
      if (sessions) out.push(...sessions.values());
    }
    return out;
  }

  private seatsOfCompetition(competitionId: string): Seats {
    const changes = this.readModel.changesOf(competitionPartition(competitionId));
    const kept = this.seatsOf.get(competitionId);
    if (kept && kept.changes === changes) return kept;
    const byPlayer = new Map<string, Map<number, ClubSitting>>();
    for (const play of clubPlaysOf(this.live!.competitions[competitionId])) {
      const { player, pairId: _pair, ...sitting } = play;
      const sessions = byPlayer.get(player) ?? byPlayer.set(player, new Map()).get(player)!;
      sessions.set(play.session, sitting);
    }
    const seats = { changes, byPlayer };
    this.seatsOf.set(competitionId, seats);
    return seats;
  }
}
