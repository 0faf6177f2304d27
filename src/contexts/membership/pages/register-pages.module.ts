import { Module } from '@nestjs/common';
import { RegisterPagesController } from './register-pages.controller';

/**
 * The membership context's pages: the register, applications, visitors, a person. Its controllers' dependencies (the store, the
 * buses, the live read model, the access rules) are the ledger's global modules'.
 */
@Module({ controllers: [RegisterPagesController] })
export class RegisterPagesModule {}
