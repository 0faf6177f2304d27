import { GatedLedger } from '../support/gated-ledger';
import {
  competition,
  MONDAYS,
  proposed,
  registered,
  ROSTER,
  rulebookAdopted,
  rulebookAmended,
  statusChanged,
  type Proposed,
} from '../support/nz-club';

/**
 * The club's facts behind a competition's: a competition is of a club the
 * ledger registered, its pairs name players the club's roster registered (a visitor or guest
 * too, as `visitor` or `non-member`), a substitute is registered where the rulebook reads their
 * status (nz-club: NZ-5, NZ-8), and a rulebook fact may not make a competition already created
 * unscorable. Each refusal names the rule and the field, and nothing is written. Judged alike
 * by the gate's own club index (the CLI's) and over the runner's read model (the service's).
 */

const KARORI = proposed('club-karori', 'ClubRegistered', {
  clubId: 'karori',
  name: 'Karori Bridge Club',
  timeZone: 'Pacific/Auckland',
});

/** Appends the facts, expecting each of them written. */
async function accepts(l: GatedLedger, ...facts: Proposed[]) {
  const head = await l.store.headPosition();
  await l.append(...facts);
  expect(await l.store.headPosition()).toBe(head + facts.length);
}

/** A ten-session club-pairs of Karori's on Mondays, its pairs entered. */
const clubPairs = (id = 'cp', pairs: Record<string, string[]> = { AB: ['mia', 'max'] }, n = 10) =>
  competition(id, 'club-pairs', 'monday', MONDAYS.slice(0, n), pairs);

