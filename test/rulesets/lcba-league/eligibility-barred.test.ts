import { eight, Season, wednesday } from './eligibility-support';

/** Everyone in the line-ups paid up before the season (4.1 and 4.2 stay out of the way). */
const paid = (s: Season) => {
  for (const l of s.input.lineUps)
    for (const p of [...l.home, ...l.away]) s.input.paid[p] = '2009-08-01';
  return s;
};

const lost = (s: Season, rule = 'LCBA-4.7') =>
  s
    .verdicts()
    .lostByDefault.filter((l) => l.rule === rule)
    .map((l) => [l.fixture, l.offender, l.player, l.on]);

describe('LCBA-4.4/4.5 nominees may not play for a lower-ranking team; LCBA-4.7 the match is lost by default', () => {
  it('ox3, nominated for Oxford A on 1 September, plays for Oxford B: barred, and that match is lost by Oxford B', () => {
    const s = new Season()
      .match('a1', 'oxford-a', 'cam-a', wednesday(2), eight('ox'), eight('ca'))
      .match('b1', 'bath-a', 'oxford-b', wednesday(3), eight('ba'), [
        'ox3',
        ...eight('ob', 2).slice(0, 7),
      ])
      .with({ nominations: [{ team: 'oxford-a', players: eight('ox'), on: '2009-09-01' }] });
    paid(s);
    const v = s.verdicts();
    expect(v.barred).toContainEqual(
      expect.objectContaining({
        player: 'ox3',
        team: 'oxford-b',
        from: '2009-09-01',
        because: expect.objectContaining({ rule: 'LCBA-4.4' }),
      }),
    );
    expect(lost(s)).toEqual([['b1', 'away', 'ox3', wednesday(3)]]);
  });

  it('a player not nominated plays for Oxford B freely', () => {
    const s = new Season()
      .match('a1', 'oxford-a', 'cam-a', wednesday(2), eight('ox'), eight('ca'))
      .match('b1', 'bath-a', 'oxford-b', wednesday(3), eight('ba'), [
        'ox9',
        ...eight('ob', 2).slice(0, 7),
      ])
      .with({ nominations: [{ team: 'oxford-a', players: eight('ox'), on: '2009-09-01' }] });
    paid(s);
    expect(lost(s)).toEqual([]);
  });

  it('LCBA-4.5: none received, the opening match’s players are deemed nominated from the day after it', () => {
    // Oxford A opens on 16 September with ox1–ox8; ox2 plays for Oxford B on 23 September.
    const s = new Season()
      .match('a1', 'oxford-a', 'cam-a', '2009-09-16', eight('ox'), eight('ca'))
      .match(
        'b1',
        'oxford-b',
        'bath-a',
        '2009-09-23',
        ['ox2', ...eight('ob', 2).slice(0, 7)],
        eight('ba'),
      );
    paid(s);
    const barred = s.verdicts().barred.filter((b) => b.player === 'ox2');
    expect(barred).toEqual([
      expect.objectContaining({
        team: 'oxford-b',
        from: '2009-09-17',
        because: expect.objectContaining({
          rule: 'LCBA-4.4',
          text: expect.stringMatching(/deemed nominated/),
        }),
      }),
    ]);
    expect(lost(s)).toEqual([['b1', 'home', 'ox2', '2009-09-23']]);
  });

  it('LCBA-4.5: a nomination received later replaces the deemed one: a player dropped from it may play for Oxford B after it', () => {
    const s = new Season()
      .match('a1', 'oxford-a', 'cam-a', '2009-09-16', eight('ox'), eight('ca'))
      .match(
        'b1',
        'oxford-b',
        'bath-a',
        '2009-10-07',
        ['ox2', ...eight('ob', 2).slice(0, 7)],
        eight('ba'),
      )
      .with({
        nominations: [
          {
            team: 'oxford-a',
            players: ['ox1', ...eight('ox', 3).slice(0, 6), 'ox9'],
            on: '2009-10-01',
          },
        ],
      });
    paid(s);
    const ox2 = s.verdicts().barred.filter((b) => b.player === 'ox2');
    expect(ox2).toEqual([
      expect.objectContaining({ team: 'oxford-b', from: '2009-09-17', until: '2009-10-01' }),
    ]);
    expect(lost(s)).toEqual([]);
  });

  it('a club’s lowest team nominates nobody: Oxford B’s players are barred from no team', () => {
    const s = new Season()
      .match('b1', 'oxford-b', 'bath-a', '2009-09-16', eight('ob'), eight('ba'))
      .match('b2', 'cam-b', 'oxford-b', '2009-09-23', eight('cb'), eight('ob'));
    paid(s);
    expect(s.verdicts().barred.filter((b) => b.player.startsWith('ob'))).toEqual([]);
  });
});

