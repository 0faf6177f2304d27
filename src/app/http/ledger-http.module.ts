import { BodyErrorInterceptor } from './body-error.interceptor';
import { Module, type DynamicModule, type LogLevel, type Type } from '@nestjs/common';
import { registeredContexts } from '../../contexts/registry';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { ledgerLogParams } from '../logging';
import { AccessHttpModule } from '../../contexts/access/http/access-http.module';
import { CorrectionsHttpModule } from '../../contexts/corrections/http/corrections-http.module';
import { LeagueHttpModule } from '../../contexts/league/http/league-http.module';
import { LeaguePagesModule } from '../../contexts/league/pages/league-pages.module';
import { MembershipHttpModule } from '../../contexts/membership/http/membership-http.module';
import { RegisterPagesModule } from '../../contexts/membership/pages/register-pages.module';
import { PairsHttpModule } from '../../contexts/pairs/http/pairs-http.module';
import { TeamsHttpModule } from '../../contexts/teams/http/teams-http.module';
import { MeetingsHttpModule } from '../../contexts/meetings/http/meetings-http.module';
import { RubberHttpModule } from '../../contexts/rubber/http/rubber-http.module';
import { TeamsPagesModule } from '../../contexts/teams/pages/teams-pages.module';
import { ClubPagesModule } from '../pages/club-pages.module';
import { HttpSupportModule } from './http-support.module';
import type { EventStore } from '../../store/event-store';
import { LedgerModule, type LedgerModuleOptions } from '../ledger.module';
import { AccessGuard } from './access/access-guard';
import { EventsController, HealthController, StreamsController } from './controllers';
import { LedgerExceptionFilter } from './exception-filter';

/** The controllers of the contexts registered at run time, after every built-in route. */
@Module({})
class RegisteredContextsHttpModule {
  static forContexts(): DynamicModule {
    return {
      module: RegisteredContextsHttpModule,
      controllers: registeredContexts().flatMap((c) => (c.http?.controllers ?? []) as Type[]),
    };
  }
}

/**
 * The HTTP API: the ledger's own routes (health, streams, events) and each context's module,
 * over LedgerModule's commands and queries, with one guard, one error filter.
 */
@Module({})
export class LedgerHttpModule {
  static forStore(
    store: EventStore,
    options: LedgerModuleOptions = {},
    logLevels: false | LogLevel[] = false,
  ): DynamicModule {
    return {
      module: LedgerHttpModule,
      // Nest registers routes module by module in this order: the ledger's own, each context's
      // JSON routes, then the pages (which keep the JSON routes' paths), then the contexts
      // registered at run time (src/contexts/registry.ts).
      imports: [
        LedgerModule.forStore(store, options),
        LoggerModule.forRoot(ledgerLogParams(logLevels)),
        HttpSupportModule,
        PairsHttpModule,
        CorrectionsHttpModule,
        LeagueHttpModule,
        MembershipHttpModule,
        TeamsHttpModule,
        MeetingsHttpModule,
        RubberHttpModule,
        AccessHttpModule,
        ClubPagesModule,
        LeaguePagesModule,
        RegisterPagesModule,
        TeamsPagesModule,
        RegisteredContextsHttpModule.forContexts(),
      ],
      controllers: [HealthController, StreamsController, EventsController],
      providers: [
        { provide: APP_FILTER, useClass: LedgerExceptionFilter },
        // Every route is judged by the access table (access/route-access.ts).
        { provide: APP_GUARD, useClass: AccessGuard },
        // A body the parser refused is answered after the guard (errors.ts).
        { provide: APP_INTERCEPTOR, useClass: BodyErrorInterceptor },
      ],
    };
  }
}
