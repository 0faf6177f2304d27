import { DomainGate } from '../../src/ledger/domain-gate';
import {
  dsbCompetitionWithPairA1,
  dsbFact,
  DSB_2014_STREAM,
  groenloWithAnnAndBob,
} from '../support/dsb-competition';
import {
  clubRegistered,
  competition,
  proposed,
  ROSTER,
  rulebookAdopted,
  rulebookAmended,
  TUESDAYS,
  type Proposed,
} from '../support/nz-club';
import { collect } from '../support/events';
import { GatedLedger as Ledger } from '../support/gated-ledger';

/**
 * The gate every append takes (HTTP, CLI, examples) for facts outside the competition
 * deciders: rulebook facts are applied before they are written (RULEBOOK), and a competition
 * or rulebook fact belongs in its documented stream (LEDGER).
 */

const NEUBREG = { 'scoring.factoring': 'neubreg' };

describe('RULEBOOK a rulebook fact is applied before it is written', () => {
  it('RULEBOOK an amendment with a value the parameter does not take is refused on append, naming the path; nothing is written', async () => {
    const ledger = new Ledger();
    await ledger.append(clubRegistered(), rulebookAdopted());
    await ledger.refuses(
      [rulebookAmended(NEUBREG, '2026-03-01')],
      'RULEBOOK',
      'events[0].data.changes["scoring.factoring"]',
      'rulebook parameter scoring.factoring: must be "neuberg" or "none", not "neubreg"',
    );
    // The registration and the adoption only.
    expect(await collect(ledger.store.readStream('club-karori'))).toHaveLength(2);
    await ledger.append(rulebookAmended({ 'scoring.factoring': 'none' }, '2026-03-01'));
  });

  it('RULEBOOK the bad fact of a batch is named by its place in the batch, after the batch’s own adoption', async () => {
    const ledger = new Ledger();
    await ledger.refuses(
      [
        proposed('club-karori', 'ClubRegistered', {
          clubId: 'karori',
          name: 'Karori',
          timeZone: 'Pacific/Auckland',
        }),
        rulebookAdopted(),
        rulebookAmended({ 'tenSession.counted': 8 }, '2026-03-01'),
        rulebookAmended({ 'nz.nope': 1 }, '2026-04-01'),
      ],
      'RULEBOOK',
      'events[3].data.changes["nz.nope"]',
      /no such parameter/,
    );
  });

  it('RULEBOOK an adoption whose override the preset does not take is refused at its path', async () => {
    const ledger = new Ledger();
    await ledger.append(clubRegistered());
    await ledger.refuses(
      [rulebookAdopted('nz-club', { 'scoring.placeDecimals': 9 })],
      'RULEBOOK',
      'events[0].data.overrides["scoring.placeDecimals"]',
      'rulebook parameter scoring.placeDecimals: must be an integer 0–6',
    );
  });

  it('RULEBOOK an amendment with no rulebook adopted by its effective date is refused at data.effectiveFrom', async () => {
    const ledger = new Ledger();
    await ledger.append(clubRegistered());
    await ledger.refuses(
      [rulebookAmended({ 'scoring.factoring': 'none' }, '2026-03-01')],
      'RULEBOOK',
      'events[0].data.effectiveFrom',
      'no rulebook adopted by 2026-03-01: record RulebookAdopted first',
    );
    await ledger.append(rulebookAdopted());
    await ledger.refuses(
      [rulebookAmended({ 'scoring.factoring': 'none' }, '2024-12-31')],
      'RULEBOOK',
      'events[0].data.effectiveFrom',
    );
  });

  it('RULEBOOK re-appending a stored rulebook batch is the store’s no-op, not a second application', async () => {
    const ledger = new Ledger();
    const facts = [
      clubRegistered(),
      rulebookAdopted(),
      rulebookAmended({ 'scoring.factoring': 'none' }, '2026-03-01'),
    ];
    await ledger.append(...facts);
    await ledger.append(...facts);
    expect(await ledger.store.headPosition()).toBe(3);
  });

  it('RULEBOOK an append file with an amendment that cannot be applied is refused before its first line is written', async () => {
    const ledger = new Ledger();
    const lines = [
      clubRegistered(),
      rulebookAdopted(),
      ...ROSTER,
      rulebookAmended(NEUBREG, '2026-03-01'),
    ];
    expect(await ledger.refusesFile(lines)).toEqual([
      {
        line: lines.length,
        field: 'data.changes["scoring.factoring"]',
        message:
          'RULEBOOK: rulebook parameter scoring.factoring: must be "neuberg" or "none", not "neubreg"',
      },
    ]);
  });
});

