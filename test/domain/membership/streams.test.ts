import { deciderOf } from '../../../src/contexts/deciders';
import { mayAppend } from '../../../src/contexts/access/domain/permissions';
import { documentedStreamOf } from '../../../src/contexts/streams';
import { MEMBERSHIP_FACT_TYPES } from '../../../src/contexts/membership/domain/decider';
import {
  appealParamsOf,
  correctionParamsOf,
  PINNER_APPEALS,
} from '../../../src/rulebooks/deadlines';
import { presetIds, presetOf } from '../../../src/rulebooks/presets';
import { pinner2018 } from '../../../src/rulesets/pinner/preset';
import { GatedLedger } from '../../support/gated-ledger';
import { accepts, application, applied, clubFacts, elected, fact, pinner } from './support';

describe('the membership context places its facts in members-<clubId>', () => {
  it('the membership decider owns members-<id>; documentedStreamOf places every membership fact by its clubId', () => {
    expect(deciderOf('members-pinner')?.name).toBe('membership');
    expect(deciderOf('members-')).toBeUndefined();
    for (const type of MEMBERSHIP_FACT_TYPES) {
      expect(documentedStreamOf(type, { clubId: 'pinner' })).toMatchObject({
        streamId: 'members-pinner',
        kind: 'club',
        elsewhere: 'unread',
      });
    }
  });

  it('LEDGER: a membership fact on the club’s stream is refused naming streamId', async () => {
    const ledger = await pinner();
    await ledger.refuses(
      [{ ...applied('a1', 'zoe'), streamId: 'club-pinner' }],
      'LEDGER',
      'streamId',
    );
  });

  it('LEDGER: membership facts of a club not registered are refused naming data.clubId', async () => {
    const ledger = new GatedLedger();
    await ledger.refuses([applied('a1', 'zoe')], 'LEDGER', 'events[0].data.clubId');
  });

  it('a club under another rulebook (nz-club) is judged by pinner-2018’s membership defaults', async () => {
    const ledger = await pinner('nz-club');
    await ledger.append(...application('a1', 'zoe'));
    await ledger.refuses([elected('a1', '2018-03-07')], 'PIN-C6', 'events[0].data.on');
    await accepts(ledger, elected('a1', '2018-03-08'));
  });

  it('the secretary records membership facts, the director the sessions played', () => {
    expect(mayAppend('secretary', 'MemberElected')).toBe(true);
    expect(mayAppend('director', 'MemberElected')).toBe(false);
    expect(mayAppend('director', 'SessionPlayedAtClub')).toBe(true);
    expect(mayAppend('auditor', 'SessionPlayedAtClub')).toBe(false);
  });
});

describe('the preset pinner-2018', () => {
  it('is registered: a club adopts it', async () => {
    expect(presetIds()).toContain('pinner-2018');
    // As registered: the preset with the visitor count's own check of its settings.
    expect(presetOf('pinner-2018')).toMatchObject(pinner2018);
    expect(presetOf('pinner-2018')?.validate).toBeInstanceOf(Function);
    await accepts(new GatedLedger(), ...clubFacts());
  });

  it('every PIN number and reading is a parameter, with the RULES.md defaults', () => {
    expect(pinner2018.params.membership).toEqual({
      displayDays: 7,
      minAge: 16,
      student: { fromAge: 16, belowAge: 26 },
      restrictedYears: 1,
      leapDay: 'feb-28',
      barredAsVisitor: true,
      restrictedPlay: 'refuse',
    });
    expect(pinner2018.params.visitors).toMatchObject({
      sessions: 6,
      underAge: 16,
      nzMaxVisits: 3,
      // PIN-R12, PIN-R8: the rules set no amounts of table money.
      tableMoney: { currency: 'GBP', member: null, student: null, visitor: null },
    });
  });

  it('its appeals group is PINNER_APPEALS (PIN-R26, PIN-R28); its corrections group is read, with no deadline', () => {
    expect(appealParamsOf(pinner2018.params)).toEqual(PINNER_APPEALS);
    expect(pinner2018.params.appeals).not.toBe(PINNER_APPEALS);
    expect(correctionParamsOf(pinner2018.params)).toMatchObject({ until: 'none' });
  });

  it('PIN-R8 reading: membership.leapDay amended to a value no reader knows is refused naming the path, nothing written; mar-1 is accepted', async () => {
    const ledger = await pinner();
    const leapDay = (value: string) =>
      fact(
        'RulebookAmended',
        { clubId: 'pinner', changes: { 'membership.leapDay': value }, effectiveFrom: '2018-03-05' },
        'club-pinner',
      );
    const head = await ledger.store.headPosition();
    await ledger.refuses(
      [leapDay('mar-2')],
      'RULEBOOK',
      'events[0].data.changes["membership.leapDay"]',
      /must be "feb-28" or "mar-1", not "mar-2"/,
    );
    expect(await ledger.store.headPosition()).toBe(head);
    await ledger.append(leapDay('mar-1'));
  });

  it('an amendment changes a membership parameter from its date: displayDays 14 from 2018-03-05', async () => {
    const ledger = await pinner();
    await ledger.append(
      fact(
        'RulebookAmended',
        {
          clubId: 'pinner',
          changes: { 'membership.displayDays': 14 },
          effectiveFrom: '2018-03-05',
        },
        'club-pinner',
      ),
      ...application('a1', 'zoe'),
    );
    await ledger.refuses(
      [elected('a1', '2018-03-08')],
      'PIN-C6',
      'events[0].data.on',
      /2018-03-15/,
    );
    await accepts(ledger, elected('a1', '2018-03-15'));
  });
});
