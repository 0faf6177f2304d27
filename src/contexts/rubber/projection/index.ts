export { rubberProjection, type RubberReadState } from './state';
export {
  rubberSessionOf,
  UnknownRubberSessionError,
  type RubberSessionView,
  type SeatView,
  type TableView,
} from './queries';
