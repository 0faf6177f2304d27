import { Module } from '@nestjs/common';
import { ClubPagesController } from './club-pages.controller';

/**
 * The pages of the ledger, a club and its competitions. Its controllers' dependencies (the store, the
 * buses, the live read model, the access rules) are the ledger's global modules'.
 */
@Module({ controllers: [ClubPagesController] })
export class ClubPagesModule {}
