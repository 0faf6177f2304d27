import { eligibilityInputOf } from '../../../src/rulesets/lcba-league/eligibility/from-facts';
import { eight, Season } from './eligibility-support';

describe('LCBA-5.5 a player of the club that sought a rearrangement plays two matches originally scheduled for one date: 2 VP on the one played second', () => {
  /** Oxford A v Cambridge A (r) and Oxford B v Bath A (g) both originally on 7 October. */
  const season = (
    rearranged: { soughtBy: 'home' | 'away'; approvedPlayers?: string[]; on?: string },
    gScheduled = '2009-10-07',
  ) =>
    new Season()
      .match(
        'g',
        'oxford-b',
        'bath-a',
        '2009-10-07',
        ['ox5', ...eight('ob', 2).slice(0, 7)],
        eight('ba'),
        gScheduled,
      )
      .match('r', 'oxford-a', 'cam-a', '2009-10-14', eight('ox'), eight('ca'), '2009-10-07')
      .with({ rearrangements: [{ fixture: 'r', ...rearranged }] });

  const penalties = (s: Season) =>
    s.verdicts().penalties.filter((p) => p.because.rule === 'LCBA-5.5');

  it('Oxford sought it; ox5 plays g on the 7th and r on the 14th: 2 VP to Oxford A on r, the match played second', () => {
    expect(penalties(season({ soughtBy: 'home' }))).toEqual([
      expect.objectContaining({ team: 'oxford-a', vp: 2, fixture: 'r', on: '2009-10-14' }),
    ]);
  });

  it('the secretary approved ox5 in advance: no penalty', () => {
    expect(penalties(season({ soughtBy: 'home', approvedPlayers: ['ox5'] }))).toEqual([]);
  });

  it('LCBA-5.5: the LS’s approval of ox5 for g and r dated on or before the 14th (the second match) lifts it; dated the 15th it does not', () => {
    const approvedOn = (on: string, fixtures = ['g', 'r']) =>
      season({ soughtBy: 'home' }).with({
        sameDateApprovals: [{ player: 'ox5', fixtures, on }],
      });
    expect(penalties(approvedOn('2009-10-01'))).toEqual([]);
    expect(penalties(approvedOn('2009-10-14'))).toEqual([]);
    expect(penalties(approvedOn('2009-10-15'))).toEqual([
      expect.objectContaining({ team: 'oxford-a', vp: 2, fixture: 'r', on: '2009-10-14' }),
    ]);
    // An approval for other matches approves nothing here.
    expect(penalties(approvedOn('2009-10-01', ['g', 'x']))).toHaveLength(1);
  });

  it('LCBA-5.5: players approved with the rearrangement count from the day it was recorded: recorded after the second match, the penalty stands', () => {
    expect(
      penalties(season({ soughtBy: 'home', approvedPlayers: ['ox5'], on: '2009-11-25' })),
    ).toHaveLength(1);
    expect(
      penalties(season({ soughtBy: 'home', approvedPlayers: ['ox5'], on: '2009-10-10' })),
    ).toEqual([]);
  });

  it('LCBA-5.5 from the facts: an approval is dated by its approvedOn; a rearrangement’s players by the club day it was recorded', () => {
    const input = eligibilityInputOf([
      {
        type: 'MatchRearranged',
        data: { fixtureId: 'r', soughtBy: 'home', approvedPlayers: ['ox5'] },
        occurredAt: '2009-11-25T20:30:00+00:00',
      } as never,
      {
        type: 'SameDatePlayApproved',
        data: { playerId: 'ox6', fixtures: ['g', 'r'], approvedOn: '2009-10-01', approvedBy: 'LS' },
      },
    ]);
    expect(input.rearrangements).toEqual([
      { fixture: 'r', soughtBy: 'home', approvedPlayers: ['ox5'], on: '2009-11-25' },
    ]);
    expect(input.sameDateApprovals).toEqual([
      { player: 'ox6', fixtures: ['g', 'r'], on: '2009-10-01' },
    ]);
  });

  it('Cambridge sought it: Oxford’s player breaches nothing', () => {
    expect(penalties(season({ soughtBy: 'away' }))).toEqual([]);
  });

  it('g originally scheduled for another date: no penalty', () => {
    expect(penalties(season({ soughtBy: 'home' }, '2009-09-30'))).toEqual([]);
  });
});

describe('LCBA-6.8 result forms within 14 days: a warning, ½ VP suspended, then 1 VP from ratification', () => {
  /** Oxford A at home on four Wednesdays; each form received `late[i]` days after the match. */
  const season = (
    late: (number | undefined)[],
    ratified: { fixture: string; on: string }[] = [],
    asOf?: string,
  ) => {
    const s = new Season();
    const days = ['2009-09-16', '2009-10-14', '2009-11-11', '2009-12-09'];
    late.forEach((d, i) => {
      s.match(
        `h${i + 1}`,
        'oxford-a',
        i % 2 ? 'cam-a' : 'reading-a',
        days[i],
        eight('ox'),
        eight(`x${i}`),
      );
      if (d !== undefined) {
        const on = new Date(`${days[i]}T00:00:00Z`);
        on.setUTCDate(on.getUTCDate() + d);
        s.input.formsReceived[`h${i + 1}`] = on.toISOString().slice(0, 10);
      }
    });
    s.with({ ratified: ratified.map((r) => ({ team: 'oxford-a', ...r })) });
    if (asOf) s.input.asOf = asOf;
    const v = s.verdicts();
    return {
      warnings: v.warnings
        .filter((w) => w.because.rule === 'LCBA-6.8')
        .map((w) => [w.on, w.because.text]),
      penalties: v.penalties
        .filter((p) => p.because.rule === 'LCBA-6.8')
        .map((p) => [p.team, p.vp, p.on]),
    };
  };

  it('a form received on the 14th day is in time; on the 15th it is the first offence, a warning', () => {
    expect(season([14])).toEqual({ warnings: [], penalties: [] });
    expect(season([15]).warnings).toEqual([
      ['2009-10-01', expect.stringMatching(/first offence, a warning/)],
    ]);
  });

  it('the second offence is a ½ VP penalty suspended (a warning, no VP)', () => {
    const r = season([15, 20]);
    expect(r.warnings[1]).toEqual([
      '2009-11-03',
      expect.stringMatching(/second offence, a 0.5 VP penalty suspended/),
    ]);
    expect(r.penalties).toEqual([]);
  });

  it('the third offence (a form never received) awaits ratification; ratified on 10 December, 1 VP (½ + the suspended ½) from then', () => {
    // h3 played 11 November: the 14 days end on 25 November; the offence is known on the 26th.
    expect(season([15, 20, undefined]).warnings[2]).toEqual([
      '2009-11-26',
      expect.stringMatching(/offence 3, 1 VP once the League Committee ratifies it/),
    ]);
    expect(season([15, 20, undefined], [{ fixture: 'h3', on: '2009-12-10' }]).penalties).toEqual([
      ['oxford-a', 1, '2009-12-10'],
    ]);
  });

  it('as of the day before the ratification no VP is taken; a fourth offence ratified is a further ½ VP', () => {
    expect(
      season([15, 20, undefined], [{ fixture: 'h3', on: '2009-12-10' }], '2009-12-09').penalties,
    ).toEqual([]);
    expect(
      season(
        [15, 20, 16, 30],
        [
          { fixture: 'h3', on: '2009-12-10' },
          { fixture: 'h4', on: '2010-01-20' },
        ],
      ).penalties,
    ).toEqual([
      ['oxford-a', 1, '2009-12-10'],
      ['oxford-a', 0.5, '2010-01-20'],
    ]);
  });
});
