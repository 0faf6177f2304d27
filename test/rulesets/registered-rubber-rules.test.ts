import { v7 } from 'uuid';
import { registerRubberRules } from '../../src/contexts/rubber';
import { registerMembershipRules } from '../../src/contexts/membership/rules';
import { rubberProjection, rubberSessionOf } from '../../src/contexts/rubber/projection';
import { fold } from '../../src/kernel/projection';
import { collect } from '../support/events';
import { GatedLedger } from '../support/gated-ledger';
import { riversideMembershipRules } from '../support/rulesets/riverside-membership';
import { riversideRubberRules } from '../support/rulesets/riverside-rubber';

// The lines that add a club's rotation: nothing under src/ knows Riverside.
registerMembershipRules(riversideMembershipRules);
registerRubberRules(riversideRubberRules);

const at = (hm: string) => `2026-12-01T${hm}:00+00:00`;
const fact = (streamId: string, type: string, data: Record<string, unknown>, hm = '12:00') => ({
  streamId,
  id: v7(),
  type,
  occurredAt: at(hm),
  data,
  metadata: {},
});
const evening = (type: string, data: Record<string, unknown>, hm: string) =>
  fact('rubber-riv1', type, { sessionId: 'riv1', at: at(hm), ...data }, hm);

async function riverside(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(
    fact('club-riverside', 'ClubRegistered', {
      clubId: 'riverside',
      name: 'Riverside BC',
      timeZone: 'Europe/London',
    }),
    fact('club-riverside', 'RulebookAdopted', {
      clubId: 'riverside',
      preset: 'test-riverside-2026',
      overrides: {},
      effectiveFrom: '2026-01-01',
    }),
    evening(
      'RubberSessionOpened',
      { clubId: 'riverside', day: '2026-12-01', kind: 'cut-in', dutyMember: 'eve' },
      '19:00',
    ),
    ...['ann', 'bob', 'cat', 'dan', 'eve'].map((p, i) =>
      evening('RubberUnitArrived', { unit: p, players: [p] }, `19:0${i + 1}`),
    ),
  );
  return ledger;
}

const view = async (ledger: GatedLedger) =>
  rubberSessionOf(fold(rubberProjection, await collect(ledger.store.readAll())), 'riv1');

describe('a rotation registered by a ruleset under test/: Riverside’s RIV-7..RIV-9', () => {
  it('RIV-7 five present: the first four to arrive sit, no cut; a cut is not Riverside’s rule', async () => {
    const ledger = await riverside();
    await ledger.refuses(
      [
        evening(
          'RubberTableMadeUp',
          {
            table: '1',
            units: ['bob', 'cat', 'dan', 'eve'],
            cut: ['ann', 'bob', 'cat', 'dan', 'eve'].map((unit, i) => ({
              unit,
              card: `${i + 2}S`,
            })),
          },
          '19:10',
        ),
      ],
      'RIV-7',
      'events[0].data.units',
      /the first to arrive sit: ann, bob, cat, dan/,
    );
    await ledger.append(
      evening('RubberTableMadeUp', { table: '1', units: ['ann', 'bob', 'cat', 'dan'] }, '19:10'),
    );
    const v = await view(ledger);
    expect(v.rules).toBe('test-riverside-2026-rubber');
    expect(v.tables[0]!.nextTableUp).toMatchObject({ leave: ['ann'], rule: 'RIV-8' });
  });

  it('RIV-9 no hand limit: a seventh and eighth hand are hands; RIV-8 the first seated leaves, no cut', async () => {
    const ledger = await riverside();
    await ledger.append(
      evening('RubberTableMadeUp', { table: '1', units: ['ann', 'bob', 'cat', 'dan'] }, '19:10'),
      ...['19:20', '19:25', '19:30', '19:35', '19:40', '19:45', '19:50', '19:55'].map((hm) =>
        evening('RubberHandCompleted', { table: '1' }, hm),
      ),
      evening('RubberCompleted', { table: '1' }, '20:00'),
      evening('RubberTableUpCalled', { table: '1', leaving: ['ann'] }, '20:01'),
    );
    const v = await view(ledger);
    expect(v.tables[0]!.endsAtHand).toBeUndefined();
    expect(v.tables[0]!.seats.map((s) => s.unit)).toEqual(['bob', 'cat', 'dan', 'eve']);
  });

  it('RIV-9 a quarter of an hour away is enough (Pinner’s half hour is not Riverside’s)', async () => {
    const ledger = await riverside();
    await ledger.append(evening('RubberUnitRetired', { unit: 'eve' }, '19:10'));
    await ledger.refuses(
      [evening('RubberUnitArrived', { unit: 'eve', players: ['eve'] }, '19:24')],
      'RIV-9',
      'events[0].data.at',
    );
    await ledger.append(evening('RubberUnitArrived', { unit: 'eve', players: ['eve'] }, '19:25'));
    expect((await view(ledger)).waiting.map((w) => w.unit)).toContain('eve');
  });
});
