import { BodyErrorInterceptor } from './body-error.interceptor';
import { PublishedController } from '../../contexts/pairs/http/published.controller';
import { Module, type DynamicModule, type LogLevel, type Type } from '@nestjs/common';
import { registeredContexts } from '../../contexts/registry';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { ledgerLogParams } from '../logging';
import type { EventStore } from '../../store/event-store';
import { LedgerModule, type LedgerModuleOptions } from '../ledger.module';
import { AccessGuard } from './access/access-guard';
import { KeysController } from '../../contexts/access/http/keys.controller';
import { LedgerAccess } from './access/ledger-access';
import { LoginController } from '../../contexts/access/http/login.controller';
import { AppendRequestCheck } from './append-request';
import { EventsController, HealthController, StreamsController } from './controllers';
import { CorrectionsController } from '../../contexts/corrections/http/corrections.controller';
import { LeaguesController } from '../../contexts/league/http/leagues.controller';
import { MembershipController } from '../../contexts/membership/http/membership.controller';
import { ClubPagesController } from '../pages/club-pages.controller';
import { LeaguePagesController } from '../../contexts/league/pages/league-pages.controller';
import { RegisterPagesController } from '../../contexts/membership/pages/register-pages.controller';
import { LedgerExceptionFilter } from './exception-filter';
import { RequestValidator } from './request-validator';

/** The HTTP API: LedgerModule's commands and queries behind controllers and one error filter. */
@Module({})
export class LedgerHttpModule {
  static forStore(
    store: EventStore,
    options: LedgerModuleOptions = {},
    logLevels: false | LogLevel[] = false,
  ): DynamicModule {
    return {
      module: LedgerHttpModule,
      imports: [
        LedgerModule.forStore(store, options),
        LoggerModule.forRoot(ledgerLogParams(logLevels)),
      ],
      controllers: [
        HealthController,
        StreamsController,
        EventsController,
        PublishedController,
        CorrectionsController,
        LeaguesController,
        MembershipController,
        KeysController,
        LoginController,
        // The HTML pages, after the JSON routes (which keep their paths).
        ClubPagesController,
        LeaguePagesController,
        RegisterPagesController,
        // The controllers of the contexts registered at run time (src/contexts/registry.ts).
        ...registeredContexts().flatMap((c) => (c.http?.controllers ?? []) as Type[]),
      ],
      providers: [
        RequestValidator,
        AppendRequestCheck,
        { provide: APP_FILTER, useClass: LedgerExceptionFilter },
        // Every route is judged by the access table (access/route-access.ts).
        LedgerAccess,
        { provide: APP_GUARD, useClass: AccessGuard },
        // A body the parser refused is answered after the guard (errors.ts).
        { provide: APP_INTERCEPTOR, useClass: BodyErrorInterceptor },
      ],
    };
  }
}
