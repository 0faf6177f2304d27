import { Module } from '@nestjs/common';
import { LeaguePagesController } from './league-pages.controller';

/**
 * The league context's pages. Its controllers' dependencies (the store, the
 * buses, the live read model, the access rules) are the ledger's global modules'.
 */
@Module({ controllers: [LeaguePagesController] })
export class LeaguePagesModule {}