describe('RULEBOOK an amendment already in the ledger that cannot be applied (written before the check)', () => {
  /** Karori under nz-club with a Tuesday event, and a bad amendment written unchecked. */
  async function clubWithBadAmendment() {
    const ledger = new Ledger();
    const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
      MT: ['mia', 'tia'],
      TT: ['tom', 'tim'],
    });
    await ledger.append(clubRegistered(), rulebookAdopted(), ...ROSTER, ...tue.setup);
    await ledger.writeUnchecked(rulebookAmended(NEUBREG, '2026-01-01'));
    return { ledger, tue };
  }

  it('RULEBOOK it does not block other appends, and NZ-8e still judges by the rulebook without it', async () => {
    const { ledger, tue } = await clubWithBadAmendment();
    await ledger.append(tue.result(1, 'MT'), tue.result(2, 'MT'), tue.result(3, 'MT'));
    await ledger.append(tue.result(4, 'TT'));
    await ledger.refuses([tue.result(4, 'MT')], 'NZ-8e', 'events[0].data.players[0]', /the 4th/);
  });

  it('RULEBOOK a gate started fresh on that ledger reads it the same way', async () => {
    const { ledger, tue } = await clubWithBadAmendment();
    ledger.gate = new DomainGate(ledger.store);
    const mia = [1, 2, 3].map((s) => tue.result(s, 'MT'));
    await ledger.append(...mia);
    expect((await ledger.streamOf(tue.stream)).slice(-3)).toEqual(mia.map((f) => f.id));
    await ledger.refuses([tue.result(4, 'MT')], 'NZ-8e', 'events[0].data.players[0]', /the 4th/);
  });

  it('RULEBOOK it does not block a good amendment, which is checked against the rulebook without it', async () => {
    const { ledger } = await clubWithBadAmendment();
    await ledger.append(rulebookAmended({ 'scoring.factoring': 'none' }, '2026-02-01'));
    await ledger.refuses(
      [rulebookAmended({ 'scoring.factoring': 'nope' }, '2026-02-01')],
      'RULEBOOK',
      'events[0].data.changes["scoring.factoring"]',
    );
  });
});

