import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { httpApiSuite } from './http-api.suite';

httpApiSuite('the memory store', () => Promise.resolve(new MemoryEventStore()));
