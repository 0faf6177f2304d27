export {
  correctionLog,
  type ClubLogPart,
  type CorrectionLogState,
  type FactRef,
} from './correction-log';
export {
  correctionLogOf,
  type CorrectionEntryState,
  type CorrectionLog,
  type CorrectionLogEntry,
} from './log';