describe('LEDGER a competition or rulebook fact belongs in its documented stream', () => {
  const sitOut = (stream: string) => ({
    ...dsbFact('PairEntered', { pairId: 'a2', players: ['cor', 'dik'], group: 'A' }),
    streamId: stream,
  });

  it('LEDGER a competition fact on another stream is refused, naming streamId; nothing is written', async () => {
    const ledger = new Ledger();
    await ledger.append(...groenloWithAnnAndBob(), ...dsbCompetitionWithPairA1());
    const refused = await ledger.refuses([sitOut('notes-dsb')], 'LEDGER', 'streamId');
    expect(refused.reason).toBe(
      `events[0]: PairEntered of competition dsb-2014 belongs in stream ${DSB_2014_STREAM}, not notes-dsb`,
    );
    await ledger.refuses([sitOut('club-groenlo')], 'LEDGER', 'streamId');
  });

  it('LEDGER a competition fact in another competition’s stream is refused, naming data.competitionId', async () => {
    const ledger = new Ledger();
    await ledger.append(...groenloWithAnnAndBob(), ...dsbCompetitionWithPairA1());
    await ledger.refuses(
      [
        {
          ...dsbFact('SessionHeld', { session: 1, date: '2014-09-08', boards: 24 }),
          streamId: 'competition-dsb-2015',
          data: { competitionId: 'dsb-2015', session: 1, date: '2014-09-08', boards: 24 },
        },
        sitOut('competition-dsb-2015'),
      ],
      'LEDGER',
      'events[1].data.competitionId',
      /belongs in stream competition-dsb-2014, not competition-dsb-2015/,
    );
  });

  it('LEDGER a rulebook fact on a stream other than club-<clubId> is refused', async () => {
    const ledger = new Ledger();
    await ledger.refuses(
      [{ ...rulebookAdopted(), streamId: 'club-karori-players' }],
      'LEDGER',
      'streamId',
      'events[0]: RulebookAdopted of club karori belongs in stream club-karori, not club-karori-players',
    );
    await ledger.refuses(
      [{ ...rulebookAdopted(), streamId: 'club-kelburn' }],
      'LEDGER',
      'events[0].data.clubId',
    );
    await ledger.refuses(
      [{ ...rulebookAdopted(), streamId: 'competition-karori' }],
      'LEDGER',
      'streamId',
      'events[0]: RulebookAdopted of club karori belongs in stream club-karori, not competition-karori',
    );
  });

  it('LEDGER an append file with a competition fact on another stream is refused before anything is written', async () => {
    const ledger = new Ledger();
    // The second fact of the roster stream's batch: its line is named, not the batch's first.
    const cor = proposed('club-dsb-players', 'PlayerRegistered', {
      clubId: 'dsb',
      playerId: 'cor',
      name: 'Cor',
      status: 'member',
    });
    const lines = [
      ...groenloWithAnnAndBob(),
      ...dsbCompetitionWithPairA1(),
      cor,
      sitOut('club-dsb-players'),
    ];
    expect(await ledger.refusesFile(lines)).toEqual([
      {
        line: 7,
        field: 'streamId',
        message: `LEDGER: events[1]: PairEntered of competition dsb-2014 belongs in stream ${DSB_2014_STREAM}, not club-dsb-players`,
      },
    ]);
  });

  it('LEDGER a competition fact on another stream already in the ledger is not counted by the club-wide limits', async () => {
    const ledger = new Ledger();
    const pairs = { MT: ['mia', 'tia'], TT: ['tom', 'tim'] };
    const autumn = competition(
      'autumn',
      'three-four-session-pairs',
      'tuesday',
      TUESDAYS.slice(0, 4),
      pairs,
    );
    const spring = competition(
      'spring',
      'three-four-session-pairs',
      'tuesday',
      TUESDAYS.slice(4, 8),
      pairs,
    );
    await ledger.append(
      clubRegistered(),
      rulebookAdopted(),
      ...ROSTER,
      ...autumn.setup,
      ...spring.setup,
    );
    // Three Tuesdays of mia's, on a notes stream: the projection and the gate do not read them.
    await ledger.writeUnchecked(
      ...[1, 2, 3].map((s) => ({ ...autumn.result(s, 'MT'), streamId: 'notes-karori' })),
    );
    ledger.gate = new DomainGate(ledger.store);
    const counted = [1, 2, 3].map((s) => spring.result(s, 'MT'));
    await ledger.append(...counted);
    expect((await ledger.streamOf(spring.stream)).slice(-3)).toEqual(counted.map((f) => f.id));
    // Only the spring Tuesdays count: the 4th of them is mia's 4th (NZ-8e).
    await ledger.refuses([spring.result(4, 'MT')], 'NZ-8e', 'events[0].data.players[0]', /the 4th/);
  });
});

