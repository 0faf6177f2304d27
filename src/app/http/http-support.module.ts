import { Global, Module } from '@nestjs/common';
import { LedgerAccess } from './access/ledger-access';
import { AppendRequestCheck } from './append-request';
import { RequestValidator } from './request-validator';

/**
 * What every context's controllers may inject beside the ledger's own module: the request
 * validator, the append request's check, and the access rules (keys, roles, the pages' sign-in).
 */
@Global()
@Module({
  providers: [RequestValidator, AppendRequestCheck, LedgerAccess],
  exports: [RequestValidator, AppendRequestCheck, LedgerAccess],
})
export class HttpSupportModule {}
