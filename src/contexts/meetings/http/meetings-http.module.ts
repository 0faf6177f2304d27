import { Module } from '@nestjs/common';
import { MeetingsController } from './meetings.controller';
import { MeetingsPagesController } from '../pages/meetings-pages.controller';

/**
 * The meetings context's routes: the JSON (the meetings, a meeting's minutes, the officers, the
 * constitution) and the pages. Its controllers' dependencies (the store, the access rules) are the ledger's
 * global modules'.
 */
@Module({ controllers: [MeetingsController, MeetingsPagesController] })
export class MeetingsHttpModule {}
