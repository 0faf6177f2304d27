// The contexts and the rulesets the ledger ships register themselves (one line each there).
import '../contexts/built-in';
import '../rulesets';
import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { catalogue as defaultCatalogue } from '../contexts/catalogue';
import type { EventCatalogue } from '../kernel/catalogue';
import type { EventStore } from '../store/event-store';
import { DomainGate } from '../ledger/domain-gate';
import { LiveClubIndex, type LiveReadModel } from '../ledger/live-club-index';
import { AppendEventsHandler } from './cqrs/append-events';
import { ReadAllHandler } from './cqrs/read-all';
import { ReadStreamHandler } from './cqrs/read-stream';
import {
  ChampionshipHandler,
  SessionResultHandler,
  StandingsHandler,
} from '../contexts/pairs/http/published.query';
import { CPointsHandler } from '../contexts/pairs/http/c-points.query';
import { EVENT_CATALOGUE, EVENT_STORE, LIVE_COMPETITIONS } from './tokens';
import type { LiveCompetitions } from '../contexts/pairs/read/competition-slice';
import { ALWAYS_CAUGHT_UP, READ_MODEL_STATUS, type ReadModelStatus } from './read-model-status';

export interface LedgerModuleOptions {
  /** The event types accepted on append; the ledger's catalogue by default. */
  catalogue?: EventCatalogue;
  /**
   * Close the store when the application closes (app.close() or a shutdown signal). Off by
   * default: whoever opened the store closes it.
   */
  closeStoreOnShutdown?: boolean;
  /**
   * The live `competitions` projection (the server's runner) with the partitions asked for in
   * memory: standings "now" are answered from it; "as of" an instant or a position folds only
   * what changed after it.
   */
  liveCompetitions?: LiveCompetitions;
  /**
   * Whether the live projections have caught up with the store (the server's runner): until
   * then /health says "catching up" and the tables "now" are refused (503, docs/http.md).
   * Always caught up by default (no live projections: every answer a replay).
   */
  readModelStatus?: () => ReadModelStatus;
  /**
   * The runner's read model for the deciders' club-wide checks (NZ-8e, NZ-10): without it the
   * gate keeps an index of its own, folded from $all on the first check that needs it.
   */
  readModel?: LiveReadModel;
}

@Injectable()
class StoreCloser implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  onApplicationShutdown() {
    return this.store.close();
  }
}

/**
 * The ledger's commands and queries over one event store, on @nestjs/cqrs's CommandBus and
 * QueryBus. No HTTP here: the CLI runs it in an application context, the HTTP module imports it.
 */
@Module({})
export class LedgerModule {
  static forStore(store: EventStore, options: LedgerModuleOptions = {}): DynamicModule {
    const providers: Provider[] = [
      { provide: EVENT_STORE, useValue: store },
      { provide: EVENT_CATALOGUE, useValue: options.catalogue ?? defaultCatalogue },
      { provide: LIVE_COMPETITIONS, useValue: options.liveCompetitions ?? (() => undefined) },
      { provide: READ_MODEL_STATUS, useValue: options.readModelStatus ?? ALWAYS_CAUGHT_UP },
      {
        provide: DomainGate,
        // The gate reads a proposed fact as the store reads it: by the module's catalogue.
        useFactory: (s: EventStore, catalogue: EventCatalogue) =>
          new DomainGate(s, {
            upcast: catalogue.upcast,
            ...(options.readModel
              ? { club: (upcast) => new LiveClubIndex(upcast, options.readModel!) }
              : {}),
          }),
        inject: [EVENT_STORE, EVENT_CATALOGUE],
      },
      AppendEventsHandler,
      ReadStreamHandler,
      ReadAllHandler,
      StandingsHandler,
      ChampionshipHandler,
      SessionResultHandler,
      CPointsHandler,
    ];
    if (options.closeStoreOnShutdown) providers.push(StoreCloser);
    return {
      module: LedgerModule,
      // Every context's controllers inject the store, the buses and the live read model.
      global: true,
      imports: [CqrsModule.forRoot()],
      providers,
      exports: [EVENT_STORE, EVENT_CATALOGUE, LIVE_COMPETITIONS, READ_MODEL_STATUS, CqrsModule],
    };
  }
}
