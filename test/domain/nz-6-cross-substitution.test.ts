import { loneCrossResult } from '../../src/contexts/pairs/domain/cross-substitution';
import { decide } from '../../src/contexts/pairs/domain/decide';
import type { CompetitionFact } from '../../src/contexts/pairs/domain/facts';
import { evolve, initialCompetitionState } from '../../src/contexts/pairs/domain/state';
import { RuleViolation } from '../../src/kernel/rule-violation';

/**
 * NZ-6: when one member of each of two pairs needs a substitute, the remaining members may play
 * together; the one score counts for both pairs as a substitute score. The deciders accept only
 * what the NZ standings can score: both pairs' substitutions naming each other, and the same
 * score for both.
 */

function given(...facts: CompetitionFact[]) {
  const state = facts.reduce((s, f) => evolve(s, decide(s, f)[0]!), initialCompetitionState());
  return {
    state,
    accepts: (fact: CompetitionFact) => expect(decide(state, fact)).toEqual([fact]),
    refuses: (fact: CompetitionFact, rule: string, field: string, reason?: RegExp) => {
      let error: unknown;
      try {
        decide(state, fact);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RuleViolation);
      expect(error).toMatchObject({ rule, field });
      if (reason) expect((error as RuleViolation).reason).toMatch(reason);
    },
  };
}

const at = '2026-02-02T18:00:00+13:00';
const C = 'club-pairs-2026';
const created: CompetitionFact = {
  type: 'CompetitionCreated',
  occurredAt: at,
  data: {
    competitionId: C,
    clubId: 'wellington',
    name: 'Club Pairs',
    season: '2026',
    kind: 'pairs-series',
    format: 'club-pairs',
    sessions: [1, 2].map((n) => ({ session: n, date: `2026-02-0${n + 1}`, startTime: '19:30' })),
  },
};
const entered = (pairId: string, players: string[]): CompetitionFact => ({
  type: 'PairEntered',
  occurredAt: at,
  data: { competitionId: C, pairId, players },
});
const result = (
  pairId: string,
  players: string[],
  percentage = 54.17,
  boardsPlayed = 24,
): CompetitionFact => ({
  type: 'SessionResultRecorded',
  occurredAt: at,
  data: {
    competitionId: C,
    session: 1,
    pairId,
    players,
    percentage,
    boardsPlayed,
    source: 'imported',
  },
});
const sub = (
  pairId: string,
  absentPlayerId: string,
  substituteId: string,
  crossPairId?: string,
): CompetitionFact => ({
  type: 'SubstitutePlayed',
  occurredAt: at,
  data: { competitionId: C, session: 1, pairId, absentPlayerId, substituteId, crossPairId },
});

// p1 = ann + bob, p2 = cat + dan: bob and dan are away, ann and cat play together.
const pairs = [created, entered('p1', ['ann', 'bob']), entered('p2', ['cat', 'dan'])];
const p1Cross = sub('p1', 'bob', 'cat', 'p2');
const p2Cross = sub('p2', 'dan', 'ann', 'p1');
const crossed = [...pairs, p1Cross, p2Cross];

