import type { Decider } from '../../../kernel/decider';
import { clubStreamId, rosterStreamId } from '../../club';
import type { ClubContext } from '../../club-context';
import { loneCrossResult } from './cross-substitution';
import { decide } from './decide';
import { NO_RULEBOOK_OPTIONS, type DecideOptions } from './decide-options';
import { RuleViolation } from '../../../kernel/rule-violation';
import { COMPETITION_FACT_TYPES, COMPETITION_HOME, type CompetitionFact } from './facts';
import { evolve, initialCompetitionState, sessionDateOf, type CompetitionState } from './state';

/**
 * Facts that sit a player down (`seatsOfFact`): the club-wide limits (NZ-8e, NZ-10) judge
 * these. A naming seats the partnership's two at a session already linked to board results.
 */
const SEATING = new Set([
  'SessionResultRecorded',
  'SubstitutePlayed',
  'SessionScoredFromBoards',
  'PartnershipPlayersNamed',
]);

/**
 * Facts whose decision reads the club's rulebook in force on the session's day: the DSB-3
 * naming deadline, DSB-10.1's notice before the start, the session's rounds for a sit-out match
 * (DSB-4, DSB-22.5).
 */
const READS_RULEBOOK = new Set([
  'PartnershipPlayersNamed',
  'SubstitutePlayed',
  'SitOutMatchPlayed',
  // The shapes the rulebook's formats need (FormatShape): sessions, boards, a scored day, a
  // substitute's status on the roster.
  'CompetitionCreated',
  'SessionResultRecorded',
  'SessionHeld',
  // A pair enters as of the first session (DSB-12.2: after its draw, none can).
  'PairEntered',
  // How the format's sessions are scored (FormatShape.scoringMethod: STD-MP, STD-BUTLER).
  'SessionScoredFromBoards',
]);

/** The pairs context: a competition's stream, `competition-<competitionId>`. */
export const competitionDecider: Decider<CompetitionState, ClubContext> = {
  name: 'competition',
  owns: (streamId) => streamId.startsWith(COMPETITION_HOME.prefix),
  streams: 'competition-<competitionId>',
  factTypes: COMPETITION_FACT_TYPES,
  homeOf: () => COMPETITION_HOME,
  clubWide: true,
  initialState: initialCompetitionState,
  evolve: (state, fact) => void evolve(state, fact as CompetitionFact),
  // A pair's players are read off the club's roster; a competition's club off its registration.
  readsClub: (fact) => SEATING.has(fact.type) || READS_RULEBOOK.has(fact.type),
  decide(proposed, state, club) {
    const fact = proposed as CompetitionFact;
    const clubId = state.competition?.clubId ?? (fact.data as { clubId: string }).clubId;
    const options = optionsFor(state, fact, club);
    const decided = decide(state, fact, options, (date) => club.optionsOn(clubId, date));
    // The club's facts behind the competition's, once the competition's own rules pass.
    const unknown = clubFactsViolation(state, fact, options, club);
    if (unknown) throw unknown;
    // The club-wide limits judge each fact that seats a player, before it is folded.
    const c = state.competition;
    if (c && decided.some((f) => SEATING.has(f.type))) {
      for (const f of decided) {
        if (!SEATING.has(f.type)) continue;
        const refused = club.playLimitViolation(state, f);
        if (refused) throw refused;
      }
    }
    return decided;
  },
  settle: (state, batch) => loneCrossResult(state, batch as CompetitionFact[]),
};

/**
 * The options a fact is decided with: for a fact that reads the rulebook, those of the club's
 * rulebook in force on the session's day (as held, else planned: `sessionDateOf`, in the state
 * the batch has folded so far; a PairEntered's, session 1's); with no rulebook that day, or for
 * another fact, none.
 */
function optionsFor(state: CompetitionState, fact: CompetitionFact, club: ClubContext) {
  const c = state.competition;
  const session = fact.type === 'PairEntered' ? 1 : (fact.data as { session?: unknown }).session;
  if (!READS_RULEBOOK.has(fact.type) || !c || typeof session !== 'number') {
    return NO_RULEBOOK_OPTIONS;
  }
  const date = sessionDateOf(state, session);
  return date === undefined ? NO_RULEBOOK_OPTIONS : club.optionsOn(c.clubId, date);
}

/**
 * DSB-16a: a competition whose format takes its pairs from others (`FormatShape.entriesFrom`)
 * enters a pair only as one of those competitions of the club and season entered it (the same
 * players), naming the competitions it looked in.
 */
