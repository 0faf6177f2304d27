import { catalogue } from '../../src/contexts/catalogue';
import { projections } from '../../src/contexts/projections';
import { appendThroughGate } from '../../src/ledger/append-through-gate';
import { DomainGate } from '../../src/ledger/domain-gate';
import { LiveClubIndex, readModelOf } from '../../src/ledger/live-club-index';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { MemoryProjectionStateStore } from '../../src/ledger/projection-state-store';
import { validateAppend } from '../../src/ledger/validate-append';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import {
  clubRegistered,
  competition,
  ROSTER,
  rulebookAdopted,
  TUESDAYS,
  type Proposed,
} from '../support/nz-club';
import { SpyStore } from './spy-stores';

/**
 * At scale, the deciders' club-wide checks (NZ-8e, NZ-10, the rulebook facts) read the
 * runner's read model, not a second fold of the ledger: after a start, the first fact that
 * seats a player reads no event of $all, and the limits refuse as the gate's own index does.
 */
describe('the gate’s club-wide checks over the runner’s read model (LiveClubIndex)', () => {
  it('NZ-8e the 4th Tuesday of a Monday player is refused, and the gate read nothing of $all', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
      MT: ['mia', 'tia'],
      TT: ['tom', 'tim'],
    });
    // The ledger before the start: the club, its roster, a competition and three Tuesdays.
    const before: Proposed[] = [clubRegistered(), rulebookAdopted(), ...ROSTER, ...tue.setup];
    for (const s of [1, 2, 3]) before.push(tue.result(s, 'MT'));
    const byStream = new Map<string, Proposed[]>();
    for (const f of before) byStream.set(f.streamId, [...(byStream.get(f.streamId) ?? []), f]);
    for (const [streamId, facts] of byStream) {
      await store.appendToStream(
        streamId,
        validateAppend(
          catalogue,
          streamId,
          'any',
          facts.map(({ streamId: _s, ...e }) => e),
        ),
      );
    }

    const runner = new ProjectionRunner(store, new MemoryProjectionStateStore(), projections);
    runner.start();
    await runner.caughtUp();
    const spy = new SpyStore(store);
    const gate = new DomainGate(spy, {
      club: (upcast) => new LiveClubIndex(upcast, readModelOf(runner)),
    });
    const append = (facts: Proposed[]) =>
      appendThroughGate(gate, spy, {
        streamId: facts[0]!.streamId,
        expectedRevision: 'any',
        events: validateAppend(
          catalogue,
          facts[0]!.streamId,
          'any',
          facts.map(({ streamId: _s, ...e }) => e),
        ),
      });

    const refused = await append([tue.result(4, 'MT')]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(RuleViolation);
    expect(refused).toMatchObject({ rule: 'NZ-8e', field: 'events[0].data.players[0]' });
    await append([tue.result(4, 'TT')]);
    // A later competition of the club: mia's Tuesdays are counted from the live state.
    const more = competition('more', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(5, 8), {
      MW: ['mia', 'wes'],
    });
    await append(more.setup);
    await expect(append([more.result(1, 'MW')])).rejects.toMatchObject({ rule: 'NZ-8e' });
    expect(spy.read.all).toBe(0);
    runner.stop();
  });
});
