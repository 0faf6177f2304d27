import { Module } from '@nestjs/common';
import { KeysController } from './keys.controller';
import { LoginController } from './login.controller';

/**
 * The access context's routes: API keys, and the pages' sign-in. Its controllers' dependencies (the store, the
 * buses, the live read model, the access rules) are the ledger's global modules'.
 */
@Module({ controllers: [KeysController, LoginController] })
export class AccessHttpModule {}
