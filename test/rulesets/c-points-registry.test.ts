import {
  cPointsOf,
  UnknownSessionError,
  WrongRulebookError,
  type CompetitionsState,
} from '../../src/contexts/pairs/projection';
import type { Preset } from '../../src/rulebooks/rulebook';
import { cPointsTableOf, registerRuleset, type CPointsRequest } from '../../src/rulesets';
import { nzCPoints } from '../../src/rulesets/nz-club/c-points';

/** A ruleset under test/ only whose one format awards C points: what `cPointsOf` asks it. */
const asked: CPointsRequest[] = [];
const flatPreset: Preset = {
  id: 'test-flat-points',
  source: 'test/rulesets/c-points-registry.test.ts',
  formats: ['flat-points'],
  params: {},
};
registerRuleset({
  preset: flatPreset,
  tables: {
    'flat-points': {
      standings: () => ({}) as never,
      printed: () => [],
      diffRows: () => new Map(),
    },
  },
  cPoints: {
    rule: 'FLAT points',
    cPoints: (request) => {
      asked.push(request);
      return 'flat' as never;
    },
    diffRows: () => new Map(),
  },
});

/** A state holding only the competitions' headings: all `cPointsOf` reads before the table. */
const stateOf = (format: string, sessions = 3) =>
  ({
    competitions: {
      c1: {
        competition: {
          competitionId: 'c1',
          format,
          sessions: Array.from({ length: sessions }, (_, i) => ({ session: i + 1 })),
        },
      },
    },
  }) as unknown as CompetitionsState;

describe('C points are found through the rulesets registry', () => {
  beforeEach(() => asked.splice(0));

  it('the nz-club formats publish the nz-club ruleset’s NZ-8 table', () => {
    for (const format of ['club-pairs', 'victoria-pairs', 'three-four-session-pairs']) {
      expect(cPointsTableOf(format)).toBe(nzCPoints);
    }
    expect(cPointsTableOf('dsb-pairs')).toBeUndefined();
  });

  it('a registered ruleset’s format is answered by its own table, with the session asked', () => {
    const whatIf = { 'x.y': 1 };
    expect(cPointsOf(stateOf('flat-points'), 'c1', { session: 2, whatIf })).toBe('flat');
    expect(asked).toEqual([expect.objectContaining({ competitionId: 'c1', session: 2, whatIf })]);
  });

  it('a session the competition does not have is refused before any table is asked', () => {
    expect(() => cPointsOf(stateOf('flat-points'), 'c1', { session: 4 })).toThrow(
      new UnknownSessionError('c1', 4, 3),
    );
    expect(asked).toEqual([]);
  });

  it('a format no ruleset awards C points in is refused, naming the tables registered', () => {
    expect(() => cPointsOf(stateOf('dsb-pairs'), 'c1')).toThrow(WrongRulebookError);
    expect(() => cPointsOf(stateOf('dsb-pairs'), 'c1')).toThrow(
      'competition c1 (dsb-pairs) cannot be scored under the NZ-8 C points (nz-club), FLAT points (test-flat-points) rulebook',
    );
  });
});
