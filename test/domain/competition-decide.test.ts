import { decide } from '../../src/contexts/pairs/domain/decide';
import type { CompetitionFact } from '../../src/contexts/pairs/domain/facts';
import { evolve, initialCompetitionState } from '../../src/contexts/pairs/domain/state';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { dsbGroenlo2014 } from '../../src/rulesets/dsb-groenlo-2014/preset';
import { decideOptionsOf } from '../../src/rulesets';

/** The deadlines and rounds of the dsb-groenlo-2014 preset, as the gate reads them from the club's rulebook. */
const DSB = decideOptionsOf({
  preset: dsbGroenlo2014.id,
  effectiveFrom: '2014-01-01',
  params: dsbGroenlo2014.params,
});

/** Given these facts, when this fact is proposed, then it is accepted or refused by a rule. */
function given(...facts: CompetitionFact[]) {
  const state = facts.reduce((s, f) => evolve(s, decide(s, f, DSB)[0]), initialCompetitionState());
  return {
    accepts: (fact: CompetitionFact) => expect(decide(state, fact, DSB)).toEqual([fact]),
    refuses: (fact: CompetitionFact, rule: string, reason: RegExp, field?: string) => {
      let error: unknown;
      try {
        decide(state, fact, DSB);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RuleViolation);
      expect((error as RuleViolation).rule).toBe(rule);
      expect((error as RuleViolation).reason).toMatch(reason);
      if (field) expect((error as RuleViolation).field).toBe(field);
    },
  };
}

const at = '2026-02-02T18:00:00+13:00';
const C = 'club-pairs-2026';
const created = (groups?: string[]): CompetitionFact => ({
  type: 'CompetitionCreated',
  occurredAt: at,
  data: {
    competitionId: C,
    clubId: 'wellington',
    name: 'Club Pairs',
    season: '2026',
    kind: 'pairs-series',
    format: groups ? 'dsb-pairs' : 'club-pairs',
    sessions: [1, 2, 3].map((n) => ({ session: n, date: `2026-02-0${n + 1}`, startTime: '19:30' })),
    groups,
  },
});
const entered = (pairId: string, players: string[], group?: string): CompetitionFact => ({
  type: 'PairEntered',
  occurredAt: at,
  data: { competitionId: C, pairId, players, group },
});
const result = (
  pairId: string,
  session: number,
  players: string[],
  percentage = 52.5,
): CompetitionFact => ({
  type: 'SessionResultRecorded',
  occurredAt: at,
  data: {
    competitionId: C,
    session,
    pairId,
    players,
    percentage,
    boardsPlayed: 24,
    source: 'imported',
  },
});
const sub = (
  pairId: string,
  session: number,
  absentPlayerId: string,
  substituteId: string,
  crossPairId?: string,
): CompetitionFact => ({
  type: 'SubstitutePlayed',
  occurredAt: at,
  data: { competitionId: C, session, pairId, absentPlayerId, substituteId, crossPairId },
});
const named = (
  pairId: string,
  session: number,
  players: string[],
  occurredAt: string,
): CompetitionFact => ({
  type: 'PartnershipPlayersNamed',
  occurredAt,
  data: { competitionId: C, session, pairId, players },
});

