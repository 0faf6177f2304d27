import { fold } from '../../src/kernel/projection';
import { competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { UnusableRulebookFactError } from '../../src/rulebooks/rulebook-facts';
import {
  importedResult,
  numberedPairs,
  nzClubWithRoster,
  nzCompetitionEntered,
  tuesdayMembers,
} from '../support/nz-ledger';

const C = 'three-four';
const DATES = ['2026-02-03', '2026-02-10', '2026-02-17'];

/** Karori under nz-club, a three-session event with two pairs, each scored every session. */
function ledger() {
  const log = nzClubWithRoster(tuesdayMembers(2));
  nzCompetitionEntered(
    log,
    C,
    { name: 'Three', season: '2026', kind: 'short-pairs', format: 'three-four-session-pairs' },
    DATES,
    numberedPairs('p', 2),
  );
  for (const [s, date] of DATES.entries()) {
    importedResult(
      log,
      C,
      { session: s + 1, pairId: 'p1', players: ['a1', 'b1'], percentage: 55 },
      24,
      `${date}T22:30`,
    );
    importedResult(
      log,
      C,
      { session: s + 1, pairId: 'p2', players: ['a2', 'b2'], percentage: 45 },
      24,
      `${date}T22:30`,
    );
  }
  return log;
}

describe('LEDGER the competitions projection reads a fact only from its documented stream', () => {
  it('LEDGER a competition fact found on another stream is ignored by the standings (saved states before version 5 are rebuilt)', () => {
    const log = ledger();
    const before = standingsOf(fold(competitions, log.events), C);
    // A fourth session's results and a competition written on a notes stream, before the gate.
    log.add('notes-karori', 'SessionResultRecorded', {
      competitionId: C,
      session: 3,
      pairId: 'p2',
      players: ['a2', 'b2'],
      percentage: 70,
      boardsPlayed: 24,
      source: 'imported',
    });
    log.add('competition-other', 'CompetitionCreated', {
      competitionId: 'ghost',
      clubId: 'karori',
      name: 'Ghost',
      season: '2026',
      kind: 'short-pairs',
      format: 'three-four-session-pairs',
      sessions: [{ session: 1, date: '2026-02-03', startTime: '19:30' }],
    });
    const state = fold(competitions, log.events);
    const { position: _a, ...after } = standingsOf(state, C);
    const { position: _b, ...was } = before;
    expect(after).toEqual(was);
    expect(state.competitions.ghost).toBeUndefined();
    expect(competitions.version).toBeGreaterThanOrEqual(5);
  });

  it('LEDGER a rulebook fact found on another stream is ignored', () => {
    const log = ledger();
    log.add('club-karori-players', 'RulebookAmended', {
      clubId: 'karori',
      changes: { 'scoring.factoring': 'neubreg' },
      effectiveFrom: '2026-01-01',
    });
    expect(() => standingsOf(fold(competitions, log.events), C)).not.toThrow();
  });
});

describe('RULEBOOK an amendment in the ledger that cannot be applied', () => {
  it('RULEBOOK the standings refuse with a typed error naming the fact (club, position) and the path, not silently without it', () => {
    const log = ledger();
    log.add('club-karori', 'RulebookAmended', {
      clubId: 'karori',
      changes: { 'scoring.factoring': 'neubreg' },
      effectiveFrom: '2026-02-01',
    });
    const position = log.events.length;
    const error = (() => {
      try {
        standingsOf(fold(competitions, log.events), C);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UnusableRulebookFactError);
    expect(error).toMatchObject({
      rule: 'RULEBOOK',
      path: 'scoring.factoring',
      clubId: 'karori',
      position,
      type: 'RulebookAmended',
    });
    // As of the position before it, the standings are given.
    expect(() =>
      standingsOf(fold(competitions, log.events.slice(0, position - 1)), C),
    ).not.toThrow();
  });
});
