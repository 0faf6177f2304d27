import {
  homeIdOf,
  homeStreamOf,
  isHomeStream,
  type Decider,
  type StreamHome,
} from '../kernel/decider';
import type { ClubContext } from './club-context';
import { DECIDERS, decidersVersion } from './deciders';

export { onCompetitionStream } from './pairs/domain/facts';

/**
 * Where facts belong, derived from the deciders' registry (src/contexts/deciders.ts), never listed
 * here: a fact of a decider's `factTypes` belongs on a stream that decider owns and, when its
 * `homeOf` names one, on exactly the stream its data names (docs/events.md).
 */
interface Placement {
  decider: Decider<unknown, ClubContext>;
  home?: StreamHome;
}

/**
 * Fact type → its decider and home, built once for each set of deciders (asked for every fact a
 * projection folds; a context registered at run time adds deciders).
 */
let built:
  | { version: number; placements: ReadonlyMap<string, Placement>; clubWide: ReadonlySet<string> }
  | undefined;

function placements() {
  if (built?.version !== decidersVersion()) {
    built = {
      version: decidersVersion(),
      placements: placementsOf(),
      clubWide: new Set(DECIDERS.filter((d) => d.clubWide).flatMap((d) => [...d.factTypes])),
    };
  }
  return built;
}

function placementsOf(): ReadonlyMap<string, Placement> {
  const out = new Map<string, Placement>();
  for (const decider of DECIDERS) {
    for (const type of decider.factTypes) {
      const other = out.get(type);
      if (other) {
        throw new Error(
          `${type} is held by two deciders, ${other.decider.name} and ${decider.name}`,
        );
      }
      const home = decider.homeOf?.(type);
      out.set(type, home ? { decider, home } : { decider });
    }
  }
  return out;
}

/** The decider whose streams hold a fact type, and its home; undefined for a type of none. */
export const placementOf = (type: string): Placement | undefined =>
  placements().placements.get(type);

/** The fact types of the contexts the club-wide checks read (`clubWide`: ClubIndex folds them). */
export const clubWideFactTypes = (): ReadonlySet<string> => placements().clubWide;

/**
 * The club a fact of this type names, when its type is read wherever it is found by the club its
 * data names (a roster fact, a club's registration: StreamHome.elsewhere 'read' by `clubId`);
 * undefined otherwise. Asked of every fact the ledger directory notes: the type's home is looked
 * up, no stream id built.
 */
export function clubReadElsewhere(type: string, data: unknown): string | undefined {
  const home = placements().placements.get(type)?.home;
  if (home?.elsewhere !== 'read' || home.idField !== 'clubId') return undefined;
  return homeIdOf(home, data);
}

/** `competitionId` → `competition`: the kind of thing a home's id names, for messages. */
const kindOf = (home: StreamHome) => home.idField.replace(/Id$/, '');

export interface DocumentedStream {
  /** The stream it belongs in; undefined when its data names no id. */
  streamId: string | undefined;
  idField: string;
  id: string | undefined;
  /** What the id names: `competition`, `club`. */
  kind: string;
  /** Whether a reader reads it found elsewhere (StreamHome.elsewhere). */
  elsewhere: StreamHome['elsewhere'];
}

/**
 * Where a fact of this type belongs, named by its data, as docs/events.md documents it: a
 * competition fact in `competition-<data.competitionId>`, a club's fact in `club-<data.clubId>`,
 * a roster fact in `club-<data.clubId>-players`. Undefined for the types placed by their
 * stream's kind only (a scored session's facts) or of no decider.
 */
export function documentedStreamOf(type: string, data: unknown): DocumentedStream | undefined {
  const home = placements().placements.get(type)?.home;
  if (!home) return undefined;
  return {
    streamId: homeStreamOf(home, data),
    idField: home.idField,
    id: homeIdOf(home, data),
    kind: kindOf(home),
    elsewhere: home.elsewhere,
  };
}

/**
 * Why a fact proposed for `streamId` does not belong there (LEDGER), with the field to name:
 * its data's id (`data.competitionId`, `data.clubId`) when the stream is of its kind but
 * another's (or its data names none), else `streamId`. Undefined when it belongs there.
 */
export function misplacementOf(
  type: string,
  data: unknown,
  streamId: string,
): { reason: string; field: string } | undefined {
  const placement = placements().placements.get(type);
  if (!placement) return undefined;
  const { decider, home } = placement;
  if (!home) {
    if (decider.owns(streamId)) return undefined;
    return {
      reason: `${type} belongs in a ${decider.name} stream (${decider.streams}), not ${streamId}`,
      field: 'streamId',
    };
  }
  const at = documentedStreamOf(type, data)!;
  if (at.streamId === streamId) return undefined;
  if (at.id === undefined) {
    return {
      reason: `${type} names no ${at.idField}: it belongs in ${decider.streams}`,
      field: `data.${at.idField}`,
    };
  }
  return {
    reason: `${type} of ${at.kind} ${at.id} belongs in stream ${at.streamId}, not ${streamId}`,
    field: decider.owns(streamId) ? `data.${at.idField}` : 'streamId',
  };
}

/**
 * Whether a reader reads a fact where it was found: on its home stream, or of a home whose
 * facts are read elsewhere too (a roster fact, a club's registration), or of a type no decider
 * places by its data. False for a competition or rulebook fact outside its stream (one written
 * before the append gate refused it): not a fact of that competition or club.
 */
export function onDocumentedStream(event: {
  type: string;
  streamId?: string;
  data: unknown;
}): boolean {
  const home = placements().placements.get(event.type)?.home;
  if (home === undefined || home.elsewhere === 'read') return true;
  return isHomeStream(home, event.streamId, event.data);
}
