import { DomainGate } from '../../src/ledger/domain-gate';
import {
  clubRegistered,
  competition,
  MONDAYS,
  registered,
  ROSTER,
  rulebookAdopted,
  rulebookAmended,
  statusChanged,
  TUESDAYS,
  type Proposed,
} from '../support/nz-club';
import { GatedLedger as Ledger } from '../support/gated-ledger';

/**
 * The deciders' club-wide limits, through the gate every append takes (HTTP, CLI, examples):
 * NZ-8e a Monday or Wednesday player on a Tuesday at most 3 times a club year, NZ-10 a visitor
 * at most 3 times, counted across all the club's competitions by session date.
 */

/** Fields a refusal names: the first fact's first or second player, or its substitute. */
const FIRST_PLAYER = 'events[0].data.players[0]';
const SECOND_PLAYER = 'events[0].data.players[1]';
const SUBSTITUTE = 'events[0].data.substituteId';

async function nzClub(...extra: Proposed[]) {
  const ledger = new Ledger();
  await ledger.append(clubRegistered(), rulebookAdopted(), ...ROSTER, ...extra);
  return ledger;
}

/**
 * A Tuesday event on `dates`: mia (Monday) with tia, and a Tuesday pair. Three or four dates:
 * a three/four-session pairs; ten: a Club Pairs (NZ-1, NZ-2: the sessions the event counts).
 */
const tuesdayEvent = (id: string, dates: readonly string[]) =>
  competition(id, dates.length <= 4 ? 'three-four-session-pairs' : 'club-pairs', 'tuesday', dates, {
    MT: ['mia', 'tia'],
    TT: ['tom', 'tim'],
  });

