import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { httpApiSuite } from './http-api.suite';
import { removeTempDirs, tempDbPath } from './support';

afterAll(removeTempDirs);

httpApiSuite('the SQLite store', () =>
  Promise.resolve(new SqliteEventStore(tempDbPath(), { synchronous: 'NORMAL' })),
);
