import { GatedLedger as Ledger } from '../support/gated-ledger';
import {
  clubRegistered,
  competition,
  MONDAYS,
  proposed,
  registered,
  ROSTER,
  rulebookAdopted,
  rulebookAmended,
  type Proposed,
} from '../support/nz-club';

/**
 * A fact whose shape the club's rulebook in force forbids is refused at
 * append, naming the rule and the field, and nothing is written; the standings would have
 * answered every later table with 422 FactsNotScorable (or 409 NoApplicableRulebook). Each
 * ruleset says what its formats need (src/rulesets/<ruleset>/shape.ts); the deciders look the
 * format up in the registry.
 */

const PAIRS = { AB: ['mia', 'max'], CD: ['tia', 'tom'] };

/** The DSB competitions' players, on the club's roster too. */
const DSB_PLAYERS = ['ann', 'bob', 'cat', 'cor', 'dan', 'dik', 'eve', 'fay', 'zoe'].map((p) =>
  registered(p, 'member'),
);

/** A competition of Karori's in `format`, a session on each date, its pairs entered. */
const event = (
  format: string,
  n: number,
  extra: Record<string, unknown> = {},
  dates: readonly string[] = MONDAYS,
  pairs: Record<string, string[]> = PAIRS,
) => {
  const e = competition(`c-${format}-${n}`, format, 'monday', dates.slice(0, n), pairs);
  const [created, ...entered] = e.setup;
  const data = { ...(created!.data as Record<string, unknown>), ...extra };
  return { ...e, created: { ...created!, data } as Proposed, entered };
};

async function club(preset = 'nz-club', ...amendments: Proposed[]) {
  const ledger = new Ledger();
  await ledger.append(clubRegistered(), rulebookAdopted(preset), ...amendments, ...ROSTER);
  await ledger.append(...DSB_PLAYERS);
  return ledger;
}

