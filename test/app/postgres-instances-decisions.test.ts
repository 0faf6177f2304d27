import type { Proposed } from '../support/nz-club';
import {
  accepted,
  correctionOf,
  karoriAutumn,
  rejected,
  withPercentage,
} from '../support/corrections';
import { clubFacts, fact, players, STRUCTURE } from '../domain/league/support';
import { onPostgres } from '../support/postgres';
import { twoInstances } from '../support/two-instances';

/** Consecutive facts of one stream as one batch, as a club system posts them. */
function batches(facts: Proposed[]): Proposed[][] {
  const out: Proposed[][] = [];
  for (const f of facts) {
    const last = out.at(-1);
    if (last && last[0]!.streamId === f.streamId) last.push(f);
    else out.push([f]);
  }
  return out;
}

/**
 * Two requests at once: one 201. The other is refused by the rule at once (422) when the two
 * decisions were serialised by the club's lock, or told it lost the stream's revision (409)
 * when both were decided at the same revision; then, sent again, refused by the rule.
 */
async function race(
  post: (i: number, facts: Proposed[]) => Promise<Response>,
  first: Proposed,
  second: Proposed,
): Promise<{ rule: string; message: string }> {
  const [a, b] = await Promise.all([post(0, [first]), post(1, [second])]);
  const statuses = [a.status, b.status].sort();
  expect(statuses[0]).toBe(201);
  expect([409, 422]).toContain(statuses[1]);
  const [lost, lostThrough, answer] = a.status === 201 ? [second, 1, b] : [first, 0, a];
  const refusal = answer.status === 409 ? await post(lostThrough, [lost]) : answer;
  expect(refusal.status).toBe(422);
  return (await refusal.json()) as { rule: string; message: string };
}

const nominate = (teamId: string, ps: string[]) =>
  fact('TeamNominated', { teamId, players: ps, receivedOn: '2009-09-01' });

/**
 * The league's and the corrections' rules hold across two service instances as in one
 * process: what one instance admitted, the other's decision reads, however close together the
 * two requests come.
 */
onPostgres('two service instances on one PostgreSQL store: league and corrections', () => {
  const { post, ok } = twoInstances();

  it('LCBA-4.4: ox1 nominated for Oxford A through one instance and for Cambridge A through the other at once: one admitted, the other refused naming LCBA-4.4', async () => {
    for (const b of batches([...clubFacts(), ...STRUCTURE])) await ok(post(0, b));
    const oxford = nominate('oxford-a', players('ox', 8));
    const cambridge = nominate('cam-a', ['ox1', ...players('cam', 7)]);
    const body = await race(post, oxford, cambridge);
    expect(body.rule).toBe('LCBA-4.4');
    expect(body.message).toMatch(/ox1 is nominated for (oxford-a|cam-a) already/);
  });

  it('NZ-13: one correction accepted through one instance and rejected through the other at once: one decision stands, the other is refused (one decision a correction)', async () => {
    const { facts, result1p1 } = karoriAutumn();
    for (const b of batches(facts)) await ok(post(0, b));
    await ok(
      post(1, [
        correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-02T10:00:00+13:00'),
      ]),
    );
    const accept = accepted('c1', '2026-04-02T11:00:00+13:00');
    const reject = rejected('c1', '2026-04-02T11:00:00+13:00');
    const body = await race(post, accept, reject);
    expect(body.message).toMatch(/correction c1 is decided already/);
  });
});
