import request from 'supertest';
import { proposed, type Proposed } from '../support/nz-club';
import {
  accepted,
  appealAgainstR1,
  appealDecided,
  CORRECTIONS,
  correctionOf,
  karoriAutumn,
  karoriUnderLcbaAppeals,
  karoriUnderPinnerAppeals,
  rejected,
  rubberRuling,
  appealAgainst,
  rulingR1,
  withPercentage,
} from '../support/corrections';
import { postingLedger } from './support';

/** Posts facts as a club system does: consecutive facts of one stream as one batch. */
async function postAll(post: (facts: readonly Proposed[]) => request.Test, facts: Proposed[]) {
  let batch: Proposed[] = [];
  for (const f of [...facts, undefined]) {
    if (batch.length && (!f || f.streamId !== batch[0]!.streamId)) {
      await post(batch).expect(201);
      batch = [];
    }
    if (f) batch.push(f);
  }
}

/**
 * Over HTTP: corrections posted as facts (`POST /streams/corrections-<club>/events`)
 * are judged by the corrections decider, and `GET /clubs/:clubId/corrections` lists them with
 * their state and deadline (NZ-13: before 19:30 NZST on Monday 6 April for the session of 30
 * March; New Zealand daylight time ended in between).
 */
describe('HTTP: the correction log, GET /clubs/:clubId/corrections', () => {
  it('NZ-13: pending, accepted, rejected: late (NZ-13), accepted late with a reason, rejected, superseded — each with its deadline and facts', async () => {
    const { app, post } = await postingLedger();
    try {
      const { facts, result1p1, result1p2 } = karoriAutumn();
      await postAll(post, facts);
      const inTime = '2026-04-02T10:00:00+13:00';
      const late = '2026-04-06T19:30:00+12:00'; // the deadline reached exactly: late
      await postAll(post, [
        correctionOf(result1p1, withPercentage(result1p1, 57.5), inTime, 'c1'),
        accepted('c1', '2026-04-02T11:00:00+13:00'),
        correctionOf(result1p2, withPercentage(result1p2, 44), late, 'late-1'),
        correctionOf(result1p2, withPercentage(result1p2, 45), late, 'late-2'),
        correctionOf(result1p1, withPercentage(result1p1, 58), late, 'late-3'),
        accepted('late-3', '2026-04-07T09:00:00+12:00', {
          lateAcceptedBecause: 'the club’s own scoring error',
        }),
      ]);
      const res = await request(app.getHttpServer()).get('/clubs/karori/corrections').expect(200);
      const byId = Object.fromEntries(
        (res.body.entries as Array<{ id: string; facts: Array<{ position: number }> }>).map((e) => [
          e.id,
          e,
        ]),
      );
      expect(res.body).toMatchObject({ clubId: 'karori', timeZone: 'Pacific/Auckland' });
      expect(byId.c1).toMatchObject({
        kind: 'correction',
        state: 'accepted',
        late: false,
        deadline: { at: '2026-04-06T19:30:00+12:00', rule: 'NZ-13', inclusive: false },
        target: { eventId: result1p1.id, type: 'SessionResultRecorded' },
        facts: [{ type: 'CorrectionNotified' }, { type: 'CorrectionAccepted' }],
      });
      expect(byId['late-1']).toMatchObject({ state: 'superseded', supersededBy: 'late-2' });
      expect(byId['late-2']).toMatchObject({
        state: 'rejected-late',
        summary: 'rejected: late (NZ-13)',
        late: true,
        supersedes: ['late-1'],
        deadline: { at: '2026-04-06T19:30:00+12:00' },
      });
      expect(byId['late-3']).toMatchObject({
        state: 'accepted-late',
        decision: { lateAcceptedBecause: 'the club’s own scoring error' },
      });
      // As of before the acceptance, c1 was pending.
      const before = await request(app.getHttpServer())
        .get(`/clubs/karori/corrections?atPosition=${byId.c1.facts[0].position}`)
        .expect(200);
      expect(before.body.entries).toEqual([
        expect.objectContaining({ id: 'c1', state: 'pending' }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('appeals: a ruling, an appeal, its decision; rejected corrections with the rule', async () => {
    const { app, post } = await postingLedger();
    try {
      const { facts, result1p1 } = karoriAutumn();
      await postAll(post, facts);
      await postAll(post, [
        correctionOf(result1p1, withPercentage(result1p1, 50), '2026-04-01T10:00:00+13:00', 'c1'),
        rejected('c1', '2026-04-01T11:00:00+13:00', { reason: 'the traveller was right' }),
        proposed(
          CORRECTIONS,
          'RulingGiven',
          {
            clubId: 'karori',
            rulingId: 'r1',
            director: 'dora',
            competitionId: 'autumn',
            session: 1,
            board: 7,
            decision: 'Law 64: two tricks transferred',
          },
          '2026-03-30T21:00:00+13:00',
        ),
        proposed(
          CORRECTIONS,
          'AppealLodged',
          {
            clubId: 'karori',
            appealId: 'a1',
            against: { rulingId: 'r1' },
            by: 'max',
            receivedAt: '2026-03-31T09:00:00+13:00',
          },
          '2026-03-31T09:00:00+13:00',
        ),
        proposed(
          CORRECTIONS,
          'AppealDecided',
          {
            clubId: 'karori',
            appealId: 'a1',
            outcome: 'dismissed',
            by: 'committee',
            decidedAt: '2026-04-02T20:00:00+13:00',
          },
          '2026-04-02T20:00:00+13:00',
        ),
      ]);
      const res = await request(app.getHttpServer()).get('/clubs/karori/corrections').expect(200);
      expect(res.body.entries).toEqual([
        expect.objectContaining({
          id: 'c1',
          state: 'rejected',
          summary: 'rejected: the traveller was right',
        }),
        expect.objectContaining({
          kind: 'appeal',
          id: 'a1',
          state: 'dismissed',
          against: { rulingId: 'r1', ruling: 'Law 64: two tricks transferred' },
          facts: [
            expect.objectContaining({ type: 'RulingGiven' }),
            expect.objectContaining({ type: 'AppealLodged' }),
            expect.objectContaining({ type: 'AppealDecided' }),
          ],
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('LCBA-10.2: an appeal out of time is recorded and shown "refused: out of time (LCBA-10.2)" with its deadline; its decision is a 422 naming the rule, unless heardLateBecause', async () => {
    const { app, post, store } = await postingLedger();
    try {
      await postAll(post, karoriUnderLcbaAppeals());
      await postAll(post, [
        rulingR1(),
        appealAgainstR1('a1', '2026-04-06T23:59:59+12:00'),
        appealAgainstR1('a2', '2026-04-07T00:00:00+12:00'),
        appealAgainstR1('a3', '2026-04-07T00:01:00+12:00'),
      ]);
      const head = await store.headPosition();
      const refused = await post([appealDecided('a2', '2026-04-08T20:00:00+12:00')]).expect(422);
      expect(refused.body).toMatchObject({
        error: 'RuleViolation',
        rule: 'LCBA-10.2',
        field: 'events[0].data.heardLateBecause',
      });
      expect(refused.body.message).toMatch(/after its deadline 2026-04-07T00:00:00\+12:00/);
      expect(await store.headPosition()).toBe(head);
      await postAll(post, [
        appealDecided('a3', '2026-04-08T20:00:00+12:00', {
          heardLateBecause: 'the ruling reached the pair a day late',
        }),
      ]);
      const res = await request(app.getHttpServer()).get('/clubs/karori/corrections').expect(200);
      const deadline = {
        at: '2026-04-07T00:00:00+12:00',
        inclusive: false,
        rule: 'LCBA-10.2',
        basis: expect.stringContaining('to the end of 2026-04-06'),
      };
      expect(res.body.entries).toEqual([
        expect.objectContaining({ id: 'a1', state: 'lodged', late: false, deadline }),
        expect.objectContaining({
          id: 'a2',
          state: 'refused-out-of-time',
          summary: 'refused: out of time (LCBA-10.2)',
          late: true,
          rule: 'LCBA-10.2',
          deadline,
          facts: [
            expect.objectContaining({ type: 'RulingGiven' }),
            expect.objectContaining({ type: 'AppealLodged' }),
          ],
        }),
        expect.objectContaining({
          id: 'a3',
          state: 'dismissed',
          summary:
            'dismissed although out of time (LCBA-10.2): the ruling reached the pair a day late',
          late: true,
          decision: expect.objectContaining({
            heardLateBecause: 'the ruling reached the pair a day late',
          }),
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('PIN-R28 and PIN-R26: the log shows the 30 minutes after the score and the rubber’s end, "refused: out of time (PIN-R26)"; a malformed rubber is a 400 naming the field, nothing stored', async () => {
    const { app, post, store } = await postingLedger();
    try {
      await postAll(post, karoriUnderPinnerAppeals());
      const ended = '2026-03-31T16:00:00+13:00';
      await postAll(post, [
        rulingR1(),
        rubberRuling('rr1', '2026-03-31T16:05:00+13:00', { table: '2', endedAt: ended }),
        appealAgainst('r1', 'a1', '2026-03-30T23:00:00+13:00'),
        appealAgainst('rr1', 'a2', ended),
      ]);
      const res = await request(app.getHttpServer()).get('/clubs/karori/corrections').expect(200);
      expect(res.body.entries).toEqual([
        expect.objectContaining({
          id: 'a1',
          state: 'lodged',
          late: false,
          rule: 'PIN-R28',
          deadline: expect.objectContaining({ at: '2026-03-30T23:00:00+13:00', inclusive: true }),
        }),
        expect.objectContaining({
          id: 'a2',
          state: 'refused-out-of-time',
          summary: 'refused: out of time (PIN-R26)',
          deadline: expect.objectContaining({ at: ended, inclusive: false, rule: 'PIN-R26' }),
        }),
      ]);
      const head = await store.headPosition();
      const bad = await post([
        rubberRuling('rr2', '2026-03-31T17:00:00+13:00', { endedAt: 'teatime' }),
      ]).expect(400);
      expect(JSON.stringify(bad.body)).toMatch(/data\.rubber\.endedAt/);
      expect(await store.headPosition()).toBe(head);
    } finally {
      await app.close();
    }
  });

  it('bad input: a correction of a fact that does not exist is a 422 naming rule and field, nothing stored; an unknown club 404; a bad atPosition 400', async () => {
    const { app, post, store } = await postingLedger();
    try {
      const { facts, result1p1 } = karoriAutumn();
      await postAll(post, facts);
      const head = await store.headPosition();
      const ghost = { ...result1p1, id: '0190aaaa-0000-7000-8000-000000000000' };
      const res = await post([
        correctionOf(ghost, withPercentage(result1p1, 57), '2026-04-01T10:00:00+13:00'),
      ]).expect(422);
      expect(res.body).toMatchObject({
        error: 'RuleViolation',
        rule: 'LEDGER',
        field: 'events[0].data.target.eventId',
      });
      expect(await store.headPosition()).toBe(head);
      const invalid = await post([
        correctionOf(result1p1, withPercentage(result1p1, 120), '2026-04-01T10:00:00+13:00'),
      ]).expect(422);
      expect(invalid.body).toMatchObject({
        rule: 'LEDGER',
        field: 'events[0].data.corrected.percentage',
      });
      await request(app.getHttpServer()).get('/clubs/nowhere/corrections').expect(404);
      const bad = await request(app.getHttpServer())
        .get('/clubs/karori/corrections?atPosition=x')
        .expect(400);
      expect(bad.body).toMatchObject({ error: 'InvalidRequest' });
    } finally {
      await app.close();
    }
  });
});