describe('NZ-6 cross-substitution: the one score counts for both pairs', () => {
  it('NZ-6 accepts the second result when it is the same score (percentage, boards, players)', () => {
    given(...crossed, result('p1', ['ann', 'cat'])).accepts(result('p2', ['cat', 'ann']));
  });

  it('NZ-6 refuses a second result with another percentage, at data.percentage', () => {
    given(...crossed, result('p1', ['ann', 'cat'])).refuses(
      result('p2', ['cat', 'ann'], 54.18),
      'NZ-6',
      'data.percentage',
      /pair p1 has 54\.17 %, not 54\.18 %/,
    );
  });

  it('NZ-6 refuses a second result with other boards played, at data.boardsPlayed', () => {
    given(...crossed, result('p1', ['ann', 'cat'])).refuses(
      result('p2', ['cat', 'ann'], 54.17, 21),
      'NZ-6',
      'data.boardsPlayed',
      /24 boards played, not 21/,
    );
  });

  it('NZ-6 refuses a second result naming other players, at data.players', () => {
    // Cat alone, as far as p2's own checks go: the remaining members played together.
    given(...crossed, result('p1', ['ann', 'cat'])).refuses(
      result('p2', ['cat']),
      'NZ-6',
      'data.players',
      /names ann, cat, not cat/,
    );
  });

  it('NZ-6 a result of a pair whose cross-substitution is recorded one way only is refused, at data.pairId', () => {
    // Only p1's substitution names p2: p2's score would not be marked as the cross-substitution.
    given(...pairs, p1Cross).refuses(
      result('p1', ['ann', 'cat']),
      'NZ-6',
      'data.pairId',
      /recorded for one pair only: record pair p2's SubstitutePlayed \(crossPairId p1\)/,
    );
    // Nor may p2 play as if cat were not also sitting for p1.
    given(...pairs, p1Cross).refuses(result('p2', ['cat', 'dan']), 'NZ-6', 'data.pairId');
  });

  it('NZ-6 the mirror substitution must name the pair back', () => {
    // p2's substitute for dan is an outsider while cat sits for p1.
    given(...pairs, p1Cross).refuses(
      sub('p2', 'dan', 'zoe'),
      'NZ-6',
      'data.crossPairId',
      /must name pair p1/,
    );
    given(...pairs, p1Cross).accepts(p2Cross);
  });

  it('NZ-6 refuses a cross-substitution whose cross pair is already scored, or already crossed', () => {
    given(...pairs, result('p2', ['cat', 'dan'])).refuses(
      p1Cross,
      'NZ-6',
      'data.crossPairId',
      /already scored without this cross-substitution/,
    );
    given(...pairs, entered('p3', ['eve', 'fay']), sub('p3', 'fay', 'dan', 'p2')).refuses(
      p1Cross,
      'NZ-6',
      'data.crossPairId',
      /already cross-substituted with pair p3/,
    );
    // p2 already had an outside substitute for dan: cat and ann cannot be p2's pair as well.
    given(...pairs, sub('p2', 'dan', 'zoe')).refuses(
      p1Cross,
      'NZ-6',
      'data.crossPairId',
      /substitute at session 1 is zoe/,
    );
  });

  it('NZ-6 the substitute must be the cross pair’s remaining member, not its absent one', () => {
    // dan is away from p2 (p2's substitution replaced him with ann): he cannot sit for p1.
    given(...pairs, sub('p2', 'dan', 'ann', 'p1')).refuses(
      sub('p1', 'bob', 'dan', 'p2'),
      'NZ-6',
      'data.substituteId',
      /dan is pair p2's absent player/,
    );
  });

  it('NZ-6 refuses linking a cross-substituted pair to board results', () => {
    given(...crossed).refuses(
      {
        type: 'SessionScoredFromBoards',
        occurredAt: at,
        data: {
          competitionId: C,
          session: 1,
          sessionStreamId: 'session-wellington-cp-1',
          pairs: [{ pairNumber: '3', pairId: 'p1' }],
        },
      },
      'NZ-6',
      'data.pairs[0].pairId',
      /record it as both pairs' SessionResultRecorded/,
    );
  });

  it('NZ-7 a cross substitute who already sits for a third pair is refused', () => {
    given(...pairs, entered('p3', ['eve', 'fay']), sub('p3', 'fay', 'cat')).refuses(
      p1Cross,
      'NZ-7',
      'data.substituteId',
      /cat already plays for pair p3/,
    );
  });
});

describe('NZ-6 a lone result: both pairs’ results come in one append', () => {
  const fold = (facts: CompetitionFact[]) =>
    facts.reduce((s, f) => evolve(s, f), initialCompetitionState());

  it('NZ-6 one pair’s result alone, at the end of its append, is refused at its data.pairId', () => {
    const batch = [result('p1', ['ann', 'cat'])];
    const lone = loneCrossResult(fold([...crossed, ...batch]), batch);
    expect(lone?.index).toBe(0);
    expect(lone?.violation).toMatchObject({ rule: 'NZ-6', field: 'data.pairId' });
    expect(lone?.violation.reason).toMatch(/record pair p2's result in the same append/);
  });

  it('NZ-6 both results in one batch, or the second after the first in the ledger, are complete', () => {
    const both = [result('p1', ['ann', 'cat']), result('p2', ['cat', 'ann'])];
    expect(loneCrossResult(fold([...crossed, ...both]), both)).toBeUndefined();
    // A ledger left with one (written before this check) is completed by the other.
    const second = [result('p2', ['cat', 'ann'])];
    expect(loneCrossResult(fold([...crossed, both[0]!, ...second]), second)).toBeUndefined();
  });

  it('pairs not cross-substituted are not affected', () => {
    const batch = [result('p1', ['ann', 'bob'])];
    expect(loneCrossResult(fold([...pairs, ...batch]), batch)).toBeUndefined();
  });
});
