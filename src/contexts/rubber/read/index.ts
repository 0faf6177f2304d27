export {
  readRubberQuery,
  rubberSessionAt,
  rubberSessionsAt,
  rubberWhatIfAt,
  type RubberMoment,
  type RubberParam,
} from './rubber';