describe('NZ-8e a Monday or Wednesday player may play on a Tuesday at most 3 times a year', () => {
  it("NZ-8e a Monday player's 4th Tuesday in a club year is refused, naming the player's field; nothing is written", async () => {
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    await ledger.append(...tue.setup, tue.result(1, 'MT'), tue.result(2, 'MT'));
    // Exactly the 3rd is allowed.
    await ledger.append(tue.result(3, 'MT'), tue.result(4, 'TT'));
    const refused = await ledger.refuses([tue.result(4, 'MT')], 'NZ-8e', FIRST_PLAYER);
    expect(refused.reason).toBe(
      'mia: 2026-03-24: a monday player on a Tuesday, the 4th this year (at most 3): not permitted',
    );
  });

  it('NZ-8e a Wednesday player is limited the same way', async () => {
    const ledger = await nzClub();
    const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
      WT: ['wes', 'tia'],
    });
    await ledger.append(
      ...tue.setup,
      tue.result(1, 'WT'),
      tue.result(2, 'WT'),
      tue.result(3, 'WT'),
    );
    await ledger.refuses([tue.result(4, 'WT')], 'NZ-8e', FIRST_PLAYER, /^wes: /);
  });

  it('NZ-8e the 4 Wellesley Pairs and 3 Wilkinson Individual nights are not counted', async () => {
    const ledger = await nzClub();
    const wellesley = competition('wel', 'wellesley-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
      MT: ['mia', 'tia'],
    });
    const wilkinson = competition('wil', 'wilkinson-individual', 'tuesday', TUESDAYS.slice(4, 7), {
      M: ['mia', 'tom'],
    });
    await ledger.append(...wellesley.setup, ...[1, 2, 3, 4].map((s) => wellesley.result(s, 'MT')));
    await ledger.append(...wilkinson.setup, ...[1, 2, 3].map((s) => wilkinson.result(s, 'M')));
    const tue = tuesdayEvent('tue', TUESDAYS.slice(7, 11));
    await ledger.append(...tue.setup, ...[1, 2, 3].map((s) => tue.result(s, 'MT')));
    await ledger.refuses([tue.result(4, 'MT')], 'NZ-8e', FIRST_PLAYER, /the 4th/);
  });

  it('NZ-8e counts across the club’s competitions, and within one batch its earlier facts count', async () => {
    const ledger = await nzClub();
    const spring = tuesdayEvent('spring', TUESDAYS.slice(0, 4));
    await ledger.append(...spring.setup, spring.result(1, 'MT'), spring.result(2, 'MT'));
    const autumn = tuesdayEvent('autumn', TUESDAYS.slice(8, 12));
    await ledger.append(...autumn.setup);
    // One batch: the 3rd Tuesday (allowed) and then the 4th (refused): nothing of it is written.
    await ledger.refuses(
      [autumn.result(1, 'TT'), autumn.result(1, 'MT'), autumn.result(2, 'MT')],
      'NZ-8e',
      'events[2].data.players[0]',
    );
    await ledger.append(autumn.result(1, 'MT'));
  });

  it('NZ-8e a substitute sitting down counts: the 4th Tuesday as a substitute is refused at data.substituteId', async () => {
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    await ledger.append(...tue.setup, ...[1, 2, 3].map((s) => tue.result(s, 'MT')));
    await ledger.refuses([tue.substitute(4, 'TT', 'tim', 'mia')], 'NZ-8e', SUBSTITUTE);
  });

  it('NZ-8e a player appearing twice in a session counts once; the same Tuesday in two events is one Tuesday', async () => {
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    const again = tuesdayEvent('again', TUESDAYS.slice(0, 4));
    await ledger.append(...tue.setup, tue.result(1, 'MT'), tue.result(2, 'MT'));
    await ledger.append(...again.setup, again.result(1, 'MT'), again.result(2, 'MT'));
    // The 3rd Tuesday: a substitute, then the result naming the substitute.
    await ledger.append(tue.substitute(3, 'TT', 'tim', 'mia'), tue.result(3, 'TT', ['tom', 'mia']));
    await ledger.refuses([tue.result(4, 'MT')], 'NZ-8e', FIRST_PLAYER);
  });

  it('NZ-8e a session scored from board results counts its players', async () => {
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    await ledger.append(...tue.setup, ...[1, 2, 3].map((s) => tue.result(s, 'MT')));
    await ledger.refuses(
      [
        tue.scoredFromBoards(4, [
          { pairNumber: '1', pairId: 'TT' },
          { pairNumber: '2', pairId: 'MT' },
        ]),
      ],
      'NZ-8e',
      'events[0].data.pairs[1].pairId',
    );
    await ledger.refuses(
      [tue.scoredFromBoards(4, [{ pairNumber: '2', pairId: 'MT', players: ['tia', 'mia'] }])],
      'NZ-8e',
      'events[0].data.pairs[0].players[1]',
    );
  });

  it('NZ-8e a pair scored from board results with a substitute: the absent player’s Tuesday is not counted', async () => {
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 10));
    await ledger.append(...tue.setup, ...[1, 2, 3].map((s) => tue.result(s, 'MT')));
    // Mia (a Monday player, three Tuesdays played) is replaced by tess on the 4th Tuesday:
    // the link names no players, so MT sat down as tia and tess.
    await ledger.append(
      tue.substitute(4, 'MT', 'mia', 'tess'),
      tue.scoredFromBoards(4, [{ pairNumber: '2', pairId: 'MT' }]),
    );
    // Her 4th Tuesday is still to come, and refused.
    await ledger.refuses(
      [tue.scoredFromBoards(5, [{ pairNumber: '2', pairId: 'MT' }])],
      'NZ-8e',
      'events[0].data.pairs[0].pairId',
    );
  });

  it('NZ-8e counts by session date, as held: a session held in the next club year starts again', async () => {
    const dates = ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22'];
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', dates);
    await ledger.append(...tue.setup, ...[1, 2, 3].map((s) => tue.result(s, 'MT')));
    await ledger.refuses([tue.result(4, 'MT')], 'NZ-8e', FIRST_PLAYER);
    // Postponed into January: a new club year.
    await ledger.append(tue.held(4, '2027-01-05'), tue.result(4, 'MT'));
  });

  it('NZ-8e a new club year resets the count, and an amended yearStarts moves the boundary', async () => {
    const dates = ['2026-12-01', '2026-12-08', '2026-12-15', '2027-01-05'];
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', dates);
    await ledger.append(...tue.setup, ...[1, 2, 3, 4].map((s) => tue.result(s, 'MT')));

    const april = await nzClub(rulebookAmended({ yearStarts: '04-01' }, '2026-01-01'));
    const t2 = tuesdayEvent('tue', dates);
    await april.append(...t2.setup, ...[1, 2, 3].map((s) => t2.result(s, 'MT')));
    await april.refuses([t2.result(4, 'MT')], 'NZ-8e', FIRST_PLAYER);
  });

  it('NZ-8e an amendment raising the limit to 4 allows the 4th Tuesday from its effective date', async () => {
    const ledger = await nzClub(
      rulebookAmended({ 'nightLimits.mondayWedToTuesday': 4 }, TUESDAYS[3]!),
    );
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 10));
    await ledger.append(...tue.setup, ...[1, 2, 3, 4].map((s) => tue.result(s, 'MT')));
    await ledger.refuses([tue.result(5, 'MT')], 'NZ-8e', FIRST_PLAYER, /at most 4/);

    const late = await nzClub(
      rulebookAmended({ 'nightLimits.mondayWedToTuesday': 4 }, '2026-06-01'),
    );
    const t2 = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    await late.append(...t2.setup, ...[1, 2, 3].map((s) => t2.result(s, 'MT')));
    await late.refuses([t2.result(4, 'MT')], 'NZ-8e', FIRST_PLAYER);
  });

  it('NZ-8e with nightLimitOver "disqualify" the 4th Tuesday is written: the standings disqualify the pair instead', async () => {
    const ledger = await nzClub(
      rulebookAmended({ 'nightLimitOver.mondayWedToTuesday': 'disqualify' }, '2026-01-01'),
    );
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    await ledger.append(...tue.setup, ...[1, 2, 3, 4].map((s) => tue.result(s, 'MT')));
    expect(await ledger.streamOf(tue.stream)).toHaveLength(7);
  });

  it('NZ-8e a late result dated before three recorded Tuesdays makes the last of them the 4th: refused', async () => {
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    await ledger.append(...tue.setup, ...[2, 3, 4].map((s) => tue.result(s, 'MT')));
    const refused = await ledger.refuses([tue.result(1, 'MT')], 'NZ-8e', FIRST_PLAYER);
    expect(refused.reason).toMatch(
      /^mia: a play on 2026-03-03 comes first, so 2026-03-24: .* the 4th/,
    );
  });

  it('NZ-8e a 4th Tuesday already in an old ledger does not stop later facts', async () => {
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    // Written before the deciders knew the rule: straight to the store.
    for (const f of [...tue.setup, ...[1, 2, 3, 4].map((s) => tue.result(s, 'MT'))]) {
      const { streamId, ...e } = f;
      await ledger.store.appendToStream(streamId, [{ ...e, schemaVersion: 1 }], {
        expectedRevision: 'any',
      });
    }
    const later = [tue.result(1, 'TT'), tue.result(4, 'TT')];
    await ledger.append(...later);
    expect((await ledger.streamOf(tue.stream)).slice(-2)).toEqual(later.map((f) => f.id));
  });
});

