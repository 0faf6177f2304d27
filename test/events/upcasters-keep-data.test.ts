import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { v7 as uuidv7 } from 'uuid';
import { catalogue, type EventDefinition } from '../../src/contexts/catalogue';
import type { EventMetadata } from '../../src/kernel/envelope';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp, OCCURRED_AT } from '../app/support';

/**
 * Item 3: a fact written as an older version is checked in that version's own
 * shape, and an upcaster may not lose what the stored fact says.
 */

interface Sample {
  data: Record<string, unknown>;
  metadata?: EventMetadata;
  /** What the next version must say for the fields the upcast replaces. */
  replacedAs?: Record<string, unknown>;
}

/** Full data of every older version, each optional field present, as a writer of it wrote it. */
const SAMPLES: Record<string, Record<number, Sample[]>> = {
  PlayerRegistered: {
    1: [
      {
        data: {
          playerId: 'ann',
          name: 'Ann',
          member: true,
          nationalNumber: '12345',
          homeNight: 'tuesday',
          rank: 'open',
        },
        replacedAs: { status: 'member' },
      },
      {
        data: { playerId: 'bob', name: 'Bob', member: false },
        replacedAs: { status: 'non-member' },
      },
    ],
    2: [
      {
        data: {
          playerId: 'ann',
          name: 'Ann',
          status: 'visitor',
          nationalNumber: '12345',
          homeNight: 'monday',
          rank: 'junior',
        },
        metadata: { clubId: 'karori' },
        replacedAs: { clubId: 'karori' },
      },
    ],
  },
  PlayerStatusChanged: {
    1: [
      {
        data: { playerId: 'ann', status: 'nominee', reason: 'form posted' },
        metadata: { clubId: 'karori' },
        replacedAs: { clubId: 'karori' },
      },
    ],
  },
  DispensationGranted: {
    1: [
      {
        data: {
          competitionId: 'dsb-2014-c1',
          pairId: 'p1',
          rule: 'DSB-9.4.1',
          playerId: 'anke',
          reason: 'illness',
        },
        replacedAs: { rule: 'DSB-9.4(1)' },
      },
      {
        data: { competitionId: 'dsb-2014-c1', pairId: 'p1', rule: 'DSB-9.4.2', reason: 'work' },
        replacedAs: { rule: 'DSB-9.4(2)' },
      },
    ],
  },
};

/** What an upcast from version v loses or overrides of a sample: empty when it keeps it all. */
function losses(def: EventDefinition, v: number, sample: Sample): string[] {
  const older = def.older![v];
  const replaces = new Set(older.replaces ?? []);
  const out = older.upcast({ ...sample.data }, { metadata: sample.metadata ?? {} });
  const problems: string[] = [];
  for (const [k, value] of Object.entries(sample.data)) {
    if (replaces.has(k)) continue;
    if (!(k in out)) problems.push(`drops ${k}`);
    else if (JSON.stringify(out[k]) !== JSON.stringify(value)) problems.push(`overrides ${k}`);
  }
  for (const [k, value] of Object.entries(sample.replacedAs ?? {})) {
    if (JSON.stringify(out[k]) !== JSON.stringify(value)) {
      problems.push(`reads ${k} as ${JSON.stringify(out[k])}, not ${JSON.stringify(value)}`);
    }
  }
  const next = v + 1 < def.schemaVersion ? def.older![v + 1].validate : def.validate;
  for (const i of next(out)) problems.push(`version ${v + 1} refuses ${i.field}: ${i.message}`);
  return problems;
}

const olderVersions = catalogue
  .types()
  .flatMap((def) =>
    Object.keys(def.older ?? {}).map((v) => ({ def, v: Number(v), type: def.type })),
  );

