import { ScoringInputError } from '../../../src/scoring/errors';
import { eight, Season, wednesday } from './eligibility-support';

/** Everyone paid up on 1 September but the players named. */
const paidAll = (season: Season, except: string[]) => {
  const paid: Record<string, string> = {};
  for (const l of season.input.lineUps) {
    for (const p of [...l.home, ...l.away]) if (!except.includes(p)) paid[p] = '2009-09-01';
  }
  return season.with({ paid });
};

describe('LCBA-4.1 non-members: divisions 1–4 once a season, two a match; division 5 three times counting higher divisions', () => {
  it('LCBA-4.1.2: a non-member’s third appearance in division 5 is within the dispensation, the fourth is beyond', () => {
    // nm plays for Oxford B (division 5) in four matches; never pays.
    const s = new Season();
    for (let i = 0; i < 4; i++) {
      s.match(
        `m${i}`,
        'oxford-b',
        i % 2 ? 'bath-a' : 'cam-b',
        wednesday(i),
        ['nm', ...eight('ox', 2).slice(0, 7)],
        eight('op'),
      );
    }
    paidAll(s, ['nm']);
    const uses = s.verdicts().dispensations!.filter((d) => d.player === 'nm');
    expect(uses.map((u) => [u.fixture, u.nth, u.within])).toEqual([
      ['m0', 1, true],
      ['m1', 2, true],
      ['m2', 3, true],
      ['m3', 4, false],
    ]);
    expect(uses[3].because.rule).toBe('LCBA-4.1.2');
    const warned = s
      .verdicts()
      .warnings.filter((w) => w.player === 'nm' && w.because.rule === 'LCBA-4.1.2');
    expect(warned.map((w) => w.on)).toEqual([wednesday(3)]);
  });

  it('LCBA-4.1.2 counts higher divisions: one appearance for Oxford A (division 4) and two for Oxford B make the third; a third for Oxford B is the fourth, beyond', () => {
    const s = new Season()
      .match(
        'a',
        'oxford-a',
        'cam-a',
        wednesday(0),
        ['nm', ...eight('ox', 2).slice(0, 7)],
        eight('ca'),
      )
      .match(
        'b1',
        'oxford-b',
        'bath-a',
        wednesday(1),
        ['nm', ...eight('ob', 2).slice(0, 7)],
        eight('ba'),
      )
      .match(
        'b2',
        'oxford-b',
        'cam-b',
        wednesday(2),
        ['nm', ...eight('ob', 2).slice(0, 7)],
        eight('cb'),
      )
      .match('b3', 'bath-a', 'oxford-b', wednesday(3), eight('ba'), [
        'nm',
        ...eight('ob', 2).slice(0, 7),
      ]);
    paidAll(s, ['nm']);
    const uses = s.verdicts().dispensations!.filter((d) => d.player === 'nm');
    // Division 4: 4.1.1 counts divisions 1–4 only (1st: within). Division 5 counts all: 2, 3, 4.
    expect(uses.map((u) => [u.fixture, u.because.rule, u.nth, u.within])).toEqual([
      ['a', 'LCBA-4.1.1', 1, true],
      ['b1', 'LCBA-4.1.2', 2, true],
      ['b2', 'LCBA-4.1.2', 3, true],
      ['b3', 'LCBA-4.1.2', 4, false],
    ]);
  });

  it('LCBA-4.1.1: a second appearance in division 4 is beyond the once-a-season dispensation', () => {
    const s = new Season()
      .match(
        'a1',
        'oxford-a',
        'cam-a',
        wednesday(0),
        ['nm', ...eight('ox', 2).slice(0, 7)],
        eight('ca'),
      )
      .match('a2', 'reading-a', 'oxford-a', wednesday(1), eight('rd'), [
        'nm',
        ...eight('ox', 2).slice(0, 7),
      ]);
    paidAll(s, ['nm']);
    const uses = s.verdicts().dispensations!.filter((d) => d.player === 'nm');
    expect(uses.map((u) => [u.nth, u.within])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('LCBA-4.1.1: two non-members in Oxford A’s line-up are within, a third is a warning on the team', () => {
    const two = new Season().match(
      'a',
      'oxford-a',
      'cam-a',
      wednesday(0),
      ['n1', 'n2', ...eight('ox', 3).slice(0, 6)],
      eight('ca'),
    );
    paidAll(two, ['n1', 'n2']);
    expect(two.verdicts().warnings.filter((w) => w.because.rule.startsWith('LCBA-4.1'))).toEqual(
      [],
    );
    const three = new Season().match(
      'a',
      'oxford-a',
      'cam-a',
      wednesday(0),
      ['n1', 'n2', 'n3', ...eight('ox', 4).slice(0, 5)],
      eight('ca'),
    );
    paidAll(three, ['n1', 'n2', 'n3']);
    expect(
      three
        .verdicts()
        .warnings.filter(
          (w) => w.team === 'oxford-a' && !w.player && w.because.rule !== 'LCBA-6.8',
        ),
    ).toEqual([
      expect.objectContaining({
        on: wednesday(0),
        because: expect.objectContaining({ rule: 'LCBA-4.1.1' }),
      }),
    ]);
  });

  it('a subscription paid on the match day makes a member that day; paid the day after, a non-member', () => {
    const s = new Season().match('a', 'oxford-a', 'cam-a', '2009-09-16', eight('ox'), eight('ca'));
    paidAll(s, []);
    s.input.paid.ox1 = '2009-09-16';
    s.input.paid.ox2 = '2009-09-17';
    expect(s.verdicts().dispensations!.map((d) => d.player)).toEqual(['ox2']);
  });

  it('bad input: a line-up of a fixture the season does not have is refused naming lineUps[i].fixture', () => {
    const s = new Season().match('a', 'oxford-a', 'cam-a', wednesday(0), eight('ox'), eight('ca'));
    s.input.lineUps.push({ fixture: 'ghost', playedOn: wednesday(1), home: [], away: [] });
    expect(() => s.verdicts()).toThrow(ScoringInputError);
    expect(() => s.verdicts()).toThrow(/lineUps\[1\]\.fixture/);
  });
});

describe('LCBA-4.2 unpaid subscriptions: warning, final warning, and 14 days later every match lost by default', () => {
  it('a warning is due on an unpaid player’s second match in divisions 1–4', () => {
    const s = new Season()
      .match('a1', 'oxford-a', 'cam-a', wednesday(0), eight('ox'), eight('ca'))
      .match('a2', 'reading-a', 'oxford-a', wednesday(1), eight('rd'), eight('ox'));
    paidAll(s, ['ox1']);
    const w = s
      .verdicts()
      .warnings.filter((x) => x.player === 'ox1' && x.because.rule === 'LCBA-4.2');
    expect(w.map((x) => x.on)).toEqual([wednesday(1)]);
  });

  it('in division 5 the warning is due on the fourth match in all, not the third', () => {
    const s = new Season();
    for (let i = 0; i < 4; i++)
      s.match(
        `b${i}`,
        'oxford-b',
        i % 2 ? 'bath-a' : 'cam-b',
        wednesday(i),
        eight('ob'),
        eight(`o${i}x`),
      );
    paidAll(s, ['ob1']);
    const w = s
      .verdicts()
      .warnings.filter((x) => x.player === 'ob1' && x.because.rule === 'LCBA-4.2');
    expect(w.map((x) => x.on)).toEqual([wednesday(3)]);
  });

  /** ox1 plays three matches unpaid (16, 23, 30 September); final warning on 1 November. */
  const warned = (paidOn?: string, asOf?: string) => {
    const s = new Season()
      .match('a1', 'oxford-a', 'cam-a', '2009-09-16', eight('ox'), eight('ca'))
      .match('a2', 'reading-a', 'oxford-a', '2009-09-23', eight('rd'), eight('ox'))
      .match(
        'b1',
        'oxford-b',
        'bath-a',
        '2009-09-30',
        ['ox1', ...eight('ob', 2).slice(0, 7)],
        eight('ba'),
      );
    paidAll(s, ['ox1']);
    if (paidOn) s.input.paid.ox1 = paidOn;
    s.input.warnings = [
      { player: 'ox1', level: 'warning', on: '2009-10-01' },
      { player: 'ox1', level: 'final', on: '2009-11-01' },
    ];
    if (asOf) s.input.asOf = asOf;
    return s.verdicts().lostByDefault.filter((l) => l.rule === 'LCBA-4.2');
  };

  it('paid on the 14th day after the final warning (15 November) is in time: nothing lost', () => {
    expect(warned('2009-11-15')).toEqual([]);
  });

  it('paid on the 15th day (16 November): every match ox1 played is lost by default from 16 November, by ox1’s side', () => {
    expect(warned('2009-11-16').map((l) => [l.fixture, l.offender, l.on])).toEqual([
      ['a1', 'home', '2009-11-16'],
      ['a2', 'away', '2009-11-16'],
      ['b1', 'home', '2009-11-16'],
    ]);
  });

  it('never paid: as of the 14th day nothing is lost yet; as of the 15th the three matches are', () => {
    expect(warned(undefined, '2009-11-15')).toEqual([]);
    expect(warned(undefined, '2009-11-16')).toHaveLength(3);
  });

  it('a match played after the late payment is not lost', () => {
    const s = new Season()
      .match('a1', 'oxford-a', 'cam-a', '2009-09-16', eight('ox'), eight('ca'))
      .match('a2', 'reading-a', 'oxford-a', '2009-12-02', eight('rd'), eight('ox'));
    paidAll(s, ['ox1']);
    s.input.paid.ox1 = '2009-11-20';
    s.input.warnings = [
      { player: 'ox1', level: 'warning', on: '2009-10-01' },
      { player: 'ox1', level: 'final', on: '2009-11-01' },
    ];
    expect(s.verdicts().lostByDefault.map((l) => l.fixture)).toEqual(['a1']);
  });
});

describe('LCBA-2.1 late-entry fines are penalties', () => {
  it('a 2 VP fine on Bath A is a penalty from its day', () => {
    const s = new Season().with({ lateEntryFines: [{ team: 'bath-a', vp: 2, on: '2009-08-10' }] });
    expect(s.verdicts().penalties).toEqual([
      {
        team: 'bath-a',
        vp: 2,
        on: '2009-08-10',
        because: { rule: 'LCBA-2.1', text: 'late entry fined 2 VP' },
      },
    ]);
  });
});

describe('eligibility refuses input it cannot read, naming the field', () => {
  it('a fixture naming a team the season does not have', () => {
    const s = new Season().match('a', 'oxford-a', 'york-a', wednesday(0), eight('ox'), eight('yk'));
    expect(() => s.verdicts()).toThrow(/fixtures\.a\.away names no team: york-a/);
  });

  it('an as-of day leaves out the line-ups after it', () => {
    const s = new Season()
      .match(
        'a1',
        'oxford-a',
        'cam-a',
        wednesday(0),
        ['nm', ...eight('ox', 2).slice(0, 7)],
        eight('ca'),
      )
      .match('a2', 'reading-a', 'oxford-a', wednesday(1), eight('rd'), [
        'nm',
        ...eight('ox', 2).slice(0, 7),
      ]);
    paidAll(s, ['nm']);
    s.input.asOf = wednesday(0);
    expect(s.verdicts().dispensations!.map((d) => d.fixture)).toEqual(['a1']);
  });
});
