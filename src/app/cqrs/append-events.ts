import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventCatalogue } from '../../events/catalogue';
import type { EventToAppend } from '../../events/envelope';
import type { AppendResult, EventStore, ExpectedRevision } from '../../store/event-store';
import { EVENT_CATALOGUE, EVENT_STORE } from '../tokens';
import { withMissingDataAsNull } from '../append-guard';
import { validateAppend } from '../validate-append';

/**
 * Append a batch to one stream. Nothing of it is written unless every event passes the
 * envelope rules and the catalogue (InvalidEventError names every bad field).
 */
export class AppendEventsCommand extends Command<AppendResult> {
  constructor(
    readonly streamId: string,
    readonly expectedRevision: ExpectedRevision,
    readonly events: readonly EventToAppend[],
  ) {
    super();
  }
}

@CommandHandler(AppendEventsCommand)
export class AppendEventsHandler implements ICommandHandler<AppendEventsCommand, AppendResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(EVENT_CATALOGUE) private readonly catalogue: EventCatalogue,
  ) {}

  async execute({ streamId, expectedRevision, events }: AppendEventsCommand) {
    const batch = validateAppend(
      this.catalogue,
      streamId,
      expectedRevision,
      withMissingDataAsNull(events),
    );
    return this.store.appendToStream(streamId, batch, { expectedRevision });
  }
}
