import type { RecordedEvent } from '../kernel/envelope';
import { addToSetOf } from '../kernel/dict';
import type { AnswersOwned } from './answers-digest';

/** A group of clubs folded together, the streams that are theirs alone, and their facts. */
export interface ClubGroup {
  clubs: string[];
  streams: string[];
  facts: number;
}

/**
 * The ledger's clubs in groups of about `target` facts each (a club larger than that, a group
 * of its own), in club order, and the streams no one club owns: folded with every group.
 */
export interface ClubGroups {
  groups: ClubGroup[];
  shared: string[];
  sharedFacts: number;
  /** Which of group `index`'s folds' answers are its own (`AnswersCollector.add`). */
  owned(index: number): AnswersOwned;
}

/**
 * Which club each stream's facts are of, learned from the facts as they are read: a stream is a
 * club's when its facts name that club and no other (`data.clubId`: a competition's creation,
 * a rulebook, a roster, a correction, a meeting), or when it is a session's scored from boards
 * and the competitions that link it are one club's. A stream that names no club, or several,
 * is shared. The tables of a club read its own streams and the shared ones only (as the
 * published answers of one club are folded from its streams: competition-slice.ts), so the
 * audit folds a group of clubs at a time and holds the read models of one group, not of the
 * ledger; its answers are the same, answer for answer (test/runtime/audit-groups.test.ts).
 * What it keeps is a few strings a stream, never a fact.
 */
export class StreamClubs {
  private readonly named = new Map<string, Set<string>>();
  /** A session stream → the competition streams whose SessionScoredFromBoards link it. */
  private readonly links = new Map<string, Set<string>>();
  private readonly facts = new Map<string, number>();

  note(e: RecordedEvent): void {
    this.facts.set(e.streamId, (this.facts.get(e.streamId) ?? 0) + 1);
    const data = e.data as { clubId?: unknown; sessionStreamId?: unknown } | null;
    if (typeof data?.clubId === 'string') addToSetOf(this.named, e.streamId, data.clubId);
    if (e.type === 'SessionScoredFromBoards' && typeof data?.sessionStreamId === 'string')
      addToSetOf(this.links, data.sessionStreamId, e.streamId);
  }

  /** The one club a stream is of; undefined for a shared one. */
  clubOf(streamId: string): string | undefined {
    const clubs = new Set(this.named.get(streamId));
    for (const linker of this.links.get(streamId) ?? [])
      for (const c of this.named.get(linker) ?? []) clubs.add(c);
    return clubs.size === 1 ? [...clubs][0] : undefined;
  }

  /** The clubs in groups of about `target` facts, each with its own streams. */
  groups(target: number): ClubGroups {
    if (!(target >= 1))
      throw new RangeError(`target: a group holds at least 1 fact, not ${target}`);
    const byClub = new Map<string, { streams: string[]; facts: number }>();
    // Every club named, even one with no stream of its own: its answers are some group's.
    for (const clubs of this.named.values())
      for (const c of clubs) if (!byClub.has(c)) byClub.set(c, { streams: [], facts: 0 });
    const shared: string[] = [];
    let sharedFacts = 0;
    for (const [stream, n] of this.facts) {
      const club = this.clubOf(stream);
      if (club === undefined) {
        shared.push(stream);
        sharedFacts += n;
        continue;
      }
      const c = byClub.get(club)!;
      c.streams.push(stream);
      c.facts += n;
    }
    const groups: ClubGroup[] = [];
    let open: ClubGroup | undefined;
    for (const club of [...byClub.keys()].sort()) {
      const c = byClub.get(club)!;
      if (!open || open.facts + c.facts > target) {
        if (open && open.clubs.length) groups.push(open);
        open = { clubs: [], streams: [], facts: 0 };
      }
      open.clubs.push(club);
      open.streams.push(...c.streams);
      open.facts += c.facts;
    }
    if (open) groups.push(open);
    // A ledger that names no club: one group, of the shared streams.
    if (groups.length === 0) groups.push({ clubs: [], streams: [], facts: 0 });
    const groupOfClub = new Map(groups.flatMap((g, i) => g.clubs.map((c) => [c, i] as const)));
    const groupOfStream = new Map(groups.flatMap((g, i) => g.streams.map((s) => [s, i] as const)));
    const last = groups.length - 1;
    return {
      groups,
      shared,
      sharedFacts,
      // An object of a club is answered by its club's group; one of no club (or of a club that
      // owns no stream) by its stream's group, and the shared streams' by the last group.
      owned: (index) => (clubId, streamId) => {
        const byClubGroup = clubId === undefined ? undefined : groupOfClub.get(clubId);
        if (byClubGroup !== undefined) return byClubGroup === index;
        return (groupOfStream.get(streamId) ?? last) === index;
      },
    };
  }
}
