/**
 * The deciders' club-wide checks on a service restarted with its competitions left in their
 * save (`leaveCold`): the club's competitions are put back when a check first asks for the club,
 * so NZ-8e counts a Monday player's Tuesdays from every one of them, as a runner that put back
 * everything does.
 */
import { catalogue } from '../../src/contexts/catalogue';
import { projections } from '../../src/contexts/projections';
import { appendThroughGate } from '../../src/ledger/append-through-gate';
import { DomainGate } from '../../src/ledger/domain-gate';
import { LiveClubIndex, readModelOf } from '../../src/ledger/live-club-index';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { validateAppend } from '../../src/ledger/validate-append';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import {
  clubRegistered,
  competition,
  ROSTER,
  rulebookAdopted,
  TUESDAYS,
  type Proposed,
} from '../support/nz-club';
import { removeTempDirs, tempDbPath } from '../app/support';
import { servedOnce } from '../app/support-dsb';

afterAll(removeTempDirs);

const events = (facts: Proposed[]) =>
  validateAppend(
    catalogue,
    facts[0]!.streamId,
    'any',
    facts.map(({ streamId: _s, ...e }) => e),
  );

describe('NZ-8e over a restarted service’s read model, its competitions left in their save', () => {
  it('the 4th Tuesday of a Monday player, in a later competition, is refused; a Tuesday player’s accepted', async () => {
    const path = tempDbPath();
    let store = new SqliteEventStore(path, { upcast: catalogue.upcast });
    const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
      MT: ['mia', 'tia'],
      TT: ['tom', 'tim'],
    });
    const before: Proposed[] = [clubRegistered(), rulebookAdopted(), ...ROSTER, ...tue.setup];
    for (const s of [1, 2, 3]) before.push(tue.result(s, 'MT'));
    for (const f of before) await store.appendToStream(f.streamId, events([f]));
    // Served once and stopped: every read model saved at the head.
    await servedOnce(store);
    await store.close();

    store = new SqliteEventStore(path, { upcast: catalogue.upcast });
    const runner = new ProjectionRunner(
      store,
      new SqliteProjectionStateStore(store.db),
      projections,
      {
        leaveCold: true,
      },
    );
    runner.start();
    await runner.caughtUp();
    expect(runner.status().leftSaved?.competitions).toBeGreaterThan(0);
    const gate = new DomainGate(store, {
      club: (upcast) => new LiveClubIndex(upcast, readModelOf(runner, store)),
    });
    const append = (facts: Proposed[]) =>
      appendThroughGate(gate, store, {
        streamId: facts[0]!.streamId,
        expectedRevision: 'any',
        events: events(facts),
      });
    // A later competition of the club, no fact of the first since the restart: mia's three
    // Tuesdays there are counted only if the check puts that competition back.
    const more = competition('more', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(5, 8), {
      MW: ['mia', 'wes'],
      TT: ['tom', 'tess'],
    });
    await append(more.setup);
    const refused = await append([more.result(1, 'MW')]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(RuleViolation);
    expect(refused).toMatchObject({ rule: 'NZ-8e', field: 'events[0].data.players[0]' });
    await append([more.result(1, 'TT')]);
    await runner.caughtUp();
    // The club's competition the check read is back in memory (its correction-log part, which no
    // fact since has named, is still saved).
    expect(runner.status().leftSaved?.competitions).toBeUndefined();
    runner.stop();
    await store.close();
  });
});
