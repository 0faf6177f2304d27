import { Module } from '@nestjs/common';
import { RubberController } from './rubber.controller';
import { RubberPagesController } from '../pages/rubber-pages.controller';

/**
 * The rubber context's routes: the JSON (a club's evenings, one evening's tables, its what-if)
 * and the duty member's page. The store and the access rules are the ledger's global modules'.
 */
@Module({ controllers: [RubberController, RubberPagesController] })
export class RubberHttpModule {}
