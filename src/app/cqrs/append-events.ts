import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventCatalogue } from '../../kernel/catalogue';
import type { EventToAppend } from '../../kernel/envelope';
import type { AppendResult, EventStore, ExpectedRevision } from '../../store/event-store';
import { EVENT_CATALOGUE, EVENT_STORE } from '../tokens';
import { appendThroughGate } from '../../ledger/append-through-gate';
import { DomainGate } from '../../ledger/domain-gate';
import { validateAppend } from '../../ledger/validate-append';

/**
 * Append a batch to one stream. Nothing of it is written unless every event passes the
 * envelope rules and the catalogue (InvalidEventError names every bad field) and, in a
 * competition stream, the deciders (RuleViolation names the rule).
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
    @Inject(DomainGate) private readonly gate: DomainGate,
  ) {}

  async execute({ streamId, expectedRevision, events }: AppendEventsCommand) {
    const batch = validateAppend(this.catalogue, streamId, expectedRevision, events);
    // The deciders judge competition facts against the stream as read; the append then
    // expects that revision, so a fact that raced in makes this a conflict, not a bad decision.
    // One gate for the module, one append at a time: the club-wide counts (NZ-8e, NZ-10) read
    // other streams too, which no expected revision guards.
    return appendThroughGate(this.gate, this.store, { streamId, expectedRevision, events: batch });
  }
}
