import { nzKindOf } from '../../../src/rulesets/nz-club/play-limits/plays';
import {
  nzPlayLimitViolation,
  type NzClubView,
} from '../../../src/rulesets/nz-club/play-limits/limits';
import type { CompetitionFact } from '../../../src/contexts/pairs/domain/facts';
import type { CompetitionsState } from '../../../src/contexts/pairs/projection';
import { nzClub, type NzClubParams } from '../../../src/rulesets/nz-club/preset';
import { nzEligibilityIndex, nzPlayerOn } from '../../../src/rulesets/nz-club/eligibility';
import { competitionsState } from '../../../src/audit/published';
import { GatedLedger } from '../../support/gated-ledger';
import { linesOf, rowsOf } from '../../support/nz-membership';
import {
  clubRegistered,
  competition,
  proposed,
  registered,
  rulebookAdopted,
  type Proposed,
} from '../../support/nz-club';

/**
 * NZ-8g as the append check judges it (`nzPlayLimitViolation`), when the club's rulebook says
 * a 3rd Monday of a Tuesday Intermediate or Open is 'not-permitted' rather than disqualifying:
 * the rank is the one on each Monday's day (`nzPlayerOn`, the read model's NzcbaRankRecorded,
 * else the roster's), so a Junior's Mondays before the rank date count for nothing. The view
 * is the read model's, as the club index gives the decider (src/ledger/club-index.ts: its
 * `playerOn` is `nzPlayerOn` over the facts it folds, the club's NzcbaRankRecorded among them).
 */
const STRICT = {
  'nightLimitOver.tuesdayIntermediateOpenToMonday': 'not-permitted',
};
const params: NzClubParams = {
  ...nzClub.params,
  nightLimitOver: {
    ...nzClub.params.nightLimitOver,
    tuesdayIntermediateOpenToMonday: 'not-permitted',
  },
};

const rankRecorded = (person: string, rank: string, from: string) =>
  proposed('members-karori', 'NzcbaRankRecorded', { clubId: 'karori', person, rank, from });

const ROSTER: Proposed[] = [
  {
    ...registered('tom', 'member', 'tuesday'),
    data: { ...(registered('tom', 'member', 'tuesday').data as object), rank: 'junior' },
  },
  registered('mia', 'member', 'monday'),
  registered('max', 'member', 'monday'),
  registered('wes', 'member', 'wednesday'),
];
const PAIRS = { TM: ['tom', 'mia'], MW: ['max', 'wes'] };
const may = competition(
  'may',
  'three-four-session-pairs',
  'monday',
  ['2026-05-11', '2026-05-18', '2026-05-25'],
  PAIRS,
);
const summer = competition(
  'summer',
  'three-four-session-pairs',
  'monday',
  ['2026-06-08', '2026-06-15', '2026-07-06'],
  PAIRS,
);

/** The read model's view of the club, as the decider reads it. */
function view(state: CompetitionsState): NzClubView {
  const index = nzEligibilityIndex(state, 'karori', params);
  return {
    nzParamsOn: () => params,
    playerOn: (id, date) => nzPlayerOn(state, 'karori', id, date),
    describe: nzKindOf,
    sittings: (id, except) => (index.plays[id] ?? []).filter((p) => p.competitionId !== except),
  };
}

const asFact = ({ type, occurredAt, data }: Proposed) =>
  ({ type, occurredAt, data }) as CompetitionFact;

/** May's three Mondays and summer's first two recorded; what the check says of July's. */
async function julyMonday(rankFrom: string) {
  const l = new GatedLedger();
  await l.append(
    clubRegistered(),
    rulebookAdopted('nz-club', STRICT),
    ...ROSTER,
    rankRecorded('tom', 'intermediate', rankFrom),
    ...may.setup,
    ...summer.setup,
  );
  for (let s = 1; s <= 3; s++) await l.append(may.result(s, 'TM'), may.result(s, 'MW'));
  for (let s = 1; s <= 2; s++) await l.append(summer.result(s, 'TM'), summer.result(s, 'MW'));
  const state = await competitionsState(l.store);
  const check = (session: number) =>
    nzPlayLimitViolation(
      view(state),
      state.competitions.summer!,
      asFact(summer.result(session, 'TM')),
    );
  return { l, state, check };
}

describe('NZ-8g the append check reads the rank on the day of each Monday', () => {
  it('NZ-8g a Junior’s three Mondays in May do not count; from the rank date (1 June) the 3rd Monday, in July, is refused naming the player', async () => {
    const { l, check } = await julyMonday('2026-06-01');
    const v = check(3);
    expect(v).toMatchObject({ rule: 'NZ-8g', field: 'data.players[0]' });
    const reason =
      '2026-07-06: a Tuesday intermediate (NZCBA rank from 2026-06-01) on a Monday, the 3rd this year (at most 2): not permitted';
    expect(v!.reason).toBe(`tom: ${reason}`);
    // The standings flag the same play, for the same reason, were it forced in.
    await l.writeUnchecked(summer.result(3, 'TM'), summer.result(3, 'MW'));
    expect(linesOf((await rowsOf(l, 'summer')).TM!, 'NZ-8g')).toContain(
      `play (tom): no — ${reason}`,
    );
  });

  it('NZ-8g edge: with the rank from the day after July’s Monday, that Monday is a Junior’s and is not refused', async () => {
    const { check } = await julyMonday('2026-07-07');
    expect(check(3)).toBeUndefined();
  });

  it('NZ-8g edge: with the rank from July’s Monday itself, it is the Intermediate’s 1st Monday (not refused); the roster’s Junior before', async () => {
    const { state, check } = await julyMonday('2026-07-06');
    expect(check(3)).toBeUndefined();
    expect(nzPlayerOn(state, 'karori', 'tom', '2026-07-05')).toMatchObject({ rank: 'junior' });
    expect(nzPlayerOn(state, 'karori', 'tom', '2026-07-06')).toEqual({
      status: 'member',
      homeNight: 'tuesday',
      rank: 'intermediate',
      rankFrom: '2026-07-06',
    });
  });

  it('NZ-8g through the gate: July’s Monday is refused on append naming the player, and nothing is written; with the rank from the day after, it is recorded', async () => {
    const { l } = await julyMonday('2026-06-01');
    const head = await l.store.headPosition();
    await l.refuses(
      [summer.result(3, 'TM')],
      'NZ-8g',
      'events[0].data.players[0]',
      /not permitted/,
    );
    expect(await l.store.headPosition()).toBe(head);
    const later = await julyMonday('2026-07-07');
    await later.l.append(summer.result(3, 'TM'));
  });
});