describe('NZ-1 and NZ-2: a competition has the sessions its NZ event counts', () => {
  it('NZ-1 a club-pairs of 2 sessions is refused at data.sessions; nothing is written', async () => {
    const ledger = await club();
    await ledger.refuses(
      [event('club-pairs', 2).created],
      'NZ-1',
      'events[0].data.sessions',
      /club-pairs has 10 sessions, got 2.*could never be scored/,
    );
  });

  it('NZ-1 exactly 10 sessions is accepted (victoria-pairs and thursday-club-pairs too), 9 and 11 are refused', async () => {
    const ledger = await club();
    await ledger.append(event('club-pairs', 10).created);
    await ledger.append(event('victoria-pairs', 10).created);
    await ledger.append(event('thursday-club-pairs', 10).created);
    for (const n of [9, 11]) {
      await ledger.refuses([event('club-pairs', n).created], 'NZ-1', 'events[0].data.sessions');
    }
  });

  it('NZ-1 the count is the rulebook’s in force on the sessions’ days: tenSession.sessions amended to 8', async () => {
    const ledger = await club(
      'nz-club',
      rulebookAmended({ 'tenSession.sessions': 8 }, '2026-01-01'),
    );
    await ledger.append(event('club-pairs', 8).created);
    await ledger.refuses(
      [event('club-pairs', 10).created],
      'NZ-1',
      'events[0].data.sessions',
      /has 8 sessions, got 10/,
    );
  });

  it('NZ-1 an amendment from a later day judges the sessions on and after it: each day by its own rulebook', async () => {
    // From session 6's day the rulebook wants 8 sessions: a 10-session event is refused there.
    const ledger = await club(
      'nz-club',
      rulebookAmended({ 'tenSession.sessions': 8 }, MONDAYS[5]!),
    );
    await ledger.refuses(
      [event('club-pairs', 10).created],
      'NZ-1',
      'events[0].data.sessions',
      new RegExp(`in force on ${MONDAYS[5]}`),
    );
  });

  it('NZ-1 a club-pairs the rulebook no longer counts as a ten-session event is refused at data.format', async () => {
    const ledger = await club(
      'nz-club',
      rulebookAmended({ 'tenSession.events': ['victoria-pairs'] }, '2026-01-01'),
    );
    await ledger.refuses([event('club-pairs', 10).created], 'NZ-1', 'events[0].data.format');
    await ledger.append(event('victoria-pairs', 10).created);
  });

  it('NZ-2 a three-four-session-pairs takes exactly 3 or 4 sessions: 2 and 5 are refused', async () => {
    const ledger = await club();
    await ledger.append(event('three-four-session-pairs', 3).created);
    await ledger.append(event('three-four-session-pairs', 4).created);
    for (const n of [2, 5]) {
      await ledger.refuses(
        [event('three-four-session-pairs', n).created],
        'NZ-2',
        'events[0].data.sessions',
        new RegExp(`must be 3 or 4 for the short-pairs, got ${n}`),
      );
    }
  });

  it('NZ-2 the Wilkinson Individual has its 3 nights and the Wellesley Pairs its 4; the Random Draw any number', async () => {
    const ledger = await club();
    await ledger.append(event('wilkinson-individual', 3).created);
    await ledger.append(event('wellesley-pairs', 4).created);
    await ledger.append(event('random-draw-individual', 1).created);
    await ledger.append(event('random-draw-individual', 7).created);
    await ledger.refuses(
      [event('wilkinson-individual', 4).created],
      'NZ-2',
      'events[0].data.sessions',
    );
    await ledger.refuses([event('wellesley-pairs', 3).created], 'NZ-2', 'events[0].data.sessions');
  });

  it('LEDGER sessions are numbered 1 to n, as every standing counts them', async () => {
    const ledger = await club();
    const e = event('three-four-session-pairs', 3);
    const data = e.created.data as { sessions: Array<{ session: number }> };
    const gap = {
      ...data,
      sessions: data.sessions.map((s, i) => ({ ...s, session: i === 2 ? 4 : s.session })),
    };
    await ledger.refuses(
      [{ ...e.created, data: gap }],
      'LEDGER',
      'events[0].data.sessions',
      /numbered 1 to 3/,
    );
  });

  it('RULEBOOK a format the rulebook in force does not publish is refused at data.format', async () => {
    const ledger = await club();
    await ledger.refuses(
      [event('dsb-pairs', 6, { groups: ['A'] }).created],
      'RULEBOOK',
      'events[0].data.format',
      /dsb-pairs is not a format of the nz-club rulebook/,
    );
  });

  it('a club with no rulebook in force on the sessions’ days judges no shape: the competition is accepted', async () => {
    // docs/events.md: judged by none; its standings answer NoApplicableRulebook until one is adopted.
    const ledger = new Ledger();
    await ledger.append(clubRegistered(), event('club-pairs', 2).created);
    expect(await ledger.streamOf('competition-c-club-pairs-2')).toHaveLength(1);
  });
});

describe('NZ-3: an individual event has no substitutes', () => {
  it('NZ-3 a substitute in a Random Draw or Wilkinson Individual is refused at data.substituteId; a pairs event takes one', async () => {
    const ledger = await club();
    for (const [format, n] of [
      ['random-draw-individual', 3],
      ['wilkinson-individual', 3],
    ] as const) {
      const e = event(format, n);
      await ledger.append(e.created, ...e.entered);
      await ledger.refuses(
        [e.substitute(1, 'AB', 'max', 'wes')],
        'NZ-3',
        'events[0].data.substituteId',
        new RegExp(`${format}.*individual`),
      );
    }
    const pairs = event('three-four-session-pairs', 3);
    await ledger.append(pairs.created, ...pairs.entered, pairs.substitute(1, 'AB', 'max', 'wes'));
  });
});

