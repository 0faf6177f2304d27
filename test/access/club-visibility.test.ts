import { clubDecider } from '../../src/contexts/club/domain/club-decider';
import type { ClubContext } from '../../src/contexts/club-context';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { documentedStreamOf, misplacementOf } from '../../src/contexts/streams';
import { catalogue } from '../../src/contexts/catalogue';

const AT = '2026-03-02T10:00:00Z';
const visibility = (clubId: string, tables: string) => ({
  type: 'ClubTablesVisibilitySet',
  occurredAt: AT,
  data: { clubId, tables },
});
const context = (registered: boolean) =>
  ({ isRegistered: () => registered }) as unknown as ClubContext;

describe('ClubTablesVisibilitySet, on the club’s stream', () => {
  it('belongs in club-<clubId>, the club its data names (LEDGER elsewhere)', () => {
    expect(documentedStreamOf('ClubTablesVisibilitySet', { clubId: 'k' })).toMatchObject({
      streamId: 'club-k',
    });
    expect(misplacementOf('ClubTablesVisibilitySet', { clubId: 'k' }, 'club-other')).toMatchObject({
      field: 'data.clubId',
    });
  });

  it('a registered club makes its tables private, or public again', () => {
    const fact = visibility('k', 'private');
    expect(clubDecider.decide(fact, clubDecider.initialState(), context(true), 'club-k')).toEqual([
      fact,
    ]);
  });

  it('refused for a club not registered (LEDGER, data.clubId)', () => {
    try {
      clubDecider.decide(
        visibility('k', 'private'),
        clubDecider.initialState(),
        context(false),
        'club-k',
      );
      throw new Error('not refused');
    } catch (e) {
      expect(e).toBeInstanceOf(RuleViolation);
      expect(e).toMatchObject({ rule: 'LEDGER', field: 'data.clubId' });
    }
  });

  it('bad input: tables other than public or private, a club id that is not one', () => {
    const issues = catalogue.validate(
      { type: 'ClubTablesVisibilitySet', data: { clubId: 'a b', tables: 'hidden' } },
      'events[0]',
    );
    expect(issues.map((i) => i.field).sort()).toEqual([
      'events[0].data.clubId',
      'events[0].data.tables',
    ]);
  });
});
