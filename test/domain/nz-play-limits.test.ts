import {
  nzPlayLimitViolation,
  type NzClubView,
  type NzSitting,
} from '../../src/rulesets/nz-club/play-limits/limits';
import type { CompetitionFact } from '../../src/contexts/pairs/domain/facts';
import { evolve, initialCompetitionState } from '../../src/contexts/pairs/domain/state';
import { nzClub } from '../../src/rulesets/nz-club/preset';

/** The pure check, given the rest of the club as a plain view: no store, no clock. */
const at = '2026-03-01T12:00:00+13:00';
const C = 'tue';
const facts: CompetitionFact[] = [
  {
    type: 'CompetitionCreated',
    occurredAt: at,
    data: {
      competitionId: C,
      clubId: 'karori',
      name: 'Tuesday pairs',
      season: '2026',
      kind: 'short-pairs',
      format: 'three-four-session-pairs',
      night: 'tuesday',
      sessions: ['2026-03-17', '2026-03-24', '2026-03-31'].map((date, i) => ({
        session: i + 1,
        date,
        startTime: '19:30',
      })),
    },
  },
  {
    type: 'PairEntered',
    occurredAt: at,
    data: { competitionId: C, pairId: 'MT', players: ['mia', 'tia'] },
  },
];
const result = (session: number): CompetitionFact => ({
  type: 'SessionResultRecorded',
  occurredAt: at,
  data: {
    competitionId: C,
    session,
    pairId: 'MT',
    players: ['tia', 'mia'],
    percentage: 50,
    boardsPlayed: 24,
    source: 'imported',
  },
});
const elsewhere = (date: string, event = 'club-pairs'): NzSitting => ({
  competitionId: 'other',
  session: 1,
  date,
  night: 'tuesday',
  event,
});

function view(sittings: NzSitting[], nz = true): NzClubView {
  return {
    nzParamsOn: () => (nz ? nzClub.params : undefined),
    playerOn: (id) =>
      id === 'mia'
        ? { status: 'member', homeNight: 'monday' }
        : { status: 'member', homeNight: 'tuesday' },
    describe: () => ({ night: 'tuesday', event: 'short-pairs' }),
    sittings: (id) => (id === 'mia' ? sittings : []),
  };
}

describe('nzPlayLimitViolation (pure)', () => {
  const state = [...facts, result(1)].reduce(evolve, initialCompetitionState());

  it('NZ-8e two Tuesdays elsewhere and one here: the 4th is refused, naming the field', () => {
    const v = nzPlayLimitViolation(
      view([elsewhere('2026-03-03'), elsewhere('2026-03-10')]),
      state,
      result(2),
    );
    expect(v).toMatchObject({ rule: 'NZ-8e', field: 'data.players[1]' });
    expect(v!.reason).toBe(
      'mia: 2026-03-24: a monday player on a Tuesday, the 4th this year (at most 3): not permitted',
    );
  });

  it('NZ-8e a Wellesley night elsewhere is not counted; another rulebook judges nothing', () => {
    expect(
      nzPlayLimitViolation(
        view([elsewhere('2026-03-03', 'wellesley-pairs'), elsewhere('2026-03-10')]),
        state,
        result(2),
      ),
    ).toBeUndefined();
    expect(
      nzPlayLimitViolation(
        view([elsewhere('2026-03-03'), elsewhere('2026-03-10')], false),
        state,
        result(2),
      ),
    ).toBeUndefined();
  });

  it('NZ-8e the same session again adds no Tuesday', () => {
    const twice = [...facts, result(1), result(2)].reduce(evolve, initialCompetitionState());
    expect(nzPlayLimitViolation(view([elsewhere('2026-03-03')]), twice, result(2))).toBeUndefined();
  });
});
