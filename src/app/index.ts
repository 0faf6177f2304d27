export { AppendEventsCommand, AppendEventsHandler } from './cqrs/append-events';
export { ReadAllHandler, ReadAllQuery } from './cqrs/read-all';
export { ReadStreamHandler, ReadStreamQuery } from './cqrs/read-stream';
export {
  ChampionshipHandler,
  ChampionshipQuery,
  SessionResultHandler,
  SessionResultQuery,
  StandingsHandler,
  StandingsQuery,
} from '../contexts/pairs/http/published.query';
export { CPointsHandler, CPointsQuery } from '../contexts/pairs/http/c-points.query';
export { LedgerModule, type LedgerModuleOptions } from './ledger.module';
export { LedgerHttpModule } from './http/ledger-http.module';
export { toHttpError, type HttpError } from './http/exception-filter';
export { DEFAULT_PAGE, MAX_PAGE } from './http/dto';
export {
  createLedgerHttpApp,
  DEFAULT_BODY_LIMIT,
  DEFAULT_LOG_LEVELS,
  type LedgerHttpAppOptions,
} from './http-app';
export {
  startHttpServer,
  type RunningHttpServer,
  type StartHttpServerOptions,
} from './http-server';
export { EVENT_CATALOGUE, EVENT_STORE } from './tokens';
export { validateAppend } from '../ledger/validate-append';
