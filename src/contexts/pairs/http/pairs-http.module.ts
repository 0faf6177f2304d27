import { Module } from '@nestjs/common';
import { PublishedController } from './published.controller';
import { SessionPagesController } from '../pages/session-pages.controller';

/**
 * The pairs context's JSON routes: standings, championship, C points, a scored session's result, their as-of, diff and what-if; and a scored session's pages. Its controllers' dependencies (the store, the
 * buses, the live read model, the access rules) are the ledger's global modules'.
 */
@Module({ controllers: [PublishedController, SessionPagesController] })
export class PairsHttpModule {}
