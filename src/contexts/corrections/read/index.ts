// The corrections context's read services, as another context's adapters use them.
export { correctionLogFromStore, type CorrectionLogView } from './correction-log';
