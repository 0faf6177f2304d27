import { NZ_TEAMS_DEFAULTS } from '../../../src/rulesets/nz-club/teams/params';
import {
  nzTeamsEventStanding,
  type NzPlayedMatch,
} from '../../../src/rulesets/nz-club/teams/event';

/**
 * An NZ club teams event's standing from its facts: a Gladys Palmer Teams of three teams over two
 * sessions. The C points read the VP as played (NZ-8), the standing the VP after NZ-15; a default
 * scores by NZ-11 under the handicaps in force that session (NZ-16); ties by NZ-12.
 */
const p = structuredClone(NZ_TEAMS_DEFAULTS);
const played = (
  matchId: string,
  session: number,
  home: string,
  away: string,
  vp: [number, number],
  imps: [number, number],
  penalised: [number, number] = [0, 0],
): NzPlayedMatch => ({
  matchId,
  session,
  home,
  away,
  boards: 24,
  homeImps: imps[0],
  awayImps: imps[1],
  homeVp: vp[0],
  awayVp: vp[1],
  homePenalised: penalised[0],
  awayPenalised: penalised[1],
});

describe('NZ teams event: a Gladys Palmer Teams scored from its facts', () => {
  const input = {
    teams: [
      { teamId: 'kowhai', handicap: 2 },
      { teamId: 'rimu', handicap: 6 },
      { teamId: 'totara', handicap: 4 },
    ],
    matches: [
      // Session 1: kowhai beat rimu 18–12 but fielded a non-member substitute (NZ-15).
      played('m1', 1, 'kowhai', 'rimu', [18, 12], [40, 25], [1, 0]),
      played('m2', 2, 'rimu', 'totara', [20, 10], [50, 20]),
    ],
    // Session 2: kowhai defaulted against totara; the director had adjusted totara's handicap.
    defaults: [{ matchId: 'm3', session: 2, defaulting: 'kowhai', defaultedTo: 'totara' }],
    handicapAdjustments: [
      { session: 2, teamId: 'totara', handicap: 1, reason: 'a much stronger substitute played' },
    ],
  };

  it('NZ-8 NZ-15 the C points read the match as played, the standing the VP after NZ-15', () => {
    const { matches } = nzTeamsEventStanding(input, p);
    const m1 = matches.find((m) => m.matchId === 'm1')!;
    expect(m1).toMatchObject({ played: { homeVp: 18, awayVp: 12 }, homeVp: 16, awayVp: 13 });
    expect(m1.cPoints!.home.toString()).toBe('48');
    expect(m1.because).toEqual([
      'NZ-8: home won over 24 boards: 48 C to each of its players (2 a board)',
      'NZ-15: home fielded 1 penalised substitute(s): −2 VP to home, +1 VP to its opponents (within 0–25)',
    ]);
  });

  it('NZ-11 NZ-16 the default scores 15 + 2 (kowhai) − 1 (totara, adjusted for session 2) = 16 VP, kowhai 0', () => {
    const { matches } = nzTeamsEventStanding(input, p);
    expect(matches.find((m) => m.matchId === 'm3')).toMatchObject({
      home: 'totara',
      away: 'kowhai',
      homeVp: 16,
      awayVp: 0,
    });
  });

  it('NZ-12 the standing: rimu 33 (12 + 1 by NZ-15, then 20), totara 26 (10 + 16 by default), kowhai 16', () => {
    const { rows } = nzTeamsEventStanding(input, p);
    expect(rows.map((r) => [r.team, r.vp, r.place])).toEqual([
      ['rimu', 33, 1],
      ['totara', 26, 2],
      ['kowhai', 16, 3],
    ]);
  });

  it('NZ-11 bad input: a default naming a team not entered', () => {
    expect(() =>
      nzTeamsEventStanding(
        {
          ...input,
          defaults: [{ matchId: 'm9', session: 1, defaulting: 'kauri', defaultedTo: 'rimu' }],
        },
        p,
      ),
    ).toThrow('NZ-11: defaults[0].defaulting kauri is not entered');
  });
});