describe('competition deciders', () => {
  const base = [created(), entered('p1', ['ann', 'bob']), entered('p2', ['cat', 'dan'])];

  it('accepts a result for an entered pair and refuses one for a pair not in the competition', () => {
    given(...base).accepts(result('p1', 1, ['ann', 'bob']));
    given(...base).refuses(result('p9', 1, ['x', 'y']), 'LEDGER', /has not entered/, 'data.pairId');
  });

  it('refuses the same session scored twice: that is a correction', () => {
    given(...base, result('p1', 1, ['ann', 'bob'])).refuses(
      result('p1', 1, ['ann', 'bob'], 60),
      'LEDGER',
      /already scored: that is a correction/,
    );
  });

  it('refuses a session the competition does not have', () => {
    given(...base).refuses(
      result('p1', 4, ['ann', 'bob']),
      'LEDGER',
      /not a session/,
      'data.session',
    );
  });

  it('NZ-7 refuses a substitute for a player present at the same session', () => {
    // Ann plays for p1 at session 1, so nobody may substitute for her there.
    const annPlays = [created(), entered('p1', ['ann', 'bob']), entered('p3', ['ann2', 'eve'])];
    given(...annPlays, result('p1', 1, ['ann', 'bob'])).accepts(sub('p3', 1, 'eve', 'zoe'));
    given(...base, sub('p2', 1, 'dan', 'bob', 'p1')).refuses(
      sub('p1', 1, 'bob', 'zoe'),
      'NZ-7',
      /bob is present at session 1/,
      'data.absentPlayerId',
    );
  });

  it('NZ-7 refuses a result that has a replaced player sitting down after all', () => {
    given(...base, sub('p1', 1, 'bob', 'zoe')).refuses(
      result('p1', 1, ['ann', 'bob']),
      'NZ-7',
      /bob was replaced/,
    );
    given(...base, sub('p1', 1, 'bob', 'zoe')).accepts(result('p1', 1, ['ann', 'zoe']));
  });

  it('NZ-7 refuses a substitute who already plays for another pair that session', () => {
    given(...base, result('p2', 1, ['cat', 'dan'])).refuses(
      sub('p1', 1, 'bob', 'cat'),
      'NZ-7',
      /cat already plays for pair p2/,
      'data.substituteId',
    );
  });

  it('NZ-6 lets the remaining members of two pairs play together, the score counting for both', () => {
    const cross = [...base, sub('p1', 2, 'bob', 'cat', 'p2'), sub('p2', 2, 'dan', 'ann', 'p1')];
    given(...cross).accepts(result('p1', 2, ['ann', 'cat']));
    given(...cross, result('p1', 2, ['ann', 'cat'])).accepts(result('p2', 2, ['cat', 'ann']));
  });

  it('NZ-6 refuses a cross-substitute who is not in the other pair', () => {
    given(...base).refuses(
      sub('p1', 2, 'bob', 'zoe', 'p2'),
      'NZ-6',
      /zoe is not a member of pair p2/,
    );
  });

  it('DSB-10.1 refuses replacing both members of a pair', () => {
    given(...base, sub('p1', 1, 'bob', 'zoe')).refuses(
      sub('p1', 1, 'ann', 'yve'),
      'DSB-10.1',
      /only one member of pair p1/,
    );
  });

  describe('DSB-3 partnerships of three name their two players by 12:00', () => {
    const dsb = [created(['A', 'B']), entered('t1', ['ann', 'bob', 'cat'], 'A')];

    it('accepts players named at 12:00 exactly, club time', () => {
      given(...dsb).accepts(named('t1', 1, ['ann', 'cat'], '2026-02-02T12:00:00+01:00'));
    });

    it('refuses players named at 12:01', () => {
      given(...dsb).refuses(
        named('t1', 1, ['ann', 'cat'], '2026-02-02T12:01:00+01:00'),
        'DSB-3',
        /after the 12:00 deadline of 2026-02-02/,
        'occurredAt',
      );
    });

    it('refuses a player who is not in the partnership, and naming for a plain pair', () => {
      given(...dsb).refuses(
        named('t1', 1, ['ann', 'zoe'], '2026-02-02T09:00:00+01:00'),
        'DSB-3',
        /zoe is not in the partnership/,
      );
      given(...dsb, entered('p2', ['eve', 'fay'], 'B')).refuses(
        named('p2', 1, ['eve', 'fay'], '2026-02-02T09:00:00+01:00'),
        'DSB-3',
        /not a partnership of three/,
      );
    });

    it('refuses a pair without a group where the competition plays in groups, and an unknown group', () => {
      given(...dsb).refuses(entered('p2', ['eve', 'fay']), 'DSB-5', /name the pair’s group/);
      given(...dsb).refuses(
        entered('p2', ['eve', 'fay'], 'Z'),
        'LEDGER',
        /group Z is not one of A, B/,
        'data.group',
      );
    });
  });

  it('refuses a player entered in two pairs, and facts before the competition exists', () => {
    given(...base).refuses(entered('p3', ['ann', 'zoe']), 'LEDGER', /ann already plays in pair p1/);
    given().refuses(entered('p1', ['ann', 'bob']), 'LEDGER', /create it first/);
    given(...base).refuses(created(), 'LEDGER', /already exists/);
  });

  it('refuses an absence for a session the pair has played', () => {
    given(...base, result('p1', 1, ['ann', 'bob'])).refuses(
      {
        type: 'AbsenceNotified',
        occurredAt: at,
        data: { competitionId: C, session: 1, pairId: 'p1', validReason: true },
      },
      'LEDGER',
      /has a result at session 1/,
    );
  });
  it('DSB-10.1 refuses a substitute in a DSB competition notified after the session started', () => {
    const dsb = [created(['A', 'B']), entered('p1', ['ann', 'bob'], 'A')];
    const late: CompetitionFact = {
      ...sub('p1', 1, 'bob', 'zoe'),
      occurredAt: '2026-02-02T19:31:00+01:00',
    };
    given(...dsb).refuses(
      late,
      'DSB-10.1',
      /after the session started \(2026-02-02 19:30\)/,
      'occurredAt',
    );
    given(...dsb).accepts({
      ...sub('p1', 1, 'bob', 'zoe'),
      occurredAt: '2026-02-02T19:30:00+01:00',
    });
  });

  it('DSB-12 a draw lists every entered pair once', () => {
    const ballot = (order: string[]): CompetitionFact => ({
      type: 'BallotDrawn',
      occurredAt: at,
      data: { competitionId: C, session: 1, order },
    });
    given(...base).accepts(ballot(['p2', 'p1']));
    given(...base).refuses(ballot(['p1']), 'DSB-12', /each of the 2 entered pairs once/);
    given(...base).refuses(ballot(['p1', 'p1']), 'DSB-12', /each of the 2 entered pairs once/);
    given(...base).refuses(ballot(['p1', 'p9']), 'DSB-12', /p9 has not entered/);
    given(...base, ballot(['p2', 'p1'])).refuses(ballot(['p1', 'p2']), 'LEDGER', /drawn already/);
  });

  it('DSB-12.2 a pair entered after a draw is the ruleset’s to refuse (FormatShape.entry), found by format in the registry: the generic decider knows no draw rule', () => {
    const ballot: CompetitionFact = {
      type: 'BallotDrawn',
      occurredAt: at,
      data: { competitionId: C, session: 1, order: ['p2', 'p1'] },
    };
    const late = entered('p3', ['eve', 'fay']);
    const state = [...base, ballot].reduce(
      (s, f) => evolve(s, decide(s, f, DSB)[0]!),
      initialCompetitionState(),
    );
    // A club-pairs under a rulebook whose format says nothing of draws: the pair enters.
    const silent = { ...DSB, formats: { 'club-pairs': {} } };
    expect(decide(state, late, silent)).toEqual([late]);
    // The same format under a ruleset whose shape refuses entries after a draw: its rule.
    const drawn: string[] = [];
    const strict = {
      ...DSB,
      formats: {
        'club-pairs': {
          entry: (pairId: string, sessions: readonly string[]) => {
            drawn.push(...sessions);
            return new RuleViolation('TEST-1', `${pairId} after the draw`, 'data.pairId');
          },
        },
      },
    };
    expect(() => decide(state, late, strict)).toThrow(
      expect.objectContaining({ rule: 'TEST-1', field: 'data.pairId' }),
    );
    expect(drawn).toEqual(['1']);
  });

  describe('SessionScoredFromBoards', () => {
    const link = (
      pairs: Array<{ pairNumber: string; pairId: string; players?: string[] }>,
      group?: string,
      session = 1,
    ): CompetitionFact => ({
      type: 'SessionScoredFromBoards',
      occurredAt: at,
      data: { competitionId: C, session, group, sessionStreamId: 'session-w-ev-1', pairs },
    });

    it('links entered pairs; who sat down must be the pair or its substitute (NZ-7)', () => {
      const base = [created(), entered('p1', ['ann', 'bob']), entered('p2', ['cat', 'dan'])];
      given(...base).accepts(link([{ pairNumber: '1NS', pairId: 'p1' }]));
      given(...base, sub('p1', 1, 'bob', 'eve')).accepts(
        link([{ pairNumber: '1NS', pairId: 'p1', players: ['ann', 'eve'] }]),
      );
      given(...base).refuses(
        link([{ pairNumber: '1NS', pairId: 'p1', players: ['ann', 'cat'] }]),
        'NZ-7',
        /cat did not play for pair p1/,
        'data.pairs[0].players',
      );
    });

    it('NZ-7 a substitute for a pair scored from board results: the absent player is not present, the substitute is', () => {
      // Bob is replaced by zoe at session 1; p1's link names no players, so the pair's
      // players sat down with the substitution applied: ann and zoe.
      const scored = [
        ...base,
        sub('p1', 1, 'bob', 'zoe'),
        link([{ pairNumber: '1NS', pairId: 'p1' }]),
      ];
      // Bob did not sit down: he may substitute for dan in p2.
      given(...scored).accepts(sub('p2', 1, 'dan', 'bob'));
      // Zoe did: she may not substitute in p2 as well.
      given(...scored).refuses(
        sub('p2', 1, 'dan', 'zoe'),
        'NZ-7',
        /zoe already plays for pair p1/,
        'data.substituteId',
      );
      // Nor may anyone substitute for ann, who sat down for p1 (NZ-6 cross-substitution aside).
      given(...scored, entered('p3', ['eve', 'fay'])).refuses(
        sub('p3', 1, 'fay', 'ann'),
        'NZ-7',
        /ann already plays for pair p1/,
        'data.substituteId',
      );
    });

    it('a pair of another group is refused (DSB-5); a substitute after the link too', () => {
      const base = [created(['A', 'B']), entered('p1', ['ann', 'bob'], 'A')];
      given(...base).refuses(
        link([{ pairNumber: '1', pairId: 'p1' }], 'B'),
        'DSB-5',
        /plays in group A, not B/,
        'data.pairs[0].pairId',
      );
      given(...base, link([{ pairNumber: '1', pairId: 'p1' }], 'A')).refuses(
        sub('p1', 1, 'bob', 'eve'),
        'LEDGER',
        /already scored/,
      );
    });
  });

  describe('DSB-22.5 a sit-out match between pairs of different groups', () => {
    const dsb = [
      created(['A', 'B']),
      entered('a1', ['ann', 'bob'], 'A'),
      entered('a2', ['cat', 'dan'], 'A'),
      entered('b1', ['eve', 'fay'], 'B'),
      entered('b2', ['gus', 'hal'], 'B'),
    ];
    const match = (pairs: string[], rounds: number[], session = 2): CompetitionFact => ({
      type: 'SitOutMatchPlayed',
      occurredAt: at,
      data: { competitionId: C, session, pairs, rounds },
    });
    const sat = (pairId: string, players: string[], sitOutRounds?: number): CompetitionFact => {
      const r = result(pairId, 2, players);
      return { ...r, data: { ...r.data, sitOutRounds } } as CompetitionFact;
    };

    it('DSB-22.5 accepts two sit-out pairs of different groups, before or after their results', () => {
      given(...dsb).accepts(match(['a1', 'b1'], [3]));
      given(...dsb, sat('a1', ['ann', 'bob'], 1)).accepts(match(['a1', 'b1'], [3]));
      given(...dsb, match(['a1', 'b1'], [3])).accepts(sat('a1', ['ann', 'bob']));
      // Another match in another round, against another pair.
      given(...dsb, match(['a1', 'b1'], [3])).accepts(match(['a1', 'b2'], [5]));
    });

    it('DSB-22.5 refuses two pairs of the same group, and a competition without groups', () => {
      given(...dsb).refuses(
        match(['a1', 'a2'], [3]),
        'DSB-22.5',
        /a1 and a2 both play in group A/,
        'data.pairs',
      );
      given(created(), entered('p1', ['ann', 'bob']), entered('p2', ['cat', 'dan'])).refuses(
        match(['p1', 'p2'], [3]),
        'DSB-22.5',
        /does not play in groups/,
        'data.pairs',
      );
    });

    it('DSB-22.5 refuses a pair that has not entered', () => {
      given(...dsb).refuses(
        match(['a1', 'z9'], [3]),
        'LEDGER',
        /pair z9 has not entered/,
        'data.pairs[1]',
      );
    });

    it('DSB-22.5 refuses a round the session does not have, and a session the competition does not have', () => {
      given(...dsb).refuses(
        match(['a1', 'b1'], [3, 7]),
        'LEDGER',
        /round 7 is not a round of session 2 \(rounds 1\.\.6\)/,
        'data.rounds[1]',
      );
      given(...dsb).refuses(match(['a1', 'b1'], [3], 4), 'LEDGER', /not a session/, 'data.session');
    });

    it('DSB-22.5 refuses a pair the facts show did not sit out', () => {
      given(...dsb, sat('b1', ['eve', 'fay'], 0)).refuses(
        match(['a1', 'b1'], [3]),
        'DSB-22.5',
        /pair b1 sat out 0 round\(s\) of session 2 \(its result\)/,
        'data.pairs[1]',
      );
      given(...dsb, sat('a1', ['ann', 'bob'], 1)).refuses(
        match(['a1', 'b1'], [3, 4]),
        'DSB-22.5',
        /cannot have played 2 as a sit-out pair/,
        'data.pairs[0]',
      );
      const absent: CompetitionFact = {
        type: 'AbsenceNotified',
        occurredAt: at,
        data: { competitionId: C, session: 2, pairId: 'b1', validReason: true },
      };
      given(...dsb, absent).refuses(
        match(['a1', 'b1'], [3]),
        'DSB-22.5',
        /b1 was absent at session 2/,
        'data.pairs[1]',
      );
    });

    it('DSB-22.5 refuses the same match twice, and a pair in two matches in one round', () => {
      given(...dsb, match(['a1', 'b1'], [3])).refuses(
        match(['b1', 'a1'], [4]),
        'LEDGER',
        /already recorded: that is a correction/,
        'data.pairs',
      );
      given(...dsb, match(['a1', 'b1'], [3])).refuses(
        match(['a1', 'b2'], [3]),
        'DSB-22.5',
        /a1 already played round 3 of session 2 against b1/,
        'data.rounds',
      );
    });

    it('DSB-22.5 refuses a later result that sat out fewer rounds than the match, and a later absence', () => {
      given(...dsb, match(['a1', 'b1'], [3, 4])).refuses(
        sat('a1', ['ann', 'bob'], 1),
        'DSB-22.5',
        /played 2 sit-out round\(s\) of session 2 against b1: it cannot have sat out 1/,
        'data.sitOutRounds',
      );
      given(...dsb, match(['a1', 'b1'], [3])).refuses(
        {
          type: 'AbsenceNotified',
          occurredAt: at,
          data: { competitionId: C, session: 2, pairId: 'b1', validReason: true },
        },
        'LEDGER',
        /b1 played a sit-out match at session 2 \(against a1\)/,
        'data.session',
      );
    });
  });

  describe('DSB-9.4 dispensations', () => {
    const dsb = [created(['A', 'B']), entered('a1', ['ann', 'bob'], 'A')];
    const granted = (rule: 'DSB-9.4(1)' | 'DSB-9.4(2)', playerId?: string): CompetitionFact => ({
      type: 'DispensationGranted',
      occurredAt: at,
      data: { competitionId: C, pairId: 'a1', rule, playerId, reason: 'long illness' },
    });

    it('DSB-9.4 accepts DSB-9.4(1), and DSB-9.4(2) for a named member of the pair', () => {
      given(...dsb).accepts(granted('DSB-9.4(1)'));
      given(...dsb).accepts(granted('DSB-9.4(2)', 'bob'));
    });

    it('DSB-9.4(2) refuses a dispensation that names no player or a player outside the pair', () => {
      given(...dsb).refuses(granted('DSB-9.4(2)'), 'DSB-9.4', /name the player/, 'data.playerId');
      given(...dsb).refuses(
        granted('DSB-9.4(2)', 'zoe'),
        'DSB-9.4',
        /zoe is not in pair a1/,
        'data.playerId',
      );
    });
  });
});
