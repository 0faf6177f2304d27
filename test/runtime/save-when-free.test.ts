import Database from 'better-sqlite3';
import { saveWhenFree } from '../../src/ledger/save-when-free';
import { tempDbPath } from '../support/temp';

/**
 * A rebuild's share saves in the ledger's file while the other shares save in it too: its last
 * save waits for the lock, even where SQLite answers busy at once.
 */
describe("a share's last save waits for the file's write lock", () => {
  const twoConnections = () => {
    const path = tempDbPath();
    const holder = new Database(path);
    holder.pragma('journal_mode = WAL');
    holder.exec('CREATE TABLE saved (n INTEGER)');
    // No busy timeout: SQLite answers busy at once, as it did to a share's last save.
    const share = new Database(path, { timeout: 0 });
    const save = () =>
      share.transaction(() => share.prepare('INSERT INTO saved VALUES (1)').run()).immediate();
    return { holder, share, save };
  };

  it('another connection holds the lock for 300 ms: the save goes through once it is free', async () => {
    const { holder, share, save } = twoConnections();
    holder.exec('BEGIN IMMEDIATE');
    expect(save).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    setTimeout(() => holder.exec('COMMIT'), 300);
    const t = Date.now();
    await saveWhenFree(save, 5_000, 20);
    expect(Date.now() - t).toBeGreaterThanOrEqual(250);
    expect(share.prepare('SELECT count(*) FROM saved').pluck().get()).toBe(1);
    holder.close();
    share.close();
  });

  it('the lock still held after the wait: the busy error is thrown, nothing saved', async () => {
    const { holder, share, save } = twoConnections();
    holder.exec('BEGIN IMMEDIATE');
    await expect(saveWhenFree(save, 200, 20)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    holder.exec('COMMIT');
    expect(share.prepare('SELECT count(*) FROM saved').pluck().get()).toBe(0);
    holder.close();
    share.close();
  });

  it('an error that is not a busy store is thrown at once, not tried again', async () => {
    const save = jest.fn(() => {
      throw Object.assign(new Error('disk full'), { code: 'SQLITE_FULL' });
    });
    await expect(saveWhenFree(save, 5_000, 20)).rejects.toThrow('disk full');
    expect(save).toHaveBeenCalledTimes(1);
  });
});