describe('NZ-5: a scored session keeps the day it counted on', () => {
  it('NZ-5 a second SessionHeld moving a scored session to another day is refused at data.date; nothing is written', async () => {
    const ledger = await club();
    const e = event('club-pairs', 10);
    await ledger.append(e.created, ...e.entered, e.held(1, MONDAYS[0]!), e.result(1, 'AB'));
    await ledger.refuses(
      [e.held(1, '2026-03-03')],
      'NZ-5',
      'events[0].data.date',
      /session 1 is scored as held on 2026-03-02/,
    );
  });

  it('NZ-5 a first SessionHeld after the session is scored may not move it either', async () => {
    const ledger = await club();
    const e = event('club-pairs', 10);
    await ledger.append(e.created, ...e.entered, e.result(1, 'AB'));
    await ledger.refuses([e.held(1, '2026-03-04')], 'NZ-5', 'events[0].data.date');
  });

  it('NZ-5 a restatement of the same day passes, and a session not yet scored may move', async () => {
    const ledger = await club();
    const e = event('club-pairs', 10);
    await ledger.append(e.created, ...e.entered, e.held(1, '2026-03-03'), e.held(1, MONDAYS[0]!));
    await ledger.append(e.result(1, 'AB'), e.held(1, MONDAYS[0]!));
    // SessionHeld.boards is not read by any standing (NZ-5 divides by the result's boardsPlayed).
    const held = e.held(1, MONDAYS[0]!);
    await ledger.append({ ...held, data: { ...(held.data as object), boards: 27 } });
    expect(await ledger.streamOf(e.stream)).toHaveLength(8);
  });

  it('NZ-8 outside the NZ-5 events a scored session’s day is still fixed: the club-wide counts read it', async () => {
    const ledger = await club();
    const e = event('three-four-session-pairs', 3);
    await ledger.append(e.created, ...e.entered, e.result(1, 'AB'));
    await ledger.refuses([e.held(1, '2026-03-04')], 'NZ-8', 'events[0].data.date');
  });
});

describe('a session moved to another day is judged under the rulebook in force on that day', () => {
  it('RULEBOOK an unscored session moved to a day before the club adopted its rulebook is refused at data.date; nothing is written', async () => {
    const ledger = await club();
    const e = event('club-pairs', 10);
    await ledger.append(e.created, ...e.entered);
    await ledger.refuses(
      [e.held(1, '2024-12-30')],
      'RULEBOOK',
      'events[0].data.date',
      /no rulebook of club karori is in force on 2024-12-30/,
    );
  });

  it('NZ-1 an unscored session moved past an amendment (taken, as no session was after it) that would not score the event is refused', async () => {
    const ledger = await club(
      'nz-club',
      rulebookAmended({ 'tenSession.sessions': 8 }, '2026-06-01'),
    );
    const e = event('club-pairs', 10);
    await ledger.append(e.created, ...e.entered);
    await ledger.refuses(
      [e.held(10, '2026-06-08')],
      'NZ-1',
      'events[0].data.date',
      /session 10 of c-club-pairs-10 \(club-pairs\) moved to 2026-06-08 could never be scored: .*has 8 sessions, got 10/,
    );
    // Within the days of the rulebook it was created under, it moves.
    await ledger.append(e.held(10, '2026-05-05'));
  });

  it('RULEBOOK moved to a day of a rulebook that does not publish its format (another preset adopted) is refused', async () => {
    const ledger = await club();
    const e = event('club-pairs', 10);
    await ledger.append(e.created, ...e.entered);
    await ledger.append(
      proposed('club-karori', 'RulebookAdopted', {
        clubId: 'karori',
        preset: 'dsb-groenlo-2014',
        overrides: {},
        effectiveFrom: '2026-09-01',
      }),
    );
    await ledger.refuses(
      [e.held(10, '2026-09-07')],
      'RULEBOOK',
      'events[0].data.date',
      /club-pairs is not a format of the dsb-groenlo-2014 rulebook in force on 2026-09-07/,
    );
  });

  it('DSB-7 moved to a day whose rulebook has fewer boards than a result already recorded is refused: that standing validates it', async () => {
    const ledger = await club(
      'dsb-groenlo-2014',
      rulebookAmended({ 'pairsCompetition.boardsPerRound': 3 }, '2026-12-01'),
    );
    const e = event('dsb-pairs', 6, { groups: ['A'] }, MONDAYS, {
      AB: ['ann', 'bob'],
      CD: ['cor', 'dik'],
    });
    const inA = e.entered.map((f) => ({ ...f, data: { ...(f.data as object), group: 'A' } }));
    await ledger.append(e.created, ...inA, e.result(1, 'AB'));
    await ledger.refuses(
      [e.held(2, '2026-12-07')],
      'DSB-7',
      'events[0].data.date',
      /the result of pair AB at session 1: a pair plays at most 18 boards/,
    );
    await ledger.append(e.held(2, MONDAYS[2]!));
  });

  it('a competition of a club with no rulebook on any day moves freely (nothing is judged on either day)', async () => {
    const ledger = new Ledger();
    await ledger.append(clubRegistered(), ...ROSTER);
    const e = event('club-pairs', 2);
    await ledger.append(e.created, ...e.entered, e.held(1, '2024-12-30'));
    expect(await ledger.streamOf(e.stream)).toHaveLength(4);
  });
});