function entryFromViolation(
  state: CompetitionState,
  players: readonly string[],
  options: DecideOptions,
  club: ClubContext,
): RuleViolation | undefined {
  const c = state.competition!;
  const from = options.formats?.[c.format]?.entriesFrom;
  if (!from) return undefined;
  const same = (a: readonly string[]) =>
    a.length === players.length && a.every((p) => players.includes(p));
  const sources = club
    .competitionsOf(c.clubId)
    .filter((o) => o.competition && o.competition.season === c.season)
    .filter((o) => from.formats.includes(o.competition!.format));
  if (sources.some((o) => Object.values(o.pairs).some((p) => same(p.players)))) return undefined;
  return new RuleViolation(
    from.rule,
    `${players.join(' and ')} are not a pair of a ${from.formats.join(' or ')} competition of ${c.clubId} in ${c.season}${sources.length ? ` (${sources.map((o) => o.competition!.competitionId).join(', ')})` : ': there is none'}: a ${c.format} competition is played with their pairs`,
    'data.players',
  );
}

/**
 * The club's facts a competition's fact stands on, read from the club-wide
 * context (the club's registration and its roster, as the read model holds them):
 *
 * - LEDGER: a competition is of a club the ledger registered (`data.clubId`);
 * - LEDGER: a pair names players the club's roster registered (`data.players[i]`): every
 *   ruleset reads a pair's players off the roster (NZ-5, NZ-8, NZ-10 their status, DSB-6/8 their
 *   group), and a visitor or guest is registered too, as `visitor` or `non-member`;
 * - a substitute is registered where the format's rule reads their status (`playerStatus`:
 *   NZ-5, NZ-8; `data.substituteId`). A partnership's naming names players of the pair (DSB-3),
 *   registered when it entered, and no DSB rule reads their status: not judged again;
 * - STD-MP: a session scored from board results is a matchpoint session (a butler or
 *   cross-IMP one gives IMPs, not the percentages the standings read; `data.sessionStreamId`),
 *   or, for a format whose shape reads butler IMPs (DSB-16b), a butler one (STD-BUTLER).
 */
function clubFactsViolation(
  state: CompetitionState,
  fact: CompetitionFact,
  options: DecideOptions,
  club: ClubContext,
): RuleViolation | undefined {
  if (fact.type === 'CompetitionCreated') {
    const { clubId } = fact.data;
    if (club.isRegistered(clubId)) return undefined;
    return new RuleViolation(
      'LEDGER',
      `club ${clubId} is not registered: no ClubRegistered in ${clubStreamId(clubId)}; register the club first`,
      'data.clubId',
    );
  }
  const clubId = state.competition!.clubId;
  const unregistered = (playerId: string) =>
    `${playerId} is not on club ${clubId}'s roster: no PlayerRegistered in ${rosterStreamId(clubId)}`;
  if (fact.type === 'PairEntered') {
    const i = fact.data.players.findIndex((p) => !club.onRoster(clubId, p));
    if (i >= 0) {
      return new RuleViolation(
        'LEDGER',
        `${unregistered(fact.data.players[i]!)}; register them first (a visitor or guest as \`visitor\` or \`non-member\`)`,
        `data.players[${i}]`,
      );
    }
    return entryFromViolation(state, fact.data.players, options, club);
  }
  if (fact.type === 'SessionScoredFromBoards') {
    // A format reads a pair's session percentage (STD-MP), or, a butler competition, its IMPs
    // against the datum (STD-BUTLER): a session scored otherwise is not what it reads.
    const { sessionStreamId } = fact.data;
    const scored = club.sessionOf(clubId, sessionStreamId);
    const reads = options.formats?.[state.competition!.format]?.scoringMethod ?? 'MP';
    if (!scored || scored.scoringMethod === reads) return undefined;
    return new RuleViolation(
      reads === 'MP' ? 'STD-MP' : 'STD-BUTLER',
      reads === 'MP'
        ? `${sessionStreamId} is a ${scored.scoringMethod} session: its IMPs are not the matchpoint percentages a ${state.competition!.format} competition's standing reads`
        : `${sessionStreamId} is a ${scored.scoringMethod} session: a ${state.competition!.format} competition's standing reads each pair's butler IMPs against the datum`,
      'data.sessionStreamId',
    );
  }
  if (fact.type === 'SubstitutePlayed') {
    const rule = options.formats?.[state.competition!.format]?.playerStatus;
    const { substituteId } = fact.data;
    if (rule === undefined || club.onRoster(clubId, substituteId)) return undefined;
    return new RuleViolation(
      rule,
      `${unregistered(substituteId)}: ${rule} reads a partner's status off the roster (a member, a nominee, a guest or a visitor); register them first`,
      'data.substituteId',
    );
  }
  return undefined;
}