describe('NZ-10 visitors may play at most 3 times a year', () => {
  // Three or four dates: a three/four-session pairs; more: a Random Draw (any number, NZ-2).
  const mondayEvent = (id: string, dates: readonly string[]) =>
    competition(
      id,
      dates.length <= 4 ? 'three-four-session-pairs' : 'random-draw-individual',
      'monday',
      dates,
      {
        MV: ['max', 'vic'],
        MM: ['mia', 'wes'],
      },
    );

  it('NZ-10 the 3rd visit of the year is allowed, the 4th refused at the visitor’s field; nothing is written', async () => {
    const ledger = await nzClub();
    const mon1 = mondayEvent('mon1', MONDAYS.slice(0, 3));
    const mon2 = mondayEvent('mon2', MONDAYS.slice(3, 7));
    await ledger.append(...mon1.setup, mon1.result(1, 'MV'), mon1.result(2, 'MV'));
    await ledger.append(...mon2.setup, mon2.result(1, 'MV'));
    const refused = await ledger.refuses([mon2.result(2, 'MV')], 'NZ-10', SECOND_PLAYER);
    expect(refused.reason).toBe(
      "vic: 2026-03-30: the visitor's 4th play this year (at most 3): not permitted",
    );
  });

  it('NZ-10 a visitor substituting counts: the 4th visit is refused at data.substituteId', async () => {
    const ledger = await nzClub();
    const mon = mondayEvent('mon', MONDAYS.slice(0, 4));
    await ledger.append(...mon.setup, ...[1, 2, 3].map((s) => mon.result(s, 'MV')));
    await ledger.refuses([mon.substitute(4, 'MM', 'wes', 'vic')], 'NZ-10', SUBSTITUTE);
  });

  it('NZ-10 a visitor elected a member before the 4th visit plays on: the status applies from its date', async () => {
    const ledger = await nzClub(statusChanged('vic', 'member', MONDAYS[3]!));
    const mon = mondayEvent('mon', MONDAYS.slice(0, 4));
    await ledger.append(...mon.setup, ...[1, 2, 3, 4].map((s) => mon.result(s, 'MV')));

    // Elected after the 4th Monday: that Monday was still a 4th visit.
    const later = await nzClub(statusChanged('vic', 'member', MONDAYS[4]!));
    const m2 = mondayEvent('mon', MONDAYS.slice(0, 4));
    await later.append(...m2.setup, ...[1, 2, 3].map((s) => m2.result(s, 'MV')));
    await later.refuses([m2.result(4, 'MV')], 'NZ-10', SECOND_PLAYER);
  });

  it('NZ-10 a new club year resets the visits', async () => {
    const ledger = await nzClub();
    const mon = mondayEvent('mon', ['2026-12-07', '2026-12-14', '2026-12-21', '2027-01-04']);
    const results = [1, 2, 3, 4].map((s) => mon.result(s, 'MV'));
    await ledger.append(...mon.setup, ...results);
    // The 4th, on 2027-01-04, is the first visit of the new year: written.
    expect(await ledger.streamOf(mon.stream)).toEqual([...mon.setup, ...results].map((f) => f.id));
  });

  it('NZ-10 visitorMaxPerYear amended to 4 allows the 4th visit, not the 5th', async () => {
    const ledger = await nzClub(rulebookAmended({ visitorMaxPerYear: 4 }, '2026-01-01'));
    const mon = mondayEvent('mon', MONDAYS.slice(0, 5));
    await ledger.append(...mon.setup, ...[1, 2, 3, 4].map((s) => mon.result(s, 'MV')));
    await ledger.refuses([mon.result(5, 'MV')], 'NZ-10', SECOND_PLAYER, /5th/);
  });
});

