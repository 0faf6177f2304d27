import { isStoreBusy } from '../store/errors';

/**
 * A save tried again while the store is busy, up to `waitMs`: a rebuild's shares take the file's
 * write lock in turn, and SQLite may answer busy at once rather than wait its busy timeout (a
 * share's last save at 9.35 M facts did, once, while another share was saving). Any other error
 * is thrown at once.
 */
export async function saveWhenFree(
  save: () => void,
  waitMs = 60_000,
  retryMs = 100,
): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return save();
    } catch (err) {
      if (!isStoreBusy(err) || Date.now() >= until) throw err;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}