describe('DSB-22.5 a sit-out match’s rounds are the rounds of the club’s rulebook in force on the session’s day', () => {
  const groenlo = (type: string, data: Record<string, unknown>): Proposed =>
    proposed('club-groenlo', type, { clubId: 'groenlo', ...data }, '2014-08-01T12:00:00+02:00');
  const adopted = (preset: string, overrides: Record<string, unknown> = {}) =>
    groenlo('RulebookAdopted', { preset, overrides, effectiveFrom: '2014-08-01' });
  const SEVEN = { 'pairsCompetition.rounds': 7 };
  /** Groenlo registered, with the pairs' players on its roster. */
  const GROENLO: Proposed[] = [
    ...groenloWithAnnAndBob(),
    ...['cor', 'dik'].map((playerId) =>
      proposed(
        'club-groenlo-players',
        'PlayerRegistered',
        { clubId: 'groenlo', playerId, name: playerId, status: 'member' },
        '2014-08-01T12:00:00+02:00',
      ),
    ),
  ];

  /** dsb-2014 of Groenlo in groups A and B, sessions on 8 and 22 September 2014, a1 and b1. */
  const competition = (): Proposed[] => [
    dsbFact('CompetitionCreated', {
      clubId: 'groenlo',
      name: 'Parencompetitie',
      season: '2014-2015',
      kind: 'pairs-series',
      format: 'dsb-pairs',
      groups: ['A', 'B'],
      sessions: [
        { session: 1, date: '2014-09-08', startTime: '19:45' },
        { session: 2, date: '2014-09-22', startTime: '19:45' },
      ],
    }),
    dsbFact('PairEntered', { pairId: 'a1', players: ['ann', 'bob'], group: 'A' }),
    dsbFact('PairEntered', { pairId: 'b1', players: ['cor', 'dik'], group: 'B' }),
  ];
  const match = (session: number, rounds: number[]) =>
    dsbFact('SitOutMatchPlayed', { session, pairs: ['a1', 'b1'], rounds });

  it('DSB-22.5 a club whose rulebook plays 7 rounds accepts a sit-out match in round 7; under the preset’s 6 it is refused', async () => {
    const seven = new Ledger();
    await seven.append(...GROENLO, adopted('dsb-groenlo-2014', SEVEN), ...competition());
    await seven.append(match(1, [6, 7]));
    expect(await seven.store.headPosition()).toBe(GROENLO.length + 5);

    const six = new Ledger();
    await six.append(...GROENLO, adopted('dsb-groenlo-2014'), ...competition());
    await six.refuses(
      [match(1, [6, 7])],
      'LEDGER',
      'events[0].data.rounds[1]',
      'round 7 is not a round of session 1 (rounds 1..6)',
    );
    await six.append(match(1, [6]));
  });

  it('DSB-22.5 a club with no rulebook has no range of rounds to refuse by; under nz-club there is no dsb-pairs to play one in', async () => {
    const none = new Ledger();
    await none.append(...GROENLO, ...competition(), match(1, [7]));
    const all = await collect(none.store.readAll());
    expect(all[all.length - 1]).toMatchObject({
      type: 'SitOutMatchPlayed',
      data: { rounds: [7] },
    });
    // nz-club publishes no dsb-pairs standings: the competition itself is refused (RULEBOOK).
    const nz = new Ledger();
    await nz.append(...GROENLO, adopted('nz-club'));
    await nz.refuses(competition(), 'RULEBOOK', 'events[0].data.format');
  });

  it('DSB-22.5 a rulebook with fewer rounds refuses a round the preset would take', async () => {
    const five = new Ledger();
    await five.append(...GROENLO, adopted('dsb-groenlo-2014', { 'pairsCompetition.rounds': 5 }));
    await five.append(...competition());
    await five.refuses(
      [match(1, [6])],
      'LEDGER',
      'events[0].data.rounds[0]',
      'round 6 is not a round of session 1 (rounds 1..5)',
    );
  });

  it('DSB-22.5 an amendment effective from a date changes the rounds from that date on (the session as held, else planned)', async () => {
    const ledger = new Ledger();
    await ledger.append(
      ...GROENLO,
      adopted('dsb-groenlo-2014'),
      groenlo('RulebookAmended', { changes: SEVEN, effectiveFrom: '2014-09-15' }),
      ...competition(),
    );
    // Session 1 is planned on 8 September, before the amendment: 6 rounds.
    await ledger.refuses([match(1, [7])], 'LEDGER', 'events[0].data.rounds[0]', /rounds 1\.\.6/);
    // Session 2 on 22 September, after it: 7.
    await ledger.append(match(2, [7]));
    // Session 1 held on 16 September (recorded in the same batch): the held day counts.
    await ledger.append(
      dsbFact('SessionHeld', { session: 1, date: '2014-09-16', boards: 28 }),
      match(1, [7]),
    );
    // A gate started fresh on that ledger reads the club's rulebook from the store.
    ledger.gate = new DomainGate(ledger.store);
    await ledger.refuses([match(1, [8])], 'LEDGER', 'events[0].data.rounds[0]', /rounds 1\.\.7/);
  });
});