describe('the club-wide limits and other clubs, other processes, other append paths', () => {
  /** mia's 4th Tuesday, which NZ-8e would refuse: expects every fact written. */
  const plays = async (ledger: Ledger, id: string, format?: string) => {
    const tue = format
      ? competition(id, format, 'tuesday', TUESDAYS.slice(0, 4), { MT: ['mia', 'tia'] })
      : tuesdayEvent(id, TUESDAYS.slice(0, 4));
    const facts = [...tue.setup, ...[1, 2, 3, 4].map((s) => tue.result(s, 'MT'))];
    await ledger.append(...facts);
    expect(await ledger.streamOf(tue.stream)).toEqual(facts.map((f) => f.id));
  };

  it('a club under another rulebook (DSB) or none is untouched', async () => {
    const dsb = new Ledger();
    await dsb.append(clubRegistered(), rulebookAdopted('dsb-groenlo-2014'), ...ROSTER);
    // A format of its own rulebook (a three/four-session pairs is not one: RULEBOOK).
    await plays(dsb, 'tue', 'dsb-pairs');
    const none = new Ledger();
    await none.append(clubRegistered(), ...ROSTER);
    await plays(none, 'tue');
  });

  it('a gate started fresh builds the club’s plays from the store; facts another process wrote count', async () => {
    const ledger = await nzClub();
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    await ledger.append(...tue.setup);
    // Another writer, not through this gate.
    for (const f of [1, 2, 3].map((s) => tue.result(s, 'MT'))) {
      const { streamId, ...e } = f;
      await ledger.store.appendToStream(streamId, [{ ...e, schemaVersion: 1 }], {
        expectedRevision: 'any',
      });
    }
    await ledger.refuses([tue.result(4, 'MT')], 'NZ-8e', FIRST_PLAYER);
    ledger.gate = new DomainGate(ledger.store);
    await ledger.refuses([tue.result(4, 'MT')], 'NZ-8e', FIRST_PLAYER);
  });

  it('NZ-8e NZ-10 an append file is refused before its first line is written (the dry run counts the file’s own lines)', async () => {
    const ledger = new Ledger();
    const tue = tuesdayEvent('tue', TUESDAYS.slice(0, 4));
    const lines = [
      clubRegistered(),
      rulebookAdopted(),
      ...ROSTER,
      ...tue.setup,
      ...[1, 2, 3, 4].map((s) => tue.result(s, 'MT')),
    ];
    expect(await ledger.refusesFile(lines)).toEqual([
      {
        line: lines.length,
        field: 'data.players[0]',
        message:
          'NZ-8e: mia: 2026-03-24: a monday player on a Tuesday, the 4th this year (at most 3): not permitted',
      },
    ]);
    // Without the 4th Tuesday the file goes in.
    await ledger.appendFile(lines.slice(0, -1));
    expect(await ledger.store.headPosition()).toBe(lines.length - 1);
  });

  it('a visitor registered in the same file counts as a visitor', async () => {
    const ledger = new Ledger();
    const mon = competition('mon', 'three-four-session-pairs', 'monday', MONDAYS.slice(0, 4), {
      MV: ['max', 'zoe'],
    });
    const lines = [
      clubRegistered(),
      rulebookAdopted(),
      ...ROSTER,
      registered('zoe', 'visitor'),
      ...mon.setup,
      ...[1, 2, 3, 4].map((s) => mon.result(s, 'MV')),
    ];
    expect((await ledger.refusesFile(lines))[0]).toMatchObject({
      line: lines.length,
      field: 'data.players[1]',
      message: expect.stringMatching(/^NZ-10: zoe: /),
    });
  });
});
