import {
  isValidNzcbaNumber,
  NzInputError,
  sessionEligibility,
  type NzSessionPlayer,
} from '../../../src/rulesets/nz-club/standings';
import { params } from './helpers';

const member: NzSessionPlayer = { id: 'm', status: 'member', homeNight: 'monday' };

/** The guest's (or visitor's) NZ-8c C-point verdict at a Monday table with a Monday member. */
const verdictOf = (guest: NzSessionPlayer) =>
  sessionEligibility({ night: 'monday', players: [member, guest] }, params).find(
    (v) => v.subject === guest.id && v.scope === 'c-points',
  );

describe('NZ-8c a guest from outside the club earns C points with a valid NZCBA number', () => {
  it.each(['1', '123456', '0123456', '9999999999'])(
    'NZ-8c %s is a valid NZCBA number (reading: 1 to 10 digits, not zero)',
    (n) => expect(isValidNzcbaNumber(n)).toBe(true),
  );

  it.each([
    ['empty', ''],
    ['zero', '0'],
    ['all zeros', '0000'],
    ['eleven digits', '12345678901'],
    ['a letter', '12345A'],
    ['a space', '123 456'],
    ['a sign', '-123'],
    ['a decimal point', '12.5'],
    ['padded', ' 123456'],
  ])('NZ-8c bad input: %s (%j) is not a valid NZCBA number', (_why, n) =>
    expect(isValidNzcbaNumber(n)).toBe(false),
  );

  it('NZ-8c bad input: a number that is not a string, or no number, is not valid', () => {
    expect(isValidNzcbaNumber(123456)).toBe(false);
    expect(isValidNzcbaNumber(undefined)).toBe(false);
    expect(isValidNzcbaNumber(null)).toBe(false);
  });

  it('NZ-8c a guest with a valid NZCBA number on the roster qualifies for C points, as the member does', () => {
    const vs = sessionEligibility(
      {
        night: 'monday',
        players: [member, { id: 'g', status: 'non-member', nzcbaNumber: '123456' }],
      },
      params,
    );
    expect(vs.filter((v) => v.scope === 'c-points')).toEqual([
      {
        rule: 'NZ-8c',
        subject: 'm',
        scope: 'c-points',
        ok: true,
        reason: 'a member with a guest from outside the club',
      },
      {
        rule: 'NZ-8c',
        subject: 'g',
        scope: 'c-points',
        ok: true,
        reason: 'a guest with a valid NZCBA number',
      },
    ]);
  });

  it('NZ-8c a guest with no NZCBA number gets no C points; the member still does', () => {
    expect(verdictOf({ id: 'g', status: 'non-member' })).toMatchObject({
      rule: 'NZ-8c',
      ok: false,
      reason: 'a guest without a valid NZCBA number',
    });
  });

  it('NZ-8c a guest whose recorded NZCBA number is not valid gets no C points, and the reason says the number is the trouble', () => {
    for (const nzcbaNumber of ['NZ1234', '0', '12345678901']) {
      expect(verdictOf({ id: 'g', status: 'non-member', nzcbaNumber })).toMatchObject({
        rule: 'NZ-8c',
        ok: false,
        reason:
          'a guest whose recorded NZCBA number is not valid (reading: 1 to 10 digits, not zero)',
      });
    }
  });

  it('NZ-8c NZ-10 a visitor with a valid NZCBA number earns C points but still no prizes', () => {
    const vs = sessionEligibility(
      {
        night: 'monday',
        players: [member, { id: 'v', status: 'visitor', nzcbaNumber: '4242' }],
      },
      params,
    ).filter((v) => v.subject === 'v');
    expect(vs.map((v) => [v.rule, v.scope, v.ok])).toEqual([
      ['NZ-8c', 'c-points', true],
      ['NZ-10', 'prizes', false],
    ]);
  });

  it('NZ-8c a caller that checked the number elsewhere says so with nzcbaNumberValid, which decides', () => {
    expect(
      verdictOf({ id: 'g', status: 'non-member', nzcbaNumber: '123456', nzcbaNumberValid: false }),
    ).toMatchObject({ ok: false, reason: 'a guest without a valid NZCBA number' });
    expect(verdictOf({ id: 'g', status: 'non-member', nzcbaNumberValid: true })).toMatchObject({
      ok: true,
    });
  });

  it('NZ-8c a member needs no NZCBA number: the member’s verdict does not read it', () => {
    const vs = sessionEligibility(
      {
        night: 'monday',
        players: [
          { ...member, nzcbaNumber: 'not a number' },
          { id: 'm2', status: 'member', homeNight: 'monday' },
        ],
      },
      params,
    );
    expect(vs.map((v) => [v.rule, v.subject, v.ok])).toEqual([
      ['NZ-8', 'm', true],
      ['NZ-8', 'm2', true],
    ]);
  });

  it('NZ-8c bad input: an NZCBA number that is not a string is refused, naming the player', () => {
    const call = () =>
      sessionEligibility(
        {
          night: 'monday',
          players: [
            member,
            { id: 'g', status: 'non-member', nzcbaNumber: 123456 as unknown as string },
          ],
        },
        params,
      );
    expect(call).toThrow(NzInputError);
    expect(call).toThrow('NZ-8c: players[1].nzcbaNumber must be a string');
  });
});
