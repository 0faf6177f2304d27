import { mayAppend } from '../../../src/contexts/access/domain/permissions';
import { catalogue } from '../../../src/contexts/catalogue';
import { pinner2018 } from '../../../src/rulesets/pinner/preset';
import { foldMembership, registerOf, visitorFactsOf } from '../../../src/rulesets/pinner/register';
import { collect } from '../../support/events';
import {
  accepts,
  applied,
  displayed,
  elected,
  existing,
  fact,
  pinner,
  played,
  proposed,
  signed,
} from './support';

/**
 * MEMBERSHIP-FIXES 1: a wrong date of birth is corrected by `BirthDateCorrected`
 * (person, birthDate, reason, correctedBy, on), which the fold prefers from its position on:
 * every fact after it is judged with the corrected date (PIN-C3, PIN-R8 Student, PIN-R12), the
 * register's derived ages read it; the facts judged before it stand (an election made stays
 * made: the ledger does not rewrite them).
 */
const corrected = (person: string, birthDate: string, extra = {}) =>
  fact('BirthDateCorrected', {
    person,
    birthDate,
    reason: 'typed 2002 for 2003 on the form',
    correctedBy: 'ann',
    on: '2018-07-01',
    ...extra,
  });

/** pip applies with 2002-06-01 (a typo for 2003-06-01) and is elected at "16" on 2018-06-15. */
const pipElected = () => [
  applied('a1', 'pip', '2018-06-01', { birthDate: '2002-06-01' }),
  proposed('a1', 'ann', 'bob', '2018-06-01'),
  signed('a1', 'cat', '2018-06-01'),
  displayed('a1', '2018-06-01'),
  elected('a1', '2018-06-15'),
];

const stateOf = async (ledger: Awaited<ReturnType<typeof pinner>>) =>
  foldMembership(await collect(ledger.store.readStream('members-pinner')));

describe('BirthDateCorrected: a wrong date of birth is corrected', () => {
  it('is in the catalogue, and the secretary appends it (not the director)', () => {
    expect(catalogue.has('BirthDateCorrected')).toBe(true);
    expect(mayAppend('secretary', 'BirthDateCorrected')).toBe(true);
    expect(mayAppend('director', 'BirthDateCorrected')).toBe(false);
  });

  it('PIN-C3: another date of birth in a later fact is refused naming data.birthDate, and the message says how to correct it', async () => {
    const ledger = await pinner();
    await ledger.append(...pipElected());
    await ledger.refuses(
      [played('pip', '2018-06-20', { birthDate: '2003-06-01' })],
      'LEDGER',
      'events[0].data.birthDate',
      /BirthDateCorrected/,
    );
  });

  it('PIN-C3: the correction is accepted; an election already made stays made (the register shows pip a member), though pip was 15 on its day by the corrected date', async () => {
    const ledger = await pinner();
    await ledger.append(...pipElected());
    await accepts(ledger, corrected('pip', '2003-06-01'));
    const state = await stateOf(ledger);
    expect(state.people.pip!.birthDate).toBe('2003-06-01');
    const pip = registerOf(state, '2018-07-02', pinner2018.params.membership).entries.find(
      (e) => e.person === 'pip',
    );
    expect(pip).toMatchObject({ standing: 'member', class: 'restricted', electedOn: '2018-06-15' });
  });

  it('PIN-R12 from its position on: after the correction pip (15) plays only supervised, refused naming data.supervisedBy; before it the same session was accepted', async () => {
    const ledger = await pinner();
    await ledger.append(...pipElected());
    await accepts(ledger, played('pip', '2018-06-20'));
    await ledger.append(corrected('pip', '2003-06-01'));
    await ledger.refuses(
      [played('pip', '2018-07-04')],
      'PIN-R12',
      'events[0].data.supervisedBy',
      /15 on 2018-07-04/,
    );
    await accepts(ledger, played('pip', '2018-07-04', { supervisedBy: 'ann' }));
  });

  it('after the correction the old date in a later fact is refused, the corrected one accepted', async () => {
    const ledger = await pinner();
    await ledger.append(...pipElected(), corrected('pip', '2003-06-01'));
    await ledger.refuses(
      [played('pip', '2018-07-04', { birthDate: '2002-06-01', supervisedBy: 'ann' })],
      'LEDGER',
      'events[0].data.birthDate',
      /2003-06-01/,
    );
    await accepts(
      ledger,
      played('pip', '2018-07-04', { birthDate: '2003-06-01', supervisedBy: 'ann' }),
    );
  });

  it('PIN-R8 Student: a correction moves the 26th birthday the register derives; the offer judged before it stands', async () => {
    const ledger = await pinner();
    await ledger.append(existing('tom', '2010-05-01', { birthDate: '1992-09-15' }));
    await accepts(ledger, fact('StudentMembershipOffered', { person: 'tom', on: '2018-03-01' }));
    await accepts(ledger, corrected('tom', '1993-09-15', { on: '2018-04-01' }));
    const state = await stateOf(ledger);
    const classOn = (asOf: string) =>
      registerOf(state, asOf, pinner2018.params.membership).entries.find((e) => e.person === 'tom')!
        .class;
    expect(classOn('2018-09-15')).toBe('student');
    expect(classOn('2019-09-14')).toBe('student');
    expect(classOn('2019-09-15')).toBe('full');
  });

  it('PIN-R12 in the visitor tables: a visitor’s date of birth given at a session and corrected is read corrected', async () => {
    const ledger = await pinner();
    await ledger.append(
      played('vic', '2018-05-01', { birthDate: '2000-05-01' }),
      corrected('vic', '2003-05-01'),
    );
    const facts = await collect(ledger.store.readStream('members-pinner'));
    const vic = visitorFactsOf(facts).people.find((p) => p.person === 'vic');
    expect(vic).toMatchObject({ birthDate: '2003-05-01' });
  });

  it('bad input: a person not known is refused naming data.person; the same date as now naming data.birthDate (a no-op); nothing written', async () => {
    const ledger = await pinner();
    await ledger.append(...pipElected());
    await ledger.refuses([corrected('nobody', '2003-06-01')], 'LEDGER', 'events[0].data.person');
    await ledger.refuses(
      [corrected('pip', '2002-06-01')],
      'LEDGER',
      'events[0].data.birthDate',
      /already/,
    );
    await ledger.refuses(
      [corrected('pip', '2019-01-01')],
      'LEDGER',
      'events[0].data.birthDate',
      /after/,
    );
  });

  it('bad input: the schema names each missing or malformed field (reason, correctedBy, birthDate)', async () => {
    const ledger = await pinner();
    await ledger.append(...pipElected());
    for (const [field, extra] of [
      ['reason', { reason: '' }],
      ['correctedBy', { correctedBy: 'not an id!' }],
      ['birthDate', { birthDate: '2003-02-30' }],
    ] as const) {
      await expect(ledger.append(corrected('pip', '2003-06-01', extra))).rejects.toThrow(
        new RegExp(field),
      );
    }
    expect((await stateOf(ledger)).people.pip!.birthDate).toBe('2002-06-01');
  });
});
