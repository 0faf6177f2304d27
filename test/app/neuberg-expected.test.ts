import {
  clubRegistered,
  proposed,
  rulebookAdopted,
  rulebookAmended,
  type Proposed,
} from '../support/nz-club';
import { postingLedger } from './support';

/**
 * Item 9 (a), STD-NEUBERG: a scoring setting that cannot apply is refused when
 * appended, not found later as an empty table. `scoring.neubergExpected` (N) fixed below the
 * lines of a board could never score the session: the line that would exceed it, and the
 * rulebook fact that would set it below a board already recorded, are each a 422 RuleViolation
 * naming STD-NEUBERG and the field; nothing is written.
 */

const STREAM = 'session-karori-ev-1-1';
const DAY = '2026-03-02';

const movement = (scoringMethod = 'MP') =>
  proposed(STREAM, 'SessionMovementRecorded', {
    clubId: 'karori',
    eventId: 'ev-1',
    date: DAY,
    session: '1',
    scoringMethod,
    winnerType: 2,
    boards: [1, 2],
    fields: [
      { field: 'NS', pairs: ['1', '2', '3'] },
      { field: 'EW', pairs: ['4', '5', '6'] },
    ],
    expectedResults: [{ board: 1, results: 3 }],
  });

/** A score-only traveller line of board 1: NS pair n against EW pair n + 3. */
const line = (n: number, board = 1) =>
  proposed(STREAM, 'BoardResultRecorded', {
    board,
    line: n,
    nsPair: String(n),
    ewPair: String(n + 3),
    kind: 'played',
    nsScore: 100 * n,
  });

/** Pair 3 sat out against a phantom on board 1 (60 %). */
const sitOut = () =>
  proposed(STREAM, 'BoardResultRecorded', {
    board: 1,
    line: 3,
    nsPair: '3',
    ewPair: '6',
    kind: 'artificial',
    artificial: { nsPercent: 60, ewPercent: 60 },
    sitOut: true,
  });

async function ledger(overrides: Record<string, unknown> = {}) {
  const { store, app, post } = await postingLedger();
  await post([clubRegistered()]).expect(201);
  await post([rulebookAdopted('nz-club', overrides)]).expect(201);
  const refused = async (facts: Proposed[], rule: string, field: string) => {
    const head = await store.headPosition();
    const res = await post(facts).expect(422);
    expect(res.body).toMatchObject({ error: 'RuleViolation', rule, field });
    expect(await store.headPosition()).toBe(head);
    return res.body as { reason: string };
  };
  return { store, app, post, refused, close: () => app.close().then(() => store.close()) };
}

describe('STD-NEUBERG scoring.neubergExpected is checked when a line is appended', () => {
  it('STD-NEUBERG N = 2: a third line on a board is refused at its board, naming the setting and the rulebook; two are taken', async () => {
    const l = await ledger({ 'scoring.neubergExpected': 2 });
    try {
      const refused = await l.refused(
        [movement(), line(1), line(2), line(3)],
        'STD-NEUBERG',
        'events[3].data.board',
      );
      expect(refused.reason).toBe(
        "board 1 would have 3 lines, more than the 2 results the club's scoring.neubergExpected expects on 2026-03-02 (nz-club rulebook from 2025-01-01): N is at least the results on a board, so the session could not be scored",
      );
      await l.post([movement(), line(1), line(2), line(1, 2)]).expect(201);
      // Later, alone: still refused, the stream's lines are known.
      await l.refused([line(3)], 'STD-NEUBERG', 'events[0].data.board');
    } finally {
      await l.close();
    }
  });

  it('STD-NEUBERG edge: an adjusted score of a line already there adds no line; one for pairs not on the board does', async () => {
    const l = await ledger({ 'scoring.neubergExpected': 2 });
    const adjusted = (ns: string, ew: string) =>
      proposed(STREAM, 'AdjustedScoreAwarded', {
        board: 1,
        nsPair: ns,
        ewPair: ew,
        kind: 'awarded',
        points: { ns: 1, ew: 1 },
        reason: 'split set by the director',
      });
    try {
      await l.post([movement(), line(1), line(2)]).expect(201);
      await l.post([adjusted('1', '4')]).expect(201);
      await l.refused([adjusted('3', '6')], 'STD-NEUBERG', 'events[0].data.board');
    } finally {
      await l.close();
    }
  });

  it('STD-NEUBERG edge: N is a matchpoint setting (a butler session takes any count), and N = "max-results" takes any count', async () => {
    const l = await ledger({ 'scoring.neubergExpected': 2 });
    try {
      const butler = await l.post([movement('BUTLER'), line(1), line(2), line(3)]).expect(201);
      expect(butler.body).toMatchObject({ nextExpectedRevision: 3 });
    } finally {
      await l.close();
    }
    const m = await ledger();
    try {
      const mp = await m.post([movement(), line(1), line(2), line(3)]).expect(201);
      expect(mp.body).toMatchObject({ nextExpectedRevision: 3 });
    } finally {
      await m.close();
    }
  });
});

