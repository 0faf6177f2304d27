import { Module } from '@nestjs/common';
import { TeamsController } from './teams.controller';

/**
 * The teams context's JSON routes: the teams events, their standings, matches, teams and Swiss
 * proposals. Its controller's dependencies are the ledger's global modules'.
 */
@Module({ controllers: [TeamsController] })
export class TeamsHttpModule {}
