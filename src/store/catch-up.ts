import { Observable, type Subject } from 'rxjs';
import type { RecordedEvent } from '../kernel/envelope';

export type ReadPage = (afterPosition: number, limit: number) => Promise<RecordedEvent[]>;

export interface CatchUpOptions {
  /** Deliver events after this position. */
  fromPosition: number;
  readPage: ReadPage;
  /** Fires after a local append commits, so live delivery needs no polling in-process. */
  appended: Subject<void>;
  /** Other processes may write the same store (SQLite file): look again this often. */
  pollMs: number;
  pageSize?: number;
}

/**
 * One loop serves both phases: read pages after the last delivered position until none is
 * left, then wait for a wake-up. Because every read asks for `position > last`, the switch
 * from catch-up to live can neither skip nor repeat an event.
 */
export function catchUpSubscription(options: CatchUpOptions): Observable<RecordedEvent> {
  const pageSize = options.pageSize ?? 1000;
  return new Observable<RecordedEvent>((subscriber) => {
    let last = options.fromPosition;
    let stopped = false;
    let dirty = true;
    let running = false;
    let timer: NodeJS.Timeout | undefined;

    const drain = async (): Promise<void> => {
      if (running || stopped) return;
      running = true;
      try {
        while (dirty && !stopped) {
          dirty = false;
          for (;;) {
            const page = await options.readPage(last, pageSize);
            for (const event of page) {
              if (stopped) return;
              last = event.position;
              subscriber.next(event);
            }
            if (page.length < pageSize) break;
          }
        }
      } catch (err) {
        stopped = true;
        subscriber.error(err);
      } finally {
        running = false;
      }
      if (!stopped) schedule();
    };

    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        dirty = true;
        void drain();
      }, options.pollMs);
      timer.unref();
    };

    const wake = options.appended.subscribe(() => {
      dirty = true;
      void drain();
    });
    void drain();
    return () => {
      stopped = true;
      clearTimeout(timer);
      wake.unsubscribe();
    };
  });
}
