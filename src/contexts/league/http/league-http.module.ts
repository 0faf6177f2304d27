import { Module } from '@nestjs/common';
import { LeaguesController } from './leagues.controller';

/**
 * The league context's JSON routes: a league, its tables and matches. Its controllers' dependencies (the store, the
 * buses, the live read model, the access rules) are the ledger's global modules'.
 */
@Module({ controllers: [LeaguesController] })
export class LeagueHttpModule {}
