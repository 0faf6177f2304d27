import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { EventStore } from '../../store/event-store';
import { LedgerModule, type LedgerModuleOptions } from '../ledger.module';
import { AccessGuard } from './access/access-guard';
import { KeysController } from './access/keys.controller';
import { LedgerAccess } from './access/ledger-access';
import { LoginController } from './access/login.controller';
import { AppendRequestCheck } from './append-request';
import {
  EventsController,
  HealthController,
  PublishedController,
  StreamsController,
} from './controllers';
import { CorrectionsController } from './corrections.controller';
import { LedgerExceptionFilter } from './exception-filter';
import { RequestValidator } from './request-validator';

/** The HTTP API: LedgerModule's commands and queries behind controllers and one error filter. */
@Module({})
export class LedgerHttpModule {
  static forStore(store: EventStore, options: LedgerModuleOptions = {}): DynamicModule {
    return {
      module: LedgerHttpModule,
      imports: [LedgerModule.forStore(store, options)],
      controllers: [
        HealthController,
        StreamsController,
        EventsController,
        PublishedController,
        CorrectionsController,
        KeysController,
        LoginController,
      ],
      providers: [
        RequestValidator,
        AppendRequestCheck,
        { provide: APP_FILTER, useClass: LedgerExceptionFilter },
        // Issue 17: every route is judged by the access table (access/route-access.ts).
        LedgerAccess,
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
