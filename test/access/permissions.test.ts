import {
  APPEND_ROLES,
  mayAppend,
  rolesAppending,
} from '../../src/contexts/access/domain/permissions';
import { catalogue } from '../../src/contexts/catalogue';
import { ROLES } from '../../src/contexts/access/facts/access';

describe('the roles table (src/contexts/access/domain/permissions.ts)', () => {
  const types = catalogue.types().map((d) => d.type);

  it('every fact type of the catalogue has its row, and no row names a type the catalogue lacks', () => {
    expect(types.filter((t) => !Object.hasOwn(APPEND_ROLES, t))).toEqual([]);
    expect(Object.keys(APPEND_ROLES).filter((t) => !catalogue.has(t))).toEqual([]);
    for (const roles of Object.values(APPEND_ROLES)) {
      expect(roles.filter((r) => !(ROLES as readonly string[]).includes(r))).toEqual([]);
    }
  });

  it('an auditor appends nothing', () => {
    expect(types.filter((t) => mayAppend('auditor', t))).toEqual([]);
  });

  it('an admin appends the keys, a club’s or a league’s registration and a club’s tables’ visibility, nothing of a club’s competitions', () => {
    expect(types.filter((t) => mayAppend('admin', t)).sort()).toEqual([
      'ApiKeyIssued',
      'ApiKeyRevoked',
      'ClubRegistered',
      'ClubTablesVisibilitySet',
      'LeagueRegistered',
    ]);
  });

  it.each([
    ['director', 'BoardResultRecorded', true],
    ['director', 'RulingGiven', true],
    ['director', 'CorrectionAccepted', true],
    ['director', 'PlayerRegistered', false],
    ['director', 'AppealDecided', false],
    ['secretary', 'PlayerRegistered', true],
    ['secretary', 'CompetitionCreated', true],
    ['secretary', 'RulebookAmended', true],
    ['secretary', 'StandingsPublished', true],
    ['secretary', 'AppealDecided', true],
    ['secretary', 'CorrectionRejected', true],
    ['secretary', 'SessionHeld', false],
    ['secretary', 'ApiKeyIssued', false],
  ] as const)('a %s may append %s: %s', (role, type, may) => {
    expect(mayAppend(role, type)).toBe(may);
  });

  it('edge: a type of no row, or an inherited name, is appended by no one', () => {
    for (const role of ROLES) {
      expect(mayAppend(role, 'WriterTick')).toBe(false);
      expect(mayAppend(role, 'constructor')).toBe(false);
      expect(mayAppend(role, '__proto__')).toBe(false);
    }
    expect(rolesAppending('toString')).toEqual([]);
  });
});