describe('older schema versions', () => {
  it('every older version of every type has samples here (a new version needs its own)', () => {
    expect(olderVersions.length).toBeGreaterThan(0);
    for (const { type, v } of olderVersions) expect(SAMPLES[type]?.[v]?.length).toBeGreaterThan(0);
  });

  it.each(olderVersions)(
    '$type version $v: its samples are valid in their own shape',
    ({ def, v }) => {
      for (const s of SAMPLES[def.type][v]) expect(def.older![v].validate(s.data)).toEqual([]);
    },
  );

  it.each(olderVersions)(
    '$type version $v: the upcast keeps every field, reads the replaced ones as they meant, and gives a valid next version',
    ({ def, v }) => {
      for (const s of SAMPLES[def.type][v]) expect(losses(def, v, s)).toEqual([]);
    },
  );

  it('the check fails an upcaster that drops a field or overrides one', () => {
    const def = catalogue.get('PlayerRegistered')!;
    const sample = SAMPLES.PlayerRegistered[2][0];
    const dropping: EventDefinition = {
      ...def,
      older: { ...def.older, 2: { ...def.older![2], upcast: ({ rank: _, ...rest }) => rest } },
    };
    const overriding: EventDefinition = {
      ...def,
      older: {
        ...def.older,
        2: { ...def.older![2], upcast: (d) => ({ ...d, name: 'X', clubId: 'karori' }) },
      },
    };
    expect(losses(dropping, 2, sample)).toContain('drops rank');
    expect(losses(overriding, 2, sample)).toContain('overrides name');
  });

  it('a version-1 PlayerRegistered with version-2 fields is refused in its own shape, naming the field and version', () => {
    const issues = catalogue.validate(
      {
        type: 'PlayerRegistered',
        schemaVersion: 1,
        data: { playerId: 'ann', name: 'Ann', status: 'member' },
        metadata: { clubId: 'karori' },
      },
      'events[0]',
    );
    expect(issues.map((i) => i.field).sort()).toEqual([
      'events[0].data.member',
      'events[0].data.status',
    ]);
    expect(issues.every((i) => i.message.endsWith('(PlayerRegistered version 1)'))).toBe(true);
  });

  it('member: "yes" is not a member flag (version 1 says true or false)', () => {
    expect(
      catalogue.validate(
        {
          type: 'PlayerRegistered',
          schemaVersion: 1,
          data: { playerId: 'ann', name: 'Ann', member: 'yes' },
          metadata: { clubId: 'karori' },
        },
        'e',
      ),
    ).toEqual([
      {
        field: 'e.data.member',
        message: 'member must be true or false (PlayerRegistered version 1)',
      },
    ]);
  });

  it('a version-2 PlayerRegistered may not carry version 3’s clubId (the metadata names its club)', () => {
    const issues = catalogue.validate(
      {
        type: 'PlayerRegistered',
        schemaVersion: 2,
        data: { clubId: 'wellington', playerId: 'ann', name: 'Ann', status: 'member' },
        metadata: { clubId: 'karori' },
      },
      'e',
    );
    expect(issues.map((i) => i.field)).toEqual(['e.data.clubId']);
  });

  it('a version-1 DispensationGranted must spell its rule as version 1 did', () => {
    const issues = catalogue.validate(
      {
        type: 'DispensationGranted',
        schemaVersion: 1,
        data: { competitionId: 'c', pairId: 'p', rule: 'DSB-9.4(1)', reason: 'r' },
      },
      'e',
    );
    expect(issues).toEqual([
      {
        field: 'e.data.rule',
        message: 'rule must be DSB-9.4.1 or DSB-9.4.2 (DispensationGranted version 1)',
      },
    ]);
  });

  describe('over HTTP', () => {
    let app: NestExpressApplication;
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    beforeAll(async () => {
      app = await ledgerApp(store);
    });
    afterAll(() => app.close());

    it('a version-1 PlayerRegistered with member: "yes" is a 400 naming the field, and nothing is stored', async () => {
      const res = await request(app.getHttpServer())
        .post('/streams/club-karori-players/events')
        .send({
          events: [
            {
              id: uuidv7(),
              type: 'PlayerRegistered',
              schemaVersion: 1,
              occurredAt: OCCURRED_AT,
              data: { playerId: 'ann', name: 'Ann', member: 'yes' },
              metadata: { clubId: 'karori' },
            },
          ],
        });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('events[0].data.member');
      expect(await store.headPosition()).toBe(0);
    });
  });
});
