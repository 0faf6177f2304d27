import type { EventDefinition } from '../../../kernel/catalogue';
import { classSchema } from '../../../kernel/class-schema';
import type { FieldIssue } from '../../../kernel/issues';
import {
  TeamEnteredData,
  TeamHandicapAdjustedData,
  TeamsBallotDrawnData,
  TeamsEventCreatedData,
} from './entries';
import { SwissRoundPairedData, TeamsMatchDefaultedData, TeamsMatchRecordedData } from './matches';

/**
 * A club's teams events (RULES.md NZ-8 teams, NZ-11, NZ-12, NZ-14 to NZ-16, DSB-15, DSB-16): one
 * stream per event, `teams-<eventId>`; every fact names its `eventId`. The event is run under
 * the teams rules its organising club's rulebook scores (src/contexts/teams/rules.ts): the
 * standing, the VP and the next Swiss round are never facts, always derived.
 */
export interface TeamsFactData {
  TeamsEventCreated: TeamsEventCreatedData;
  TeamEntered: TeamEnteredData;
  TeamHandicapAdjusted: TeamHandicapAdjustedData;
  SwissRoundPaired: SwissRoundPairedData;
  TeamsMatchRecorded: TeamsMatchRecordedData;
  TeamsMatchDefaulted: TeamsMatchDefaultedData;
  TeamsBallotDrawn: TeamsBallotDrawnData;
}

export type TeamsFactType = keyof TeamsFactData;

type TeamsDefinition = EventDefinition & { type: TeamsFactType };

const def = (
  type: TeamsFactType,
  rules: string[],
  description: string,
  validate: (d: unknown) => FieldIssue[],
): TeamsDefinition => ({ type, schemaVersion: 1, rules, description, validate });

export const teamsEvents: TeamsDefinition[] = [
  def(
    'TeamsEventCreated',
    ['NZ-11', 'NZ-14', 'DSB-15'],
    "A club's teams event: its name, the teams rules it is run under (a format its rulebook scores), the sessions, the handicap range of a handicap event.",
    classSchema(TeamsEventCreatedData),
  ),
  def(
    'TeamEntered',
    ['NZ-16', 'DSB-15'],
    'A team entered: four to six players, its captain, its handicap (within the event’s range), its group in an event of fixed groups.',
    classSchema(TeamEnteredData),
  ),
  def(
    'TeamHandicapAdjusted',
    ['NZ-16'],
    'The director adjusts the handicaps of a match’s teams for one session, with the reason.',
    classSchema(TeamHandicapAdjustedData),
  ),
  def(
    'SwissRoundPaired',
    ['DSB-15'],
    'A Swiss round’s tables and bye as the director records them (round 1 the draw): the recorded pairing is the one that counts.',
    classSchema(SwissRoundPairedData),
  ),
  def(
    'TeamsMatchRecorded',
    ['NZ-14', 'NZ-15', 'DSB-16'],
    'A match played: round, boards, each side’s IMPs, its seated players and substitutes; VP on the event’s scale.',
    classSchema(TeamsMatchRecordedData),
  ),
  def(
    'TeamsMatchDefaulted',
    ['NZ-11'],
    'A match one team defaulted: it scores the defaulting VP, its opponents the NZ-11 score.',
    classSchema(TeamsMatchDefaultedData),
  ),
  def(
    'TeamsBallotDrawn',
    ['NZ-12'],
    'The ballot among teams the tie-break chain could not separate: the order drawn, so a replay gives the same standing.',
    classSchema(TeamsBallotDrawnData),
  ),
];
