import { Module } from '@nestjs/common';
import { TeamsPagesController } from './teams-pages.controller';

/** The teams context's pages. Their dependencies are the ledger's global modules'. */
@Module({ controllers: [TeamsPagesController] })
export class TeamsPagesModule {}
