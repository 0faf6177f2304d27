import { dsbGroenlo2014, type DsbParams } from '../../../src/rulesets/dsb-groenlo-2014/preset';
import {
  viertallenStandings,
  type ViertallenMatch,
} from '../../../src/rulesets/dsb-groenlo-2014/teams/standings';
import { wbf2013Scale } from '../../../src/scoring/vp';

/**
 * DSB-15, DSB-16: the teams competition (viertallen) of four sessions, in groups (a standing per
 * group) or Swiss (one ranking); each match's IMPs turned into WP on the WBF 2013 continuous
 * scale for its length. A draw is 10–10; a margin of 100 IMPs over 8 boards is 20–0.
 */
const groups: DsbParams = structuredClone(dsbGroenlo2014.params);
const swiss: DsbParams = { ...groups, teams: { ...groups.teams, format: 'swiss' } };
const match = (
  round: number,
  home: string,
  away: string,
  homeImps: number,
  awayImps: number,
  boards = 8,
): ViertallenMatch => ({
  round,
  home,
  away,
  boards,
  homeImps,
  awayImps,
});

describe('DSB-16 the teams competition: IMPs → WP on the WBF 2013 scale, summed, a standing per group', () => {
  it('DSB-16 group A: a draw (10–10) and two blitzes (20–0); group B ranked on its own', () => {
    const teams = [
      { teamId: 'a1', group: 'A' },
      { teamId: 'a2', group: 'A' },
      { teamId: 'a3', group: 'A' },
      { teamId: 'b1', group: 'B' },
      { teamId: 'b2', group: 'B' },
    ];
    const matches = [
      match(1, 'a1', 'a2', 30, 30),
      match(1, 'b1', 'b2', 10, 110),
      match(2, 'a1', 'a3', 120, 20),
      match(3, 'a2', 'a3', 25, 15),
    ];
    const [a, b] = viertallenStandings(teams, matches, [], groups);
    const ten = wbf2013Scale(8).vp(10);
    expect(a!.group).toBe('A');
    expect(a!.rows.map((r) => [r.teamId, r.wp, r.place])).toEqual([
      ['a1', 30, 1],
      ['a2', 10 + ten.own, 2],
      ['a3', ten.opponents, 3],
    ]);
    expect(a!.rows[0]).toMatchObject({ impsFor: 150, impsAgainst: 50, played: 2 });
    expect(b!.rows.map((r) => [r.teamId, r.wp, r.place])).toEqual([
      ['b2', 20, 1],
      ['b1', 0, 2],
    ]);
  });

  it('DSB-15 Swiss: one ranking over the event; a bye scores the rulebook’s 12 WP', () => {
    const teams = ['s1', 's2', 's3'].map((teamId) => ({ teamId }));
    const [one] = viertallenStandings(
      teams,
      [match(1, 's1', 's2', 40, 40)],
      [{ round: 1, teamId: 's3' }],
      swiss,
    );
    expect(one!.group).toBeUndefined();
    expect(one!.rows.map((r) => [r.teamId, r.wp, r.place, r.byes])).toEqual([
      ['s3', 12, 1, 1],
      ['s1', 10, 2, 0],
      ['s2', 10, 2, 0],
    ]);
  });

  it('DSB-15 bad input: a match across groups, a team not entered, a fifth session, IMPs below 0, a team without its group', () => {
    const teams = [
      { teamId: 'a1', group: 'A' },
      { teamId: 'b1', group: 'B' },
    ];
    expect(() => viertallenStandings(teams, [match(1, 'a1', 'b1', 1, 0)], [], groups)).toThrow(
      "DSB-15: matches[0].away b1 (group B) is not in a1's group A: a group plays a round robin of its own",
    );
    expect(() => viertallenStandings(teams, [match(1, 'a1', 'x', 1, 0)], [], groups)).toThrow(
      'DSB-15: matches[0].away x is not entered',
    );
    const same = [
      { teamId: 'a1', group: 'A' },
      { teamId: 'a2', group: 'A' },
    ];
    expect(() => viertallenStandings(same, [match(5, 'a1', 'a2', 1, 0)], [], groups)).toThrow(
      'DSB-15: matches[0].round must be a session 1–4, got 5',
    );
    expect(() => viertallenStandings(same, [match(1, 'a1', 'a2', -1, 0)], [], groups)).toThrow(
      'DSB-16: matches[0].homeImps must be a whole number of IMPs ≥ 0, got -1',
    );
    expect(() => viertallenStandings([{ teamId: 'a1' }], [], [], groups)).toThrow(
      'DSB-15: teams[0].group a team of a competition in groups needs its group',
    );
  });
});
