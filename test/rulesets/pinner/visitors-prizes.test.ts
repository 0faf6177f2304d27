import { ScoringInputError } from '../../../src/scoring';
import { prizeEligibility } from '../../../src/contexts/membership/visitors';
import { member, NZ, nz, person, PIN, pinner, visit } from './visitors-support';

const people = [
  member('max'),
  person('vic'),
  person('ex', { memberSpans: [{ from: '2010-01-01', until: '2018-06-01' }] }),
];
const special = { id: 'jubilee', special: true };
const normal = { id: 'tuesday-pairs', special: false };

describe('PIN-R13: visitors may win prize money at normal events, not the enhanced money of special events', () => {
  const input = pinner(people, [
    visit('vic', '2018-06-05', { event: special }),
    visit('max', '2018-06-05', { event: special }),
    visit('ex', '2018-05-31', { event: special }),
    visit('ex', '2018-06-01', { event: special }),
  ]);

  it('PIN-R13: a visitor at a special event: normal prize money only', () => {
    expect(prizeEligibility('vic', special, input, PIN)).toEqual({
      person: 'vic',
      event: 'jubilee',
      mayWin: 'normal-only',
      because: [
        {
          rule: 'PIN-R13',
          text: 'a visitor on 2018-06-05 at a special event: normal prize money, not the enhanced',
        },
      ],
    });
  });

  it('PIN-R13: a visitor at a normal event: any prize money won', () => {
    const at = prizeEligibility('vic', { ...normal, date: '2018-06-12' }, input, PIN);
    expect(at.mayWin).toBe('all');
    expect(at.because[0]!.text).toBe(
      'a visitor on 2018-06-12 at a normal event: any prize money won',
    );
  });

  it('PIN-R13: a member at a special event: every prize', () => {
    expect(prizeEligibility('max', special, input, PIN).mayWin).toBe('all');
  });

  it('PIN-R13: a membership ending during a two-session event: a visitor at one of its sessions is a visitor for its prizes', () => {
    expect(prizeEligibility('ex', special, input, PIN).mayWin).toBe('normal-only');
    expect(prizeEligibility('ex', { ...special, date: '2018-05-31' }, input, PIN).mayWin).toBe(
      'all',
    );
  });

  it('PIN-R13: no session of the event and no date: refused naming event.date', () => {
    expect(() => prizeEligibility('max', normal, input, PIN)).toThrow(
      new ScoringInputError(
        'event.date',
        'PIN-R13',
        'is needed: max has no session of tuesday-pairs in visits',
      ),
    );
  });

  it('PIN-R13: a person not in people, or an event date that is not a date, is refused', () => {
    expect(() => prizeEligibility('nobody', special, input, PIN)).toThrow(
      'PIN-R13: person nobody is not in people',
    );
    expect(() => prizeEligibility('vic', { ...special, date: '2018-06-31' }, input, PIN)).toThrow(
      'PIN-R13: event.date must be a date YYYY-MM-DD, got 2018-06-31',
    );
  });
});

describe('NZ-10: visitors do not qualify for prizes', () => {
  const input = nz(people, [visit('vic', '2018-06-05', { event: normal })]);

  it('NZ-10: a visitor qualifies for no prizes, at a normal event or a special one', () => {
    expect(prizeEligibility('vic', normal, input, NZ)).toEqual({
      person: 'vic',
      event: 'tuesday-pairs',
      mayWin: 'none',
      because: [{ rule: 'NZ-10', text: 'a visitor on 2018-06-05: qualifies for no prizes' }],
    });
    expect(prizeEligibility('vic', { ...special, date: '2018-06-05' }, input, NZ).mayWin).toBe(
      'none',
    );
  });

  it('NZ-10: a member qualifies for every prize', () => {
    expect(prizeEligibility('max', { ...normal, date: '2018-06-05' }, input, NZ).mayWin).toBe(
      'all',
    );
  });

  it("PIN-R13, NZ-10: the club's prize rule is the setting `prizes`, whatever the year kind", () => {
    const calendar = pinner(people, [visit('vic', '2018-06-05', { event: normal })]);
    expect(prizeEligibility('vic', normal, calendar, { ...PIN, prizes: 'nz-10' }).mayWin).toBe(
      'none',
    );
  });
});
