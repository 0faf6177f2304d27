export {
  readRubberQuery,
  rubberSessionAt,
  rubberSessionsAt,
  rubberWhatIfAt,
  type RubberMoment,
  type RubberParam,
} from './rubber';
export { readRubberMoment, rubberDiffAt, type RubberChange, type RubberDiffView } from './diff';