describe('LCBA-4.6 a seventh match for higher-ranking teams bars a player from the given team and lower ones', () => {
  /** oxS plays `n` matches for Oxford A (not nominated: Oxford A's nominations name others), then one for Oxford B. */
  const season = (n: number) => {
    const s = new Season().with({
      nominations: [{ team: 'oxford-a', players: eight('ox'), on: '2009-09-01' }],
    });
    for (let i = 0; i < n; i++) {
      s.match(
        `a${i}`,
        'oxford-a',
        i % 2 ? 'cam-a' : 'reading-a',
        wednesday(i),
        ['oxS', ...eight('ox').slice(0, 7)],
        eight(`x${i}-`),
      );
    }
    s.match(
      'b',
      'oxford-b',
      'bath-a',
      wednesday(n),
      ['oxS', ...eight('ob', 2).slice(0, 7)],
      eight('ba'),
    );
    return paid(s);
  };

  it('after six matches for Oxford A, oxS may play for Oxford B', () => {
    expect(
      season(6)
        .verdicts()
        .barred.filter((b) => b.player === 'oxS'),
    ).toEqual([]);
    expect(lost(season(6))).toEqual([]);
  });

  it('the seventh match for Oxford A (on the seventh Wednesday) bars oxS from Oxford B from the next day: the Oxford B match is lost', () => {
    const s = season(7);
    expect(s.verdicts().barred.filter((b) => b.player === 'oxS')).toEqual([
      expect.objectContaining({
        team: 'oxford-b',
        from: '2009-10-15', // the seventh, a6, on 14 October (wednesday(6)), + 1 day
        because: expect.objectContaining({ rule: 'LCBA-4.6' }),
      }),
    ]);
    expect(lost(s)).toEqual([['b', 'home', 'oxS', wednesday(7)]]);
  });
});

describe('LCBA-4.3 a second club without approval bars the player there; LCBA-4.7 the match is lost', () => {
  const season = (approvals: { player: string; clubs: string[]; on: string }[] = []) =>
    paid(
      new Season()
        .match('a1', 'oxford-a', 'cam-a', '2009-09-16', eight('ox'), eight('ca'))
        .match(
          'r1',
          'reading-a',
          'cam-a',
          '2009-09-23',
          ['ox1', ...eight('rd').slice(0, 7)],
          eight('cx'),
        )
        .with({ approvals }),
    );

  it('without approval Reading A loses r1 by default', () => {
    expect(lost(season())).toEqual([['r1', 'home', 'ox1', '2009-09-23']]);
    expect(season().verdicts().barred).toContainEqual(
      expect.objectContaining({
        player: 'ox1',
        team: 'reading-a',
        because: expect.objectContaining({ rule: 'LCBA-4.3' }),
      }),
    );
  });

  it('with the LMSC’s approval from 23 September nothing is lost', () => {
    expect(
      lost(season([{ player: 'ox1', clubs: ['reading', 'oxford'], on: '2009-09-23' }])),
    ).toEqual([]);
  });
});
