import { Module } from '@nestjs/common';
import { MeetingsController } from './meetings.controller';

/**
 * The meetings context's JSON routes: the meetings, a meeting's minutes, the officers, the
 * constitution. Its controllers' dependencies (the store, the access rules) are the ledger's
 * global modules'.
 */
@Module({ controllers: [MeetingsController] })
export class MeetingsHttpModule {}
