import {
  NzInputError,
  oneBoardReasons,
  sessionEligibility,
  type NzSessionPlayer,
} from '../../../src/rulesets/nz-club/standings';
import { params } from './helpers';

/** The NZ rules read the roster's own statuses (PLAYER_STATUSES): member, nominee, non-member, visitor. */
const member: NzSessionPlayer = { id: 'm', status: 'member', homeNight: 'monday' };

describe('the NZ rules read the roster’s status vocabulary', () => {
  it('NZ-7 NZ-5 a nominee plays as a member: no one-board penalty beside a member, one beside a non-member', () => {
    const nominee: NzSessionPlayer = { id: 'n', status: 'nominee', homeNight: 'monday' };
    expect(oneBoardReasons('monday', [member, nominee])).toEqual([]);
    expect(oneBoardReasons('monday', [nominee, { id: 'g', status: 'non-member' }])).toEqual([
      'partner-non-member',
    ]);
  });

  it('NZ-8c a non-member is the rules’ guest: the member with them qualifies, and the reason says "guest"', () => {
    const vs = sessionEligibility(
      { night: 'monday', players: [member, { id: 'g', status: 'non-member' }] },
      params,
    );
    expect(vs.map((v) => `${v.rule} ${v.subject} ${v.ok} ${v.reason}`)).toEqual([
      'NZ-8c m true a member with a guest from outside the club',
      'NZ-8c g false a guest without a valid NZCBA number',
    ]);
  });

  it.each(['guest', 'nominated', 'Member', ''])(
    'NZ-8 NZ-5 bad input: status %j is not one of the roster’s, refused naming the player',
    (status) => {
      const players: [NzSessionPlayer, NzSessionPlayer] = [
        member,
        { id: 'x', status: status as NzSessionPlayer['status'] },
      ];
      const message = `players[1].status must be one of member, nominee, non-member, visitor, got '${status}'`;
      expect(() => sessionEligibility({ night: 'monday', players }, params)).toThrow(
        new NzInputError('NZ-8', 'players[1].status', message.slice('players[1].status '.length)),
      );
      expect(() => oneBoardReasons('monday', players)).toThrow(`NZ-5: ${message}`);
    },
  );
});
