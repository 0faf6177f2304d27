import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, EventCatalogue } from '../../src/contexts/catalogue';

describe('the event catalogue', () => {
  it('is documented: docs/events.md names every type at its current version', () => {
    const doc = readFileSync(join(__dirname, '../../docs/events.md'), 'utf8');
    for (const def of catalogue.types()) {
      expect(doc).toContain(`### ${def.type} (version ${def.schemaVersion})`);
    }
  });

  it('refuses an unknown type, naming the field', () => {
    expect(catalogue.validate({ type: 'PlayerPromoted', data: {} }, 'events[0]')).toEqual([
      { field: 'events[0].type', message: 'unknown event type "PlayerPromoted"' },
    ]);
  });

  it('checks data against the type, naming each bad field', () => {
    const issues = catalogue.validate(
      { type: 'PlayerRegistered', data: { playerId: 'p 1', status: 'guest', extra: 1 } },
      'events[2]',
    );
    expect(issues.map((i) => i.field).sort()).toEqual([
      'events[2].data.clubId',
      'events[2].data.extra',
      'events[2].data.name',
      'events[2].data.playerId',
      'events[2].data.status',
    ]);
  });

  it('accepts an older version as stored and checks it in today’s shape', () => {
    const ok = { playerId: 'p1', name: 'A Player', member: true };
    const metadata = { clubId: 'karori' };
    expect(
      catalogue.validate({ type: 'PlayerRegistered', schemaVersion: 1, data: ok, metadata }, 'e'),
    ).toEqual([]);
    expect(
      catalogue.validate({ type: 'PlayerRegistered', schemaVersion: 4, data: ok, metadata }, 'e'),
    ).toEqual([{ field: 'e.schemaVersion', message: 'PlayerRegistered has versions 1 to 3' }]);
  });

  it('will not start with an older version that has no schema and upcaster, or a type defined twice', () => {
    const def = { type: 'X', schemaVersion: 2, description: '', validate: () => [] };
    expect(() => new EventCatalogue([def])).toThrow(/no schema and upcaster for version 1/);
    const one = { ...def, schemaVersion: 1 };
    expect(() => new EventCatalogue([one, one])).toThrow(/defined twice/);
  });

  it.each([
    ['SessionHeld', { competitionId: 'c', session: 1, boards: 24 }, 'date'],
    ['RulebookAmended', { clubId: 'karori', changes: {} }, 'effectiveFrom'],
  ])('item 11: %s takes only a day the calendar has as its date (%#)', (type, data, field) => {
    const check = (day: string) =>
      catalogue.validate({ type, data: { ...data, [field]: day } }, 'e').map((i) => i.field);
    expect(check('2026-02-28')).toEqual([]);
    expect(check('2028-02-29')).toEqual([]);
    for (const day of ['2026-02-30', '2026-02-29', '0000-01-01', '2026-13-01', '2026-1-01']) {
      expect(check(day)).toEqual([`e.data.${field}`]);
    }
  });
});