describe('STD-NEUBERG a sit-out line counts in N as scoring.sitOutLines says', () => {
  it('STD-NEUBERG N = 2, sit-outs out of the field (Pary): two results and a sit-out are taken; in the field (Compscore), the sit-out is a third line, refused', async () => {
    const pary = await ledger({
      'scoring.neubergExpected': 2,
      'scoring.sitOutLines': 'out-of-field',
    });
    try {
      const taken = await pary.post([movement(), line(1), line(2), sitOut()]).expect(201);
      expect(taken.body).toMatchObject({ nextExpectedRevision: 3 });
      // A sit-out turned into a result by the director is a line of the field: a third one.
      await pary.refused(
        [
          proposed(STREAM, 'AdjustedScoreAwarded', {
            board: 1,
            nsPair: '3',
            ewPair: '6',
            kind: 'assigned',
            nsScore: 420,
            reason: 'the board was played late',
          }),
        ],
        'STD-NEUBERG',
        'events[0].data.board',
      );
      // Switching the club to sit-outs in the field would make N = 2 too few for board 1.
      const refused = await pary.refused(
        [rulebookAmended({ 'scoring.sitOutLines': 'in-field' }, '2026-01-01')],
        'STD-NEUBERG',
        'events[0].data.changes["scoring.sitOutLines"]',
      );
      expect(refused.reason).toMatch(
        /^scoring\.neubergExpected 2 from 2026-01-01 is below the 3 lines recorded on board 1 of session session-karori-ev-1-1/,
      );
    } finally {
      await pary.close();
    }
    const compscore = await ledger({ 'scoring.neubergExpected': 2 });
    try {
      await compscore.refused(
        [movement(), line(1), line(2), sitOut()],
        'STD-NEUBERG',
        'events[3].data.board',
      );
    } finally {
      await compscore.close();
    }
  });
});

describe('STD-NEUBERG a rulebook fact may not set N below a board already recorded', () => {
  it('STD-NEUBERG an amendment to N = 2 from before a session with 3 lines on board 1 is refused at its change, naming the session; from after it, taken', async () => {
    const l = await ledger();
    try {
      await l.post([movement(), line(1), line(2), line(3)]).expect(201);
      const refused = await l.refused(
        [rulebookAmended({ 'scoring.neubergExpected': 2 }, '2026-03-01')],
        'STD-NEUBERG',
        'events[0].data.changes["scoring.neubergExpected"]',
      );
      expect(refused.reason).toBe(
        `scoring.neubergExpected 2 from 2026-03-01 is below the 3 lines recorded on board 1 of session ${STREAM} (2026-03-02): N is at least the results on a board, so that session could no longer be scored`,
      );
      // On the session's day itself: still refused.
      await l.refused(
        [rulebookAmended({ 'scoring.neubergExpected': 2 }, DAY)],
        'STD-NEUBERG',
        'events[0].data.changes["scoring.neubergExpected"]',
      );
      // Edge: N equal to the lines, and N below them from the day after: both taken.
      await l.post([rulebookAmended({ 'scoring.neubergExpected': 3 }, '2026-03-01')]).expect(201);
      await l.post([rulebookAmended({ 'scoring.neubergExpected': 2 }, '2026-03-03')]).expect(201);
    } finally {
      await l.close();
    }
  });

  it('STD-NEUBERG a re-adoption overriding N, or the whole scoring group, is refused at its override', async () => {
    const l = await ledger();
    try {
      await l.post([movement(), line(1), line(2), line(3)]).expect(201);
      await l.refused(
        [rulebookAdopted('nz-club', { 'scoring.neubergExpected': 1 })],
        'STD-NEUBERG',
        'events[0].data.overrides["scoring.neubergExpected"]',
      );
    } finally {
      await l.close();
    }
  });
});