describe.each(['own', 'live'] as const)(
  'club facts behind a competition (club index: %s)',
  (club) => {
    const ledger = () => new GatedLedger({ club });

    /** Karori registered, its rulebook adopted and its roster. */
    async function karori(preset = 'nz-club') {
      const l = ledger();
      await accepts(l, KARORI, rulebookAdopted(preset), ...ROSTER);
      return l;
    }

    describe('LEDGER a competition is of a registered club (CompetitionCreated data.clubId)', () => {
      it('LEDGER a competition of a club never registered is refused at data.clubId; nothing is written', async () => {
        const l = ledger();
        const refused = await l.refuses(
          [clubPairs().setup[0]!],
          'LEDGER',
          'events[0].data.clubId',
          /club karori is not registered: no ClubRegistered in club-karori/,
        );
        expect(refused.message).toMatch(/^LEDGER: /);
      });

      it('LEDGER a club with a rulebook and a roster (an old ledger’s, appended before registration was asked) but no ClubRegistered is not registered', async () => {
        const l = ledger();
        // Appended today, each is refused: a club registers first (the club and roster deciders).
        await l.refuses([rulebookAdopted()], 'LEDGER', 'events[0].data.clubId');
        await l.refuses([ROSTER[0]!], 'LEDGER', 'events[0].data.clubId');
        await l.writeUnchecked(rulebookAdopted(), ...ROSTER);
        await l.refuses([clubPairs().setup[0]!], 'LEDGER', 'events[0].data.clubId');
        // Registered: the same competition is taken, and its pairs.
        await accepts(l, KARORI);
        await accepts(l, ...clubPairs().setup);
      });

      it('LEDGER another club’s registration does not do, nor one spelled otherwise (ids are exact)', async () => {
        const l = ledger();
        await accepts(
          l,
          proposed('club-dsb', 'ClubRegistered', { clubId: 'dsb', name: 'DSB', timeZone: 'UTC' }),
        );
        await l.refuses([clubPairs().setup[0]!], 'LEDGER', 'events[0].data.clubId');
        await accepts(l, KARORI);
        const created = clubPairs().setup[0]!;
        await l.refuses(
          [{ ...created, data: { ...(created.data as object), clubId: 'Karori' } }],
          'LEDGER',
          'events[0].data.clubId',
          /club Karori is not registered/,
        );
      });

      it('LEDGER a registration a ledger holds on another stream (written before facts were placed) is read', async () => {
        const l = ledger();
        await l.writeUnchecked({ ...KARORI, streamId: 'notes-karori' });
        await accepts(l, clubPairs().setup[0]!);
      });

      it('LEDGER an append file that registers the club before its competition is taken; after it, refused naming the line', async () => {
        const before = ledger();
        await before.appendFile([KARORI, clubPairs().setup[0]!]);
        expect(await before.streamOf('competition-cp')).toHaveLength(1);
        const after = ledger();
        const issues = await after.refusesFile([clubPairs().setup[0]!, KARORI]);
        expect(issues).toEqual([
          expect.objectContaining({
            line: 1,
            message: expect.stringMatching(/^LEDGER: club karori is not registered/),
          }),
        ]);
      });
    });

    describe('LEDGER a pair names players the club’s roster registered (PairEntered data.players[i])', () => {
      it('LEDGER a pair of members, a visitor, a non-member and a nominee of the roster is taken', async () => {
        const l = await karori();
        await accepts(l, registered('gus', 'non-member'), registered('nina', 'nominee'));
        await accepts(
          l,
          ...clubPairs('cp', { AB: ['mia', 'max'], VG: ['vic', 'gus'], NT: ['nina', 'tia'] }).setup,
        );
      });

      it('LEDGER a pair naming a player the roster never registered is refused at data.players[i]; nothing is written', async () => {
        const l = await karori();
        const [created, entered] = clubPairs('cp', { AX: ['mia', 'xena'] }).setup;
        await accepts(l, created!);
        const refused = await l.refuses(
          [entered!],
          'LEDGER',
          'events[0].data.players[1]',
          /xena is not on club karori's roster: no PlayerRegistered in club-karori-players; register them first/,
        );
        expect(refused.reason).toMatch(/a visitor or guest as `visitor` or `non-member`/);
        // Both unregistered: the first is named.
        const [, both] = clubPairs('cp', { XY: ['xena', 'yuri'] }).setup;
        await l.refuses([both!], 'LEDGER', 'events[0].data.players[0]');
      });

      it('LEDGER in a batch with the competition, the pair at fault is named by its place in the batch', async () => {
        const l = await karori();
        const setup = clubPairs('cp', { AB: ['mia', 'max'], XT: ['tia', 'xena'] }).setup;
        await l.refuses(setup, 'LEDGER', 'events[2].data.players[1]');
      });

      it('LEDGER a player registered by another club only is not on this club’s roster: register them here as a visitor', async () => {
        const l = await karori();
        await accepts(
          l,
          proposed('club-dsb', 'ClubRegistered', { clubId: 'dsb', name: 'DSB', timeZone: 'UTC' }),
          proposed('club-dsb-players', 'PlayerRegistered', {
            clubId: 'dsb',
            playerId: 'anke',
            name: 'Anke',
            status: 'member',
          }),
        );
        const [created, entered] = clubPairs('cp', { AA: ['mia', 'anke'] }).setup;
        await accepts(l, created!);
        await l.refuses([entered!], 'LEDGER', 'events[0].data.players[1]');
        await accepts(l, registered('anke', 'visitor'));
        await accepts(l, entered!);
      });

      it('LEDGER a status change with no registration (an old ledger’s) does not register the player', async () => {
        const l = await karori();
        await l.writeUnchecked(statusChanged('olga', 'member', '2026-01-01'));
        const [created, entered] = clubPairs('cp', { MO: ['mia', 'olga'] }).setup;
        await accepts(l, created!);
        await l.refuses([entered!], 'LEDGER', 'events[0].data.players[1]');
      });

      it('LEDGER a DSB partnership of three names its third player registered too (data.players[2])', async () => {
        const l = await karori('dsb-groenlo-2014');
        const dsb = competition('dsb', 'dsb-pairs', 'monday', MONDAYS.slice(0, 6), {
          P3: ['mia', 'max', 'zoe'],
        });
        const created = dsb.setup[0]!;
        const data = { ...(created.data as object), groups: ['A'] };
        const entered = dsb.setup[1]!;
        const inA = { ...entered, data: { ...(entered.data as object), group: 'A' } };
        await accepts(l, { ...created, data });
        await l.refuses([inA], 'LEDGER', 'events[0].data.players[2]');
        await accepts(l, registered('zoe', 'member'), inA);
      });

      it('LEDGER the competition’s own refusals come first: a pair of an unknown competition is LEDGER at no field', async () => {
        const l = await karori();
        const [, entered] = clubPairs('cp', { AX: ['mia', 'xena'] }).setup;
        await l.refuses([entered!], 'LEDGER', 'events[0].', /no such competition/);
      });
    });

    describe('NZ-5 / NZ-8 a substitute is on the roster where the rulebook reads their status', () => {
      const substituted =
        (rulebook = 'nz-club') =>
        async () => {
          const l = await karori(rulebook);
          const cp =
            rulebook === 'nz-club'
              ? clubPairs('cp', { AB: ['mia', 'max'] })
              : competition('cp', 'dsb-pairs', 'monday', MONDAYS.slice(0, 6), {
                  AB: ['mia', 'max'],
                });
          await accepts(l, ...cp.setup);
          return { l, cp };
        };

      it('NZ-5 a substitute the roster never registered, in a club-pairs, is refused at data.substituteId', async () => {
        const { l, cp } = await substituted()();
        const refused = await l.refuses(
          [cp.substitute(1, 'AB', 'max', 'stan')],
          'NZ-5',
          'events[0].data.substituteId',
        );
        expect(refused.reason).toMatch(
          /stan is not on club karori's roster.*NZ-5 reads a partner's status.*register them first/,
        );
        // Registered as a guest (non-member): taken, and NZ-5 can read what they are.
        await accepts(l, registered('stan', 'non-member'));
        await accepts(l, cp.substitute(1, 'AB', 'max', 'stan'));
      });

      it('NZ-8 outside the NZ-5 events (a three-four-session-pairs) the rule named is NZ-8', async () => {
        const l = await karori();
        const short = competition(
          'short',
          'three-four-session-pairs',
          'monday',
          MONDAYS.slice(0, 3),
          {
            AB: ['mia', 'max'],
          },
        );
        await accepts(l, ...short.setup);
        await l.refuses(
          [short.substitute(1, 'AB', 'max', 'stan')],
          'NZ-8',
          'events[0].data.substituteId',
        );
      });

      it('DSB: no dsb-groenlo-2014 rule reads a substitute’s roster status (DSB-10.2(4) reads the competition): one not registered is taken', async () => {
        const { l, cp } = await substituted('dsb-groenlo-2014')();
        await accepts(l, cp.substitute(1, 'AB', 'max', 'stan'));
      });

      it('a session on a day with no rulebook in force judges no substitute’s status', async () => {
        const l = ledger();
        await accepts(l, KARORI, ...ROSTER);
        const cp = clubPairs('cp', { AB: ['mia', 'max'] });
        await accepts(l, ...cp.setup);
        await accepts(l, cp.substitute(1, 'AB', 'max', 'stan'));
      });
    });

    describe('a rulebook fact may not make a competition already created unscorable', () => {
      it('NZ-1 tenSession.sessions amended below an existing club-pairs’ 10 sessions is refused, naming the competition', async () => {
        const l = await karori();
        await accepts(l, ...clubPairs('cp').setup);
        const refused = await l.refuses(
          [rulebookAmended({ 'tenSession.sessions': 8 }, '2026-01-01')],
          'NZ-1',
          'events[0].data.changes["tenSession.sessions"]',
        );
        expect(refused.reason).toMatch(
          new RegExp(
            `competition cp \\(club-pairs, 10 sessions\\) could no longer be scored from ${MONDAYS[0]}: .*has 8 sessions, got 10`,
          ),
        );
      });

      it('NZ-1 an amendment from a day within the competition is refused too (its sessions on and after it); one after its last session is taken', async () => {
        const l = await karori();
        await accepts(l, ...clubPairs('cp').setup);
        await l.refuses(
          [rulebookAmended({ 'tenSession.sessions': 8 }, MONDAYS[9]!)],
          'NZ-1',
          'events[0].data.changes["tenSession.sessions"]',
          new RegExp(`from ${MONDAYS[9]}`),
        );
        await accepts(l, rulebookAmended({ 'tenSession.sessions': 8 }, '2026-12-01'));
      });

      it('NZ-1 the session as held is judged: a session held later than planned keeps a later amendment out', async () => {
        const l = await karori();
        const cp = clubPairs('cp');
        await accepts(l, ...cp.setup, cp.held(10, '2026-12-07'));
        await l.refuses(
          [rulebookAmended({ 'tenSession.sessions': 8 }, '2026-12-01')],
          'NZ-1',
          'events[0].data.changes["tenSession.sessions"]',
          /from 2026-12-07/,
        );
      });

      it('NZ-1 an amendment that leaves the club’s competitions scorable is taken (another parameter, or another club’s)', async () => {
        const l = await karori();
        await accepts(l, ...clubPairs('cp').setup);
        await accepts(l, rulebookAmended({ substituteLimitPercent: 50 }, '2026-01-01'));
        // Another club's amendment is not judged by Karori's competitions.
        await accepts(
          l,
          proposed('club-dsb', 'ClubRegistered', { clubId: 'dsb', name: 'DSB', timeZone: 'UTC' }),
          proposed('club-dsb', 'RulebookAdopted', {
            clubId: 'dsb',
            preset: 'nz-club',
            overrides: { 'tenSession.sessions': 8 },
            effectiveFrom: '2025-01-01',
          }),
        );
      });

      it('NZ-1 a club-pairs the rulebook would no longer count as a ten-session event is refused at data.changes', async () => {
        const l = await karori();
        await accepts(l, ...clubPairs('cp').setup);
        await l.refuses(
          [rulebookAmended({ 'tenSession.events': ['victoria-pairs'] }, '2026-01-01')],
          'NZ-1',
          'events[0].data.changes["tenSession.events"]',
          /competition cp/,
        );
      });

      it('NZ-1 of several changes the field is data.changes', async () => {
        const l = await karori();
        await accepts(l, ...clubPairs('cp').setup);
        await l.refuses(
          [rulebookAmended({ 'tenSession.sessions': 8, substituteLimitPercent: 50 }, '2026-01-01')],
          'NZ-1',
          'events[0].data.changes',
        );
      });

      it('RULEBOOK a rulebook of another preset adopted over a club-pairs (its format not published) is refused at data.preset', async () => {
        const l = await karori();
        await accepts(l, ...clubPairs('cp').setup);
        const refused = await l.refuses(
          [
            proposed('club-karori', 'RulebookAdopted', {
              clubId: 'karori',
              preset: 'dsb-groenlo-2014',
              overrides: {},
              effectiveFrom: '2026-01-01',
            }),
          ],
          'RULEBOOK',
          'events[0].data.preset',
        );
        expect(refused.reason).toMatch(
          /competition cp .*club-pairs is not a format of the dsb-groenlo-2014 rulebook/,
        );
      });

      it('NZ-1 the first rulebook adopted after a competition was created with none is judged too', async () => {
        const l = ledger();
        await accepts(l, KARORI, ...ROSTER);
        await accepts(l, ...clubPairs('cp', { AB: ['mia', 'max'] }, 8).setup);
        await l.refuses([rulebookAdopted()], 'NZ-1', 'events[0].data.overrides');
        await accepts(l, rulebookAdopted('nz-club', { 'tenSession.sessions': 8 }));
      });

      it('NZ-1 the batch is judged in order: an adoption then an amendment that strands the competition names the amendment', async () => {
        const l = ledger();
        await accepts(l, KARORI, ...ROSTER);
        await accepts(l, ...clubPairs('cp', { AB: ['mia', 'max'] }, 8).setup);
        await l.refuses(
          [
            rulebookAdopted('nz-club', { 'tenSession.sessions': 8 }),
            rulebookAmended({ 'tenSession.sessions': 10 }, '2026-01-01'),
          ],
          'NZ-1',
          'events[1].data.changes["tenSession.sessions"]',
        );
      });

      it('NZ-1 a competition unscorable already (written before shapes were checked) does not block the club’s amendments', async () => {
        const l = await karori();
        await l.writeUnchecked(...clubPairs('two', { AB: ['mia', 'max'] }, 2).setup);
        await accepts(l, rulebookAmended({ substituteLimitPercent: 50 }, '2026-01-01'));
        await accepts(l, rulebookAmended({ 'tenSession.sessions': 9 }, '2026-01-01'));
      });

      it('DSB-5 an amendment removing a group a competition uses is refused at data.changes.groups', async () => {
        const l = await karori('dsb-groenlo-2014');
        const dsb = competition('dsb', 'dsb-pairs', 'monday', MONDAYS.slice(0, 6), {});
        const created = dsb.setup[0]!;
        await accepts(l, {
          ...created,
          data: { ...(created.data as object), groups: ['A', 'B', 'C'] },
        });
        await l.refuses(
          [rulebookAmended({ groups: ['A', 'B'] }, '2026-01-01')],
          'DSB-5',
          'events[0].data.changes["groups"]',
          /competition dsb \(dsb-pairs, 6 sessions\).*C/,
        );
        await accepts(l, rulebookAmended({ groups: ['A', 'B', 'C', 'D'] }, '2026-01-01'));
      });

      it('DSB-4 pairsCompetition.sessions lowered below a competition’s sessions is refused', async () => {
        const l = await karori('dsb-groenlo-2014');
        await accepts(
          l,
          competition('dsb', 'dsb-pairs', 'monday', MONDAYS.slice(0, 6), {}).setup[0]!,
        );
        await l.refuses(
          [rulebookAmended({ 'pairsCompetition.sessions': 5 }, '2026-01-01')],
          'DSB-4',
          'events[0].data.changes["pairsCompetition.sessions"]',
        );
      });

      describe('a rulebook fact may not leave a recorded result unscorable (the DSB standings validate every result up to the last session under its day’s rulebook)', () => {
        /** A six-session dsb-pairs of Karori's in group A: two pairs and a partnership of three. */
        async function scored(l: GatedLedger) {
          const dsb = competition('dsb', 'dsb-pairs', 'monday', MONDAYS.slice(0, 6), {
            AB: ['mia', 'max'],
            CD: ['tia', 'tom'],
            P3: ['wes', 'tim', 'tess'],
          });
          const [created, ...pairs] = dsb.setup;
          const withData = (f: Proposed, extra: Record<string, unknown>) => ({
            ...f,
            data: { ...(f.data as object), ...extra },
          });
          await accepts(
            l,
            withData(created!, { groups: ['A'] }),
            ...pairs.map((f) => withData(f, { group: 'A' })),
            // Session 1: 24 boards (6 rounds of 4), CD sat out 5 rounds; AB names one player
            // (a pair of two names whom it likes), P3 two of its three (DSB-3).
            withData(dsb.result(1, 'AB', ['mia']), { boardsPlayed: 24 }),
            withData(dsb.result(1, 'CD'), { boardsPlayed: 4, sitOutRounds: 5 }),
            dsb.result(1, 'P3', ['wes', 'tim']),
          );
          return dsb;
        }

        it('DSB-7 pairsCompetition.boardsPerRound lowered from a later session’s day, below a session-1 result’s 24 boards, is refused naming the competition and the result', async () => {
          const l = await karori('dsb-groenlo-2014');
          await scored(l);
          const refused = await l.refuses(
            [rulebookAmended({ 'pairsCompetition.boardsPerRound': 3 }, MONDAYS[1]!)],
            'DSB-7',
            'events[0].data.changes["pairsCompetition.boardsPerRound"]',
          );
          expect(refused.reason).toMatch(
            new RegExp(
              `competition dsb \\(dsb-pairs, 6 sessions\\) could no longer be scored from ${MONDAYS[1]}: the result of pair AB at session 1: a pair plays at most 18 boards`,
            ),
          );
          // From after its last session the competition's standings never read it.
          await accepts(l, rulebookAmended({ 'pairsCompetition.boardsPerRound': 3 }, '2026-12-01'));
        });

        it('DSB-7 pairsCompetition.rounds lowered is refused too; DSB-22.5 below a result’s sitOutRounds', async () => {
          const l = await karori('dsb-groenlo-2014');
          await scored(l);
          await l.refuses(
            [rulebookAmended({ 'pairsCompetition.rounds': 5 }, MONDAYS[0]!)],
            'DSB-7',
            'events[0].data.changes["pairsCompetition.rounds"]',
          );
          await l.refuses(
            [
              rulebookAmended(
                { 'pairsCompetition.rounds': 4, 'pairsCompetition.boardsPerRound': 6 },
                MONDAYS[0]!,
              ),
            ],
            'DSB-22.5',
            'events[0].data.changes',
            /pair CD at session 1: a session has 4 rounds: a pair cannot sit out 5/,
          );
          await accepts(
            l,
            rulebookAmended(
              { 'pairsCompetition.rounds': 5, 'pairsCompetition.boardsPerRound': 5 },
              MONDAYS[0]!,
            ),
          );
        });

        it('DSB-3 pairs.minMembers lowered makes a pair of two a partnership: its result naming one player is refused; raised, a pair of two is too few', async () => {
          const l = await karori('dsb-groenlo-2014');
          await scored(l);
          await l.refuses(
            [rulebookAmended({ 'pairs.minMembers': 1 }, MONDAYS[2]!)],
            'DSB-3',
            'events[0].data.changes["pairs.minMembers"]',
            /pair AB at session 1: a partnership's result names two of its members/,
          );
          await l.refuses(
            [rulebookAmended({ 'pairs.minMembers': 3 }, MONDAYS[2]!)],
            'DSB-3',
            'events[0].data.changes["pairs.minMembers"]',
            /pair AB \(mia, max\): a pair has 3 .* got 2/,
          );
        });

        it('DSB-12.2 topIntegral.boardsPerRound lowered below a top-integral result is refused; a rulebook adopted over it too (data.overrides)', async () => {
          const l = await karori('dsb-groenlo-2014');
          const ti = competition('ti', 'dsb-top-integral', 'monday', MONDAYS.slice(0, 4), {
            AB: ['mia', 'max'],
            CD: ['tia', 'tom'],
          });
          await accepts(l, ...ti.setup, ti.result(1, 'AB'));
          await l.refuses(
            [rulebookAmended({ 'topIntegral.boardsPerRound': 3 }, MONDAYS[3]!)],
            'DSB-12.2',
            'events[0].data.changes["topIntegral.boardsPerRound"]',
            /competition ti .*pair AB at session 1: a pair plays at most 18 boards/,
          );
          await l.refuses(
            [
              proposed('club-karori', 'RulebookAdopted', {
                clubId: 'karori',
                preset: 'dsb-groenlo-2014',
                overrides: { 'topIntegral.rounds': 5 },
                effectiveFrom: MONDAYS[1]!,
              }),
            ],
            'DSB-12.2',
            'events[0].data.overrides',
          );
        });
      });
    });
  },
);
