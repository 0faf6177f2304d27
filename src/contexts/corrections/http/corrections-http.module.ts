import { Module } from '@nestjs/common';
import { CorrectionsController } from './corrections.controller';

/**
 * The corrections context's JSON routes: the correction log. Its controllers' dependencies (the store, the
 * buses, the live read model, the access rules) are the ledger's global modules'.
 */
@Module({ controllers: [CorrectionsController] })
export class CorrectionsHttpModule {}
