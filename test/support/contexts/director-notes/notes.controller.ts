import { Controller, Get, Inject, Param } from '@nestjs/common';
import { fold } from '../../../../src/kernel/projection';
import type { RecordedEvent } from '../../../../src/kernel/envelope';
import { EVENT_STORE } from '../../../../src/app/tokens';
import type { EventStore } from '../../../../src/store/event-store';
import { directorNotes } from './projection';

/** `GET /clubs/:clubId/director-notes`: the club's notes, folded from its stream. */
@Controller()
export class DirectorNotesController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get('clubs/:clubId/director-notes')
  async notes(@Param('clubId') clubId: string) {
    const events: RecordedEvent[] = [];
    for await (const e of this.store.readAll()) events.push(e);
    return { clubId, notes: fold(directorNotes, events).clubs[clubId] ?? [] };
  }
}
