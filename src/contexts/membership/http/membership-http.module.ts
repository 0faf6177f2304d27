import { Module } from '@nestjs/common';
import { MembershipController } from './membership.controller';

/**
 * The membership context's JSON routes: the register, a person, applications, visitors. Its controllers' dependencies (the store, the
 * buses, the live read model, the access rules) are the ledger's global modules'.
 */
@Module({ controllers: [MembershipController] })
export class MembershipHttpModule {}
