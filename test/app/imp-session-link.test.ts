import {
  clubRegistered,
  competition,
  MONDAYS,
  proposed,
  ROSTER,
  rulebookAdopted,
  type Proposed,
} from '../support/nz-club';
import { postingLedger } from './support';

/**
 * STD-MP: every competition format reads a pair's session percentage, which a
 * butler or cross-IMP session does not give. A link of a competition's session to an IMP
 * session, and an IMP movement on a stream a competition already scores from, are refused when
 * appended (422 RuleViolation, STD-MP, nothing written); the session's own result is still
 * given by GET /sessions/:stream/result.
 */

const STREAM = 'session-karori-ev-1-1';

const movement = (scoringMethod: string) =>
  proposed(STREAM, 'SessionMovementRecorded', {
    clubId: 'karori',
    eventId: 'ev-1',
    date: MONDAYS[0],
    session: '1',
    scoringMethod,
    winnerType: 1,
    boards: [1],
    fields: [{ field: 'ALL', pairs: ['1', '2'] }],
    expectedResults: [{ board: 1, results: 1 }],
  });

const link = () =>
  proposed('competition-cp', 'SessionScoredFromBoards', {
    competitionId: 'cp',
    session: 1,
    sessionStreamId: STREAM,
    pairs: [{ pairNumber: '1', pairId: 'AB' }],
  });

async function ledger() {
  const { store, app, post } = await postingLedger();
  const cp = competition('cp', 'club-pairs', 'monday', MONDAYS.slice(0, 10), {
    AB: ['mia', 'max'],
  });
  for (const batch of [[clubRegistered()], [rulebookAdopted()], ROSTER, cp.setup])
    await post(batch).expect(201);
  const refused = async (facts: Proposed[], field: string) => {
    const head = await store.headPosition();
    const res = await post(facts).expect(422);
    expect(res.body).toMatchObject({ error: 'RuleViolation', rule: 'STD-MP', field });
    expect(await store.headPosition()).toBe(head);
    return res.body as { reason: string };
  };
  return { store, app, post, refused, close: () => app.close().then(() => store.close()) };
}

describe('STD-MP a competition’s session is not scored from IMPs', () => {
  it.each(['BUTLER', 'CROSS_IMP'])(
    'STD-MP a link to a %s session is refused at data.sessionStreamId',
    async (method) => {
      const l = await ledger();
      try {
        await l.post([movement(method)]).expect(201);
        const refused = await l.refused([link()], 'events[0].data.sessionStreamId');
        expect(refused.reason).toBe(
          `${STREAM} is a ${method} session: its IMPs are not the matchpoint percentages a club-pairs competition's standing reads`,
        );
      } finally {
        await l.close();
      }
    },
  );

  it('STD-MP a link made first: a butler movement on that stream is refused at data.scoringMethod; a matchpoint one is taken', async () => {
    const l = await ledger();
    try {
      await l.post([link()]).expect(201);
      const refused = await l.refused([movement('BUTLER')], 'events[0].data.scoringMethod');
      expect(refused.reason).toBe(
        `session 1 of competition cp (club-pairs) is scored from ${STREAM}: a BUTLER session gives IMPs, not the matchpoint percentages its standing reads`,
      );
      const taken = await l.post([movement('MP')]).expect(201);
      expect(taken.body).toMatchObject({ nextExpectedRevision: 0 });
    } finally {
      await l.close();
    }
  });

  it('STD-MP edge: a link to a matchpoint session, or to a stream with no movement yet, is taken', async () => {
    const l = await ledger();
    try {
      await l.post([movement('MP')]).expect(201);
      const taken = await l.post([link()]).expect(201);
      expect(taken.body).toMatchObject({ nextExpectedRevision: 2 });
    } finally {
      await l.close();
    }
  });
});
