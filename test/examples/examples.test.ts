import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { appendBatches, planAppend } from '../../src/ledger/append-file';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import {
  championshipOf,
  competitions,
  cPointsOf,
  standingsOf,
  type CompetitionsState,
} from '../../src/contexts/pairs/projection';
import { nextGroupsOf } from '../../src/rulesets/dsb-groenlo-2014/next-groups';
import { diffTables } from '../../src/contexts/pairs/projection/diff';
import { fold } from '../../src/kernel/projection';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { replayFromStore } from '../../src/audit/replay';

const dir = join(__dirname, '../../examples');
const files = readdirSync(dir).filter((f) => f.endsWith('.ndjson'));

describe('the example seasons', () => {
  it('are there: one per rulebook', () => {
    expect(files.sort()).toEqual([
      'dsb-groenlo-2014-2015.ndjson',
      'nz-club-pairs-2026.ndjson',
      'uk-lcba-league-2009-10.ndjson',
      'uk-pinner-bc-2018.ndjson',
      'wellington-and-lochem-teams.ndjson',
    ]);
  });

  it.each(files)(
    '%s passes the catalogue and every decider, and loads idempotently',
    async (file) => {
      const store = new MemoryEventStore({ upcast: catalogue.upcast });
      const batches = await planAppend(join(dir, file), catalogue);
      const first = await appendBatches(store, batches);
      const head = await store.headPosition();
      expect(head).toBe(first.events);
      await appendBatches(store, await planAppend(join(dir, file), catalogue));
      expect(await store.headPosition()).toBe(head);
    },
  );
});

describe('the DSB example season', () => {
  it('plays its second competition in the groups DSB-8 gave after the first', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await appendBatches(
      store,
      await planAppend(join(dir, 'dsb-groenlo-2014-2015.ndjson'), catalogue),
    );
    const { state } = await replayFromStore(store, competitions);
    const view = standingsOf(state, 'dsb-2014-c2');
    if (view.kind !== 'dsb') throw new Error('not DSB');
    expect(view.groupPlacements).toHaveLength(18);
    expect(view.groupPlacements.filter((p) => !p.agrees)).toEqual([]);
  });
});

/** An example season folded from its file, and the same up to the first fact of `type`, excluded. */
async function beforeAndAfter(file: string, type: string) {
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
  await appendBatches(store, await planAppend(join(dir, file), catalogue));
  const events: RecordedEvent[] = [];
  for await (const e of store.readAll()) events.push(e);
  const decision = events.find((e) => e.type === type)!;
  return {
    events,
    decision,
    before: fold(
      competitions,
      events.filter((e) => e.position < decision.position),
    ),
    after: fold(competitions, events),
  };
}

