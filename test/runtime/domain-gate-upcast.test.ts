import { validateAppend } from '../../src/ledger/validate-append';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { catalogue } from '../../src/contexts/catalogue';
import { DomainGate } from '../../src/ledger/domain-gate';
import { readRaw } from '../../src/audit/raw-records';
import type { EventStore } from '../../src/store/event-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import {
  dispensationGrantedV1,
  DSB_2014,
  dsbCompetitionWithPairA1,
  groenloWithAnnAndBob,
} from '../support/dsb-competition';
import { collect } from '../support/events';
import {
  clubRegistered,
  competition,
  proposed,
  ROSTER,
  rulebookAdopted,
  TUESDAYS,
  type Proposed,
} from '../support/nz-club';
import { tempDbPath } from '../support/temp';

/**
 * The gate decides on a proposed fact as the ledger will read it: an older schema version is
 * upcast (catalogue.upcast, as the store reads it) before the deciders see it; the store keeps
 * what was sent.
 */
class Ledger {
  readonly store = new SqliteEventStore(tempDbPath(), { upcast: catalogue.upcast });
  readonly gate = new DomainGate(this.store);

  /** One batch per stream, validated as HTTP and the CLI validate it, through the gate. */
  async append(...facts: Proposed[]): Promise<void> {
    for (const f of facts) {
      const { streamId, ...e } = f;
      const events = validateAppend(catalogue, streamId, 'any', [e]);
      await this.gate.exclusive(async () => {
        const expected = await this.gate.check(streamId, events, 'any');
        const r = await this.store.appendToStream(streamId, events, {
          expectedRevision: expected,
        });
        this.gate.appended(streamId, events, r.nextExpectedRevision);
      });
    }
  }

  async refused(fact: Proposed): Promise<RuleViolation> {
    const head = await this.store.headPosition();
    const error = await this.append(fact).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RuleViolation);
    expect(await this.store.headPosition()).toBe(head);
    return error as RuleViolation;
  }
}

const ledgers: EventStore[] = [];
afterAll(() => Promise.all(ledgers.map((s) => s.close())));

function ledger(): Ledger {
  const l = new Ledger();
  ledgers.push(l.store);
  return l;
}

/** A DSB competition in groups with pair a1 (ann, bob), of Groenlo, registered with them. */
const DSB_SETUP = [...groenloWithAnnAndBob(), ...dsbCompetitionWithPairA1()];

describe('the append gate decides on a fact as read: an older schema version upcast', () => {
  it('DSB-9.4(2) a version-1 DispensationGranted (DSB-9.4.2) naming no player is refused on append, as its v2 reading would be', async () => {
    const l = ledger();
    await l.append(...DSB_SETUP);
    const error = await l.refused(dispensationGrantedV1('DSB-9.4.2'));
    expect(error).toMatchObject({
      rule: 'DSB-9.4',
      field: 'events[0].data.playerId',
      reason: 'DSB-9.4(2) lets one player play with a substitute: name the player',
    });
    // A player outside the pair likewise, as at version 2.
    expect(await l.refused(dispensationGrantedV1('DSB-9.4.2', 'zoe'))).toMatchObject({
      rule: 'DSB-9.4',
      field: 'events[0].data.playerId',
    });
  });

  it('DSB-9.4 a valid version-1 DispensationGranted is accepted and stored as sent (version 1, DSB-9.4.2); it is read back as DSB-9.4(2)', async () => {
    const l = ledger();
    await l.append(
      ...DSB_SETUP,
      dispensationGrantedV1('DSB-9.4.2', 'bob'),
      dispensationGrantedV1('DSB-9.4.1'),
    );
    const read = await collect(l.store.readStream(`competition-${DSB_2014}`, { fromRevision: 2 }));
    expect(read.map((e) => [e.schemaVersion, e.data])).toEqual([
      [
        2,
        {
          competitionId: DSB_2014,
          pairId: 'a1',
          rule: 'DSB-9.4(2)',
          playerId: 'bob',
          reason: 'long illness',
        },
      ],
      [2, { competitionId: DSB_2014, pairId: 'a1', rule: 'DSB-9.4(1)', reason: 'long illness' }],
    ]);
    const stored = (await collect(readRaw(l.store))).slice(DSB_SETUP.length);
    expect(stored.map((r) => [r.schemaVersion, JSON.parse(r.data).rule])).toEqual([
      [1, 'DSB-9.4.2'],
      [1, 'DSB-9.4.1'],
    ]);
  });

  it('NZ-8e a Monday member registered at version 1 (member: true) counts club-wide as a member: the 4th Tuesday is refused', async () => {
    const l = ledger();
    await l.append(clubRegistered(), rulebookAdopted(), ...ROSTER);
    const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
      MT: ['moe', 'tia'],
      TT: ['tom', 'tim'],
    });
    // A result first: the gate's club-wide index is built from the store before moe registers
    // (and moe's pair enters once moe is on the roster).
    const [created, mt, tt] = tue.setup;
    await l.append(created!, tt!, tue.result(1, 'TT'));
    await l.append({
      ...proposed('club-karori-players', 'PlayerRegistered', {
        playerId: 'moe',
        name: 'Moe',
        member: true,
        homeNight: 'monday',
      }),
      schemaVersion: 1,
    });
    await l.append(mt!, ...[1, 2, 3].map((s) => tue.result(s, 'MT')));
    expect(await l.refused(tue.result(4, 'MT'))).toMatchObject({
      rule: 'NZ-8e',
      field: 'events[0].data.players[0]',
    });
  });
});
