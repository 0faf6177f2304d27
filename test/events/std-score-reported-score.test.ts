import request from 'supertest';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from '../app/support';

/** RULES.md STD-SCORE: a line with contract and tricks has its score computed; one that disagrees is an error. */
const issues = (type: string, data: unknown) => catalogue.validate({ type, data }, 'e');

/** A played traveller line: board 1 is love all, 2 NS, 3 EW, 4 both (Law 2). */
const line = (
  board: number,
  contract: { level: number; strain: string; doubling?: string },
  declarer: string,
  tricks: number,
  nsScore: number,
) => ({
  board,
  line: 1,
  nsPair: '1',
  ewPair: '4',
  kind: 'played',
  contract: { doubling: '', ...contract },
  declarer,
  tricks,
  nsScore,
});

describe('STD-SCORE: BoardResultRecorded with a score that does not match its contract', () => {
  it('STD-SCORE refuses 4S made by North with nsScore 9990, naming nsScore, the rule and the right score', () => {
    expect(
      issues('BoardResultRecorded', line(1, { level: 4, strain: 'S' }, 'N', 10, 9990)),
    ).toEqual([
      {
        field: 'e.data.nsScore',
        message:
          'STD-SCORE: board 1, line 1: 4S by N (not vulnerable) taking 10 tricks scores 420 for NS; the fact says 9990',
      },
    ]);
    expect(issues('BoardResultRecorded', line(1, { level: 4, strain: 'S' }, 'N', 10, 420))).toEqual(
      [],
    );
  });

  it.each([
    // [why, board, contract, declarer, tricks, right score, a wrong score]
    ['not vulnerable game, made', 1, { level: 4, strain: 'S' }, 'N', 10, 420, 620],
    ['vulnerable game, made (board 2: NS)', 2, { level: 4, strain: 'S' }, 'S', 10, 620, 420],
    ['board 17 is board 1 again', 17, { level: 4, strain: 'S' }, 'N', 10, 420, 620],
    ['declarer East: the score is minus for NS', 1, { level: 4, strain: 'S' }, 'E', 10, -420, 420],
    ['declarer West, vulnerable (board 3: EW)', 3, { level: 3, strain: 'NT' }, 'W', 10, -630, -430],
    ['part score with an overtrick', 1, { level: 2, strain: 'C' }, 'N', 9, 110, 90],
    ['down one, not vulnerable', 1, { level: 3, strain: 'NT' }, 'N', 8, -50, -100],
    ['down one, vulnerable (board 4: both)', 4, { level: 3, strain: 'NT' }, 'S', 8, -100, -50],
    ['declarer East down two: plus for NS', 4, { level: 4, strain: 'H' }, 'E', 8, 200, -200],
    [
      'doubled, down three, not vulnerable',
      1,
      { level: 4, strain: 'H', doubling: 'X' },
      'N',
      7,
      -500,
      -300,
    ],
    [
      'doubled, down one, vulnerable',
      2,
      { level: 4, strain: 'H', doubling: 'X' },
      'N',
      9,
      -200,
      -100,
    ],
    [
      'doubled game made by West, vulnerable',
      3,
      { level: 4, strain: 'H', doubling: 'X' },
      'W',
      10,
      -790,
      -620,
    ],
    [
      'doubled part score with an overtrick',
      1,
      { level: 2, strain: 'D', doubling: 'X' },
      'S',
      9,
      280,
      180,
    ],
    [
      'redoubled 1NT made: game and insult',
      1,
      { level: 1, strain: 'NT', doubling: 'XX' },
      'N',
      7,
      560,
      230,
    ],
    [
      'redoubled, down two, vulnerable',
      4,
      { level: 5, strain: 'C', doubling: 'XX' },
      'N',
      9,
      -1000,
      -500,
    ],
    ['grand slam, vulnerable', 2, { level: 7, strain: 'NT' }, 'N', 13, 2220, 1520],
    ['small slam by East, not vulnerable', 1, { level: 6, strain: 'S' }, 'E', 12, -980, 980],
  ])(
    'STD-SCORE %s: the computed score is accepted, another refused at nsScore',
    (_why, board, contract, declarer, tricks, right, wrong) => {
      expect(issues('BoardResultRecorded', line(board, contract, declarer, tricks, right))).toEqual(
        [],
      );
      const refused = issues('BoardResultRecorded', line(board, contract, declarer, tricks, wrong));
      expect(refused).toHaveLength(1);
      expect(refused[0]!.field).toBe('e.data.nsScore');
      expect(refused[0]!.message).toMatch(
        new RegExp(`^STD-SCORE: .* scores ${right} for NS; the fact says ${wrong}$`),
      );
    },
  );

  it('STD-SCORE a passed-out board has no contract to compute: 0 is accepted, another score refused', () => {
    const po = { board: 5, line: 1, nsPair: '1', ewPair: '4', kind: 'passed-out', nsScore: 0 };
    expect(issues('BoardResultRecorded', po)).toEqual([]);
    expect(issues('BoardResultRecorded', { ...po, nsScore: 50 })).toEqual([
      { field: 'e.data.nsScore', message: 'must be 0 for a passed-out board' },
    ]);
  });

  it('STD-SCORE an artificial line and an assigned adjusted score carry no contract: nothing to compute', () => {
    expect(
      issues('BoardResultRecorded', {
        board: 1,
        line: 2,
        nsPair: '2',
        ewPair: '5',
        kind: 'artificial',
        artificial: { nsPercent: 60, ewPercent: 40 },
      }),
    ).toEqual([]);
    expect(
      issues('AdjustedScoreAwarded', {
        board: 1,
        nsPair: '2',
        ewPair: '5',
        kind: 'assigned',
        nsScore: 9990,
        reason: 'Law 12C1: an assigned score the director chose',
      }),
    ).toEqual([]);
  });

  it('STD-SCORE bad input: a malformed contract, declarer or tricks is named once, with no score computed from it', () => {
    const fields = (data: unknown) => issues('BoardResultRecorded', data).map((i) => i.field);
    expect(fields(line(1, { level: 8, strain: 'S' }, 'N', 10, 9990))).toEqual([
      'e.data.contract.level',
    ]);
    expect(fields(line(1, { level: 4, strain: 'S' }, 'X', 10, 9990))).toEqual(['e.data.declarer']);
    expect(fields(line(1, { level: 4, strain: 'S' }, 'N', 14, 9990))).toEqual(['e.data.tricks']);
    expect(fields({ ...line(1, { level: 4, strain: 'S' }, 'N', 10, 9990), board: 0 })).toEqual([
      'e.data.board',
    ]);
    // Without nsScore the line is whole (the score is computed when read).
    const { nsScore: _s, ...noScore } = line(1, { level: 4, strain: 'S' }, 'N', 10, 420);
    expect(issues('BoardResultRecorded', noScore)).toEqual([]);
  });

  it('STD-SCORE over HTTP: the disagreeing line is refused with 400 and the issue, and nothing is written', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const app = await ledgerApp(store);
    try {
      const post = (nsScore: number) =>
        request(app.getHttpServer())
          .post('/streams/session-riverside-2026-03-02/events')
          .send({
            expectedRevision: 'any',
            events: [
              {
                id: v7(),
                type: 'BoardResultRecorded',
                occurredAt: '2026-03-02T22:00:00+13:00',
                data: line(1, { level: 4, strain: 'S' }, 'N', 10, nsScore),
                metadata: { clubId: 'club-1', actor: 'scorer' },
              },
            ],
          });
      const head = await store.headPosition();
      const res = await post(9990).expect(400);
      expect(res.body).toEqual({
        error: 'InvalidEvent',
        message: 'nothing was written',
        issues: [
          {
            field: 'events[0].data.nsScore',
            message:
              'STD-SCORE: board 1, line 1: 4S by N (not vulnerable) taking 10 tricks scores 420 for NS; the fact says 9990',
          },
        ],
      });
      expect(await store.headPosition()).toBe(head);
      await post(420).expect(201);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