describe('the example seasons’ corrections and appeal', () => {
  it('NZ-13 the example season: the late correction is rejected and changes nothing; the accepted one gives p2 the event, explained', async () => {
    const { events, before, after } = await beforeAndAfter(
      'nz-club-pairs-2026.ndjson',
      'CorrectionAccepted',
    );
    const rows = (state: CompetitionsState) => {
      const view = standingsOf(state, 'club-pairs-2026');
      if (view.kind !== 'nz') throw new Error('not NZ');
      return view.rows;
    };
    const rejected = events.find((e) => e.type === 'CorrectionRejected')!;
    expect(rejected.data).toMatchObject({ correctionId: 'karori-2026-c1', rule: 'NZ-13' });
    expect((rejected.data as { reason: string }).reason).toMatch(/^late \(NZ-13\)/);
    // Before the acceptance (the late correction already rejected): p1 wins.
    expect(
      rows(before)
        .slice(0, 2)
        .map((r) => [r.place, r.competitor]),
    ).toEqual([
      [1, 'nz-p1'],
      [2, 'nz-p2'],
    ]);
    expect(JSON.stringify(rows(before))).not.toContain('karori-2026-c1');
    // After it: p2's session 10 is 7.50 more, and p2 wins; the row says why.
    const now = rows(after);
    expect(now.slice(0, 2).map((r) => [r.place, r.competitor])).toEqual([
      [1, 'nz-p2'],
      [2, 'nz-p1'],
    ]);
    const notified = events.find(
      (e) =>
        e.type === 'CorrectionNotified' &&
        (e.data as { correctionId: string }).correctionId === 'karori-2026-c2',
    )!;
    const original = (notified.data as { target: { eventId: string } }).target.eventId;
    expect(now[0]!.explain.filter((e) => e.rule === 'NZ-13')).toEqual([
      {
        rule: 'NZ-13',
        session: 10,
        effect: `session 10: 60.25 % corrected to 67.75 % by correction karori-2026-c2 of fact ${original} (accepted)`,
      },
    ]);
    expect(now.slice(1).flatMap((r) => r.explain.filter((e) => e.rule === 'NZ-13'))).toEqual([]);
    // The C points of session 10 are placed on the corrected score, and say so.
    const session10 = cPointsOf(after, 'club-pairs-2026', { session: 10 });
    const p2 = session10.awards[0]!.awards.filter((a) => a.competitor === 'nz-p2');
    expect(p2.map((a) => [a.player, a.score, a.explain[0]!.rule])).toEqual([
      ['nz-carys', 6775, 'NZ-13'],
      ['nz-dev', 6775, 'NZ-13'],
    ]);
  });

  it('DSB-20.3 the example season: the board upholds the objection to the ruling on board 6, and group A’s standing follows, explained', async () => {
    const { decision, before, after } = await beforeAndAfter(
      'dsb-groenlo-2014-2015.ndjson',
      'AppealDecided',
    );
    const groupA = (state: CompetitionsState, upTo?: number) => {
      const view = standingsOf(state, 'dsb-2014-c2', upTo ? { afterSession: upTo } : {});
      if (view.kind !== 'dsb') throw new Error('not DSB');
      return view.groups.find((g) => g.group === 'A')!.rows;
    };
    const order = (rows: ReturnType<typeof groupA>) => rows.map((r) => r.pairId);
    // After the third evening: the ruling's 3NT+2 put p3 ahead of p7; the board's decision
    // restores the table result, and p7 is fourth again.
    expect(order(groupA(before, 3)).slice(3, 5)).toEqual(['dsb-p3', 'dsb-p7']);
    expect(order(groupA(after, 3)).slice(3, 5)).toEqual(['dsb-p7', 'dsb-p3']);
    for (const row of groupA(after, 3)) {
      expect(row.explain.filter((e) => e.rule === 'DSB-20.3')).toEqual([
        expect.objectContaining({
          session: 3,
          effect: expect.stringContaining(
            `appeal dsb-2014-c2-3-A-b6-appeal against ruling dsb-2014-c2-3-A-b6 (fact `,
          ),
        }),
      ]);
      expect(JSON.stringify(row.explain)).toContain(`upheld (fact ${decision.id})`);
    }
    expect(JSON.stringify(groupA(before, 3))).not.toContain('DSB-20.3');
  });

  it('DSB-20.3 DSB-11 DSB-8 the example season: the championship and group A’s moves name the objection upheld; the diff of the championship names it too', async () => {
    const { decision, before, after } = await beforeAndAfter(
      'dsb-groenlo-2014-2015.ndjson',
      'AppealDecided',
    );
    const appeal = 'appeal dsb-2014-c2-3-A-b6-appeal against ruling dsb-2014-c2-3-A-b6 (fact ';
    const named = (explain: ReadonlyArray<{ rule: string; effect: string }>) =>
      explain.filter((e) => e.rule === 'DSB-20.3').map((e) => e.effect);
    // The pairs that played board 6 in group A on the third evening: their standing names it.
    const standing = standingsOf(after, 'dsb-2014-c2');
    if (standing.kind !== 'dsb') throw new Error('not DSB');
    const played = standing.groups
      .flatMap((g) => g.rows)
      .filter((r) => named(r.explain).length > 0)
      .map((r) => r.pairId)
      .sort();
    expect(played.length).toBeGreaterThan(0);
    const view = championshipOf(after, 'dsb', '2014-2015');
    const moves = nextGroupsOf(after, 'dsb-2014-c2').moves;
    for (const a of view.awards) {
      const notes = named(a.explain);
      if (a.competitionId === 'dsb-2014-c2' && played.includes(a.pairId)) {
        expect(notes).toEqual([expect.stringContaining(appeal)]);
        expect(notes[0]).toContain(`upheld (fact ${decision.id})`);
      } else expect(notes).toEqual([]);
    }
    for (const r of view.table) {
      const notes = named(r.explain);
      expect(notes).toEqual(
        played.includes(r.pairId)
          ? [expect.stringMatching(/^dsb-2014-c2: session 3, board 6 /)]
          : [],
      );
    }
    for (const m of moves)
      expect(named(m.explain)).toEqual(
        played.includes(m.pairId) ? [expect.stringContaining(appeal)] : [],
      );
    // Before the decision the first competition's placings name nothing.
    expect(JSON.stringify(championshipOf(before, 'dsb', '2014-2015'))).not.toContain('DSB-20.3');
    const diff = diffTables(
      { table: 'championship', view: championshipOf(before, 'dsb', '2014-2015') },
      { table: 'championship', view },
    );
    const facts = new Set(diff.changes.flatMap((c) => c.facts));
    expect(facts).toContain('appeal dsb-2014-c2-3-A-b6-appeal');
    expect(facts).toContain(`fact ${decision.id}`);
    expect(diff.changes.flatMap((c) => c.rules)).toContain('DSB-20.3');
  });
});
