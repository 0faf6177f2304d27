import type { CompetitionCreated } from '../../contexts/pairs/domain/facts';
import type { FormatShape } from '../../contexts/pairs/domain/decide-options';
import { RuleViolation } from '../../kernel/rule-violation';
import { nzClub, type NzClubParams } from './preset';
import type { Params } from '../../rulebooks/rulebook';
import { eventShape, NzInputError, type NzEventShape } from './standings';
import { NZ_KIND_OF_FORMAT } from './eligibility';

/** The field of CompetitionCreated that the NZ standings' event fields come from. */
const FIELD_OF: Readonly<Record<string, string>> = {
  'event.sessions': 'data.sessions',
  'event.kind': 'data.format',
};

/**
 * The NZ event a competition is, as its standings will read it (`nzInput`: the format's kind,
 * as many sessions as it has): its shape under the parameters, or the standings' refusal.
 */
function shapeOf(c: CompetitionCreated, params: NzClubParams): NzEventShape | NzInputError {
  try {
    return eventShape({ kind: NZ_KIND_OF_FORMAT[c.format]!, sessions: c.sessions.length }, params);
  } catch (e) {
    if (e instanceof NzInputError) return e;
    throw e;
  }
}

/**
 * What the NZ standings need of a competition, under the nz-club parameters in force:
 * - NZ-1 / NZ-2 (`eventShape`): the ten-session events their `tenSession.sessions`, the
 *   three/four-session pairs one of `shortPairs.sessionCounts`, the Wellesley Pairs and the
 *   Wilkinson Individual their nights, the Random Draw Individual any number; a format the
 *   rulebook no longer counts as an event (`tenSession.events` amended) is refused at
 *   `data.format`;
 * - NZ-3: an individual event takes no substitute;
 * - NZ-5 (in its events, NZ-8 in the others): a scored session's day is the one its roster
 *   status, its one-board penalty, its C points and the club-wide counts were read on; and a
 *   substitute is on the roster, so that their status is read, not guessed.
 */
export function nzShapes(params: Params): Readonly<Record<string, FormatShape>> {
  const p = params as unknown as NzClubParams;
  const penalised = new Set([
    ...p.oneBoardPenalty.nonMemberPartnerEvents,
    ...p.oneBoardPenalty.tuesdayPlayerEvents,
  ]);
  // The rule that reads a player's roster status in the format: NZ-5's one-board penalty where
  // it applies, else NZ-8 (C points of a guest, a visitor's limits).
  const statusRule = (format: string) =>
    penalised.has(NZ_KIND_OF_FORMAT[format]!) ? 'NZ-5' : 'NZ-8';
  const shape = (format: string): FormatShape => ({
    created(c) {
      const s = shapeOf(c, p);
      if (!(s instanceof NzInputError)) return undefined;
      return new RuleViolation(
        s.rule,
        `${s.reason}: a ${c.format} of ${c.sessions.length} session(s) could never be scored`,
        FIELD_OF[s.field] ?? 'data',
      );
    },
    substitute(c) {
      const s = shapeOf(c, p);
      if (s instanceof NzInputError || !s.individual) return undefined;
      return new RuleViolation(
        'NZ-3',
        `a ${c.format} is an individual event: no substitutes`,
        'data.substituteId',
      );
    },
    sessionDay: statusRule(format),
    playerStatus: statusRule(format),
  });
  return Object.fromEntries(nzClub.formats.map((f) => [f, shape(f)]));
}