describe('DSB: the pairs competition and the top-integral', () => {
  const GROUPS = { groups: ['A', 'B'] };
  const DSB_PAIRS = { AB: ['ann', 'bob'], CD: ['cor', 'dik'] };
  const dsb = (format: string, n: number, extra: Record<string, unknown> = GROUPS) =>
    event(format, n, extra, MONDAYS, DSB_PAIRS);
  const entered = (e: ReturnType<typeof dsb>, group?: string) =>
    e.entered.map((f) => ({ ...f, data: { ...(f.data as object), ...(group ? { group } : {}) } }));

  it('DSB-4 a dsb-pairs has at most the rulebook’s 6 sessions: 6 accepted, 7 refused at data.sessions', async () => {
    const ledger = await club('dsb-groenlo-2014');
    await ledger.append(dsb('dsb-pairs', 6).created);
    await ledger.append(dsb('dsb-pairs', 1).created);
    await ledger.refuses(
      [dsb('dsb-pairs', 7).created],
      'DSB-4',
      'events[0].data.sessions',
      /at most 6 sessions, got 7/,
    );
  });

  it('DSB-5 a group the rulebook does not have is refused at data.groups', async () => {
    const ledger = await club('dsb-groenlo-2014');
    await ledger.append(dsb('dsb-pairs', 6, { groups: ['A', 'B', 'C', 'D', 'E'] }).created);
    await ledger.refuses(
      [dsb('dsb-pairs', 5, { groups: ['A', 'F'] }).created],
      'DSB-5',
      'events[0].data.groups',
      /F is not a group of the rulebook \(A, B, C, D, E\)/,
    );
    await ledger.refuses(
      [dsb('dsb-pairs', 4, { groups: ['A', 'A'] }).created],
      'DSB-5',
      'events[0].data.groups',
    );
  });

  it('DSB-3 a pair has the rulebook’s pairs.minMembers to maxMembers players: a partnership of three under maxMembers 2 is refused at data.players', async () => {
    const ledger = await club(
      'dsb-groenlo-2014',
      rulebookAmended({ 'pairs.maxMembers': 2 }, '2026-01-01'),
    );
    const e = event('dsb-pairs', 6, GROUPS, MONDAYS, {
      AB: ['ann', 'bob'],
      P3: ['cat', 'dan', 'eve'],
    });
    const [ab, p3] = entered(e, 'A');
    await ledger.append(e.created, ab!);
    await ledger.refuses(
      [p3!],
      'DSB-3',
      'events[0].data.players',
      /2 \(a partnership\) players, got 3/,
    );
  });

  it('DSB-12.1 a top-integral has at least 4 sessions: 4 accepted, 3 refused', async () => {
    const ledger = await club('dsb-groenlo-2014');
    await ledger.append(dsb('dsb-top-integral', 4, {}).created);
    await ledger.refuses(
      [dsb('dsb-top-integral', 3, {}).created],
      'DSB-12.1',
      'events[0].data.sessions',
      /at least 4 sessions, got 3/,
    );
  });

  it('DSB-7 a result of more boards than the session’s 6 rounds of 4 is refused at data.boardsPlayed; 24 accepted', async () => {
    const ledger = await club('dsb-groenlo-2014');
    const e = dsb('dsb-pairs', 6);
    await ledger.append(e.created, ...entered(e, 'A'), e.result(1, 'AB'));
    const r = e.result(1, 'CD');
    await ledger.refuses(
      [{ ...r, data: { ...(r.data as object), boardsPlayed: 25 } }],
      'DSB-7',
      'events[0].data.boardsPlayed',
      /at most 24 boards/,
    );
  });

  it('DSB-22.5 a result that sat out more rounds than the session has is refused at data.sitOutRounds', async () => {
    const ledger = await club('dsb-groenlo-2014');
    const e = dsb('dsb-pairs', 6);
    await ledger.append(e.created, ...entered(e, 'A'));
    const r = e.result(1, 'CD');
    await ledger.append({
      ...r,
      data: { ...(r.data as object), boardsPlayed: 4, sitOutRounds: 5 },
    });
    const r2 = e.result(1, 'AB');
    await ledger.refuses(
      [{ ...r2, data: { ...(r2.data as object), boardsPlayed: 4, sitOutRounds: 7 } }],
      'DSB-22.5',
      'events[0].data.sitOutRounds',
    );
  });

  it('DSB-3 a partnership’s result names two of its members; DSB-10.1 with a substitute, one member and the substitute', async () => {
    const ledger = await club('dsb-groenlo-2014');
    const e = event('dsb-pairs', 6, GROUPS, MONDAYS, {
      P3: ['ann', 'bob', 'cat'],
      AB: ['dan', 'eve'],
    });
    await ledger.append(e.created, ...entered(e, 'A'));
    const result = (session: number, pairId: string, players: string[]) =>
      e.result(session, pairId, players);
    await ledger.append(result(1, 'P3', ['ann', 'cat']));
    await ledger.refuses(
      [result(2, 'P3', ['ann'])],
      'DSB-3',
      'events[0].data.players',
      /two of its members/,
    );
    await ledger.append(e.substitute(2, 'AB', 'eve', 'zoe'), result(2, 'AB', ['dan', 'zoe']));
    await ledger.append(e.substitute(3, 'AB', 'eve', 'zoe'));
    await ledger.refuses(
      [result(3, 'AB', ['zoe'])],
      'DSB-10.1',
      'events[0].data.players',
      /one member of the pair/,
    );
  });

  it('DSB-12.2 a pair entering a top-integral after its first draw is refused at data.pairId', async () => {
    const ledger = await club('dsb-groenlo-2014');
    const e = dsb('dsb-top-integral', 4, {});
    const draw = proposed(e.stream, 'BallotDrawn', {
      competitionId: e.created.data && (e.created.data as { competitionId: string }).competitionId,
      session: 1,
      order: ['CD', 'AB'],
    });
    await ledger.append(e.created, ...e.entered, draw);
    const late = proposed(e.stream, 'PairEntered', {
      competitionId: (e.created.data as { competitionId: string }).competitionId,
      pairId: 'EF',
      players: ['eve', 'fay'],
    });
    await ledger.refuses([late], 'DSB-12.2', 'events[0].data.pairId', /draw/);
  });
});
