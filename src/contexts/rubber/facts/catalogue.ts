// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import type { EventDefinition } from '../../../kernel/catalogue';
import { classSchema } from '../../../kernel/class-schema';
import type { FieldIssue } from '../../../kernel/issues';
import {
  FurtherRubberAgreedData,
  GameCalledData,
  RubberCompletedData,
  RubberHandCompletedData,
  RubberSessionOpenedData,
  RubberTableMadeUpData,
  RubberTablesExchangedData,
  RubberTableUpCalledData,
  RubberTableWaitingData,
  RubberUnitArrivedData,
  RubberUnitLeftData,
  RubberUnitRetiredData,
} from './rubber';

/**
 * A club's rubber-bridge evening (Pinner BC's rules PIN-R21..R25) as a state machine over
 * facts: who arrived, the cuts (the cards drawn, so that a replay decides the same), the tables
 * made up, hands and rubbers completed, each Table Up, Game Call and further rubber. Who sits
 * where, who waits, each unit's tenure and who leaves at the next Table Up are never facts:
 * the session's fold and the club's rubber rules derive them.
 *
 * One stream per evening, `rubber-<sessionId>`; its first fact names the club.
 */
export interface RubberFactData {
  RubberSessionOpened: RubberSessionOpenedData;
  RubberUnitArrived: RubberUnitArrivedData;
  RubberTableMadeUp: RubberTableMadeUpData;
  RubberHandCompleted: RubberHandCompletedData;
  RubberCompleted: RubberCompletedData;
  RubberTableUpCalled: RubberTableUpCalledData;
  GameCalled: GameCalledData;
  FurtherRubberAgreed: FurtherRubberAgreedData;
  RubberTableWaiting: RubberTableWaitingData;
  RubberTablesExchanged: RubberTablesExchangedData;
  RubberUnitRetired: RubberUnitRetiredData;
  RubberUnitLeft: RubberUnitLeftData;
}

type RubberDefinition = EventDefinition & { type: keyof RubberFactData };

const def = (
  type: keyof RubberFactData,
  rules: string[],
  description: string,
  validate: (d: unknown) => FieldIssue[],
): RubberDefinition => ({ type, schemaVersion: 1, rules, description, validate });

export const rubberEvents: RubberDefinition[] = [
  def(
    'RubberSessionOpened',
    ['PIN-R21', 'PIN-R22'],
    'A rubber-bridge evening opened at a club: its day, its kind (partnership: pairs arrive; cut-in: players arrive and cut for partners) and its duty member.',
    classSchema(RubberSessionOpenedData),
  ),
  def(
    'RubberUnitArrived',
    ['PIN-R21', 'PIN-R22', 'PIN-R23', 'PIN-R25'],
    'A pair (partnership) or a player (cut-in) arrives and waits; during a waiting period it joins the waiting table; one retired comes back after half an hour at the earliest.',
    classSchema(RubberUnitArrivedData),
  ),
  def(
    'RubberTableMadeUp',
    ['PIN-R21', 'PIN-R22'],
    'A table made up from those waiting: those who lost an earlier cut first, then, when more wait than the places left, all of them cut and the highest sit; or the duty member’s grouping by standard at a cut-in session.',
    classSchema(RubberTableMadeUpData),
  ),
  def(
    'RubberHandCompleted',
    ['PIN-R23', 'PIN-R24'],
    'A hand played to its end at a table; at 2½ tables or fewer the seventh ends the rubber. It decides a Game Call the table made.',
    classSchema(RubberHandCompletedData),
  ),
  def(
    'RubberCompleted',
    ['PIN-R23', 'PIN-R24', 'PIN-R26'],
    'A rubber ended at a table (or by the seven-hand rule): each unit seated has played one more there; Table Up follows.',
    classSchema(RubberCompletedData),
  ),
  def(
    'RubberTableUpCalled',
    ['PIN-R23'],
    '“Table Up”: the longest tenures leave for those waiting, equal tenures by cut (the lower to move); those waiting take the places in the order they wait.',
    classSchema(RubberTableUpCalledData),
  ),
  def(
    'GameCalled',
    ['PIN-R23'],
    '“Game Call” by a table playing, for a table at Table Up with none waiting: the Table Up awaits the outcome of the calling table’s hand in play.',
    classSchema(GameCalledData),
  ),
  def(
    'FurtherRubberAgreed',
    ['PIN-R23'],
    'With none waiting and no successful Game Call, all four players agree to play one further rubber (at a cut-in session before the cut for partners).',
    classSchema(FurtherRubberAgreedData),
  ),
  def(
    'RubberTableWaiting',
    ['PIN-R23'],
    'Failing agreement to continue, the table’s units all wait for the next Table Up.',
    classSchema(RubberTableWaitingData),
  ),
  def(
    'RubberTablesExchanged',
    ['PIN-R23'],
    'Two tables have completed a rubber with none waiting: the longest tenures at each exchange (a pair, or two players), equal tenures by cut.',
    classSchema(RubberTablesExchangedData),
  ),
  def(
    'RubberUnitRetired',
    ['PIN-R25'],
    'A unit waiting that will not follow the rotation retires from the playing room for half an hour at least.',
    classSchema(RubberUnitRetiredData),
  ),
  def(
    'RubberUnitLeft',
    ['PIN-R23'],
    'A unit waiting goes home for the evening.',
    classSchema(RubberUnitLeftData),
  ),
];

export const RUBBER_FACT_TYPES: ReadonlySet<string> = new Set(rubberEvents.map((d) => d.type));
