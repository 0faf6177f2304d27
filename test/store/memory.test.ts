import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { eventStoreContract } from './contract';

eventStoreContract('memory', {
  densePositions: true,
  atomicMany: true,
  readsPages: true,
  open: (options) => Promise.resolve(new MemoryEventStore(options)),
});
