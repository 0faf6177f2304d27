import {
  applicationsAt,
  clubDateAt,
  memberAt,
  registerAt,
  visitorsIn,
} from '../../src/contexts/membership/read/membership';
import { fact, played } from '../domain/membership/support';
import { GatedLedger } from '../support/gated-ledger';

/**
 * MEMBERSHIP-FIXES 3: the register's, the applications', a person's and the running
 * year's visitors' default day is today as the club's date in its time zone (ClubRegistered's
 * `timeZone`), not UTC's. The clock is a function parameter of runtime/ (the core is given the
 * day): 2026-03-01T12:30Z is 2026-03-02 in Auckland (NZDT, UTC+13) and 2026-03-01 in London.
 */
const NOON_UTC = () => new Date('2026-03-01T12:30:00Z');

async function club(timeZone: string): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(
    fact('ClubRegistered', { clubId: 'pinner', name: 'Pinner BC', timeZone }, 'club-pinner'),
    fact(
      'RulebookAdopted',
      { clubId: 'pinner', preset: 'pinner-2018', overrides: {}, effectiveFrom: '2018-01-01' },
      'club-pinner',
    ),
    fact('ExistingMemberRecorded', {
      person: 'ann',
      name: 'Ann',
      electedOn: '2010-05-01',
      class: 'full',
    }),
    // ken visits on 5 January, joins as a Non-playing member on the 10th and is expelled on
    // 2 March (PIN-R9 from that day); zed joins on 2 March; amy applies on 2 March.
    played('ken', '2026-01-05'),
    fact('NonPlayingMembershipAccepted', { person: 'ken', on: '2026-01-10', name: 'Ken' }),
    fact('MemberExpelled', { person: 'ken', on: '2026-03-02', reason: 'Abuse of the director' }),
    fact('NonPlayingMembershipAccepted', { person: 'zed', on: '2026-03-02', name: 'Zed' }),
    fact('MembershipApplied', {
      applicationId: 'a-amy',
      person: 'amy',
      name: 'Amy',
      over16Declared: true,
      classApplied: 'full',
      appliedOn: '2026-03-02',
    }),
  );
  return ledger;
}

describe('MEMBERSHIP-FIXES: today is the club’s date in its time zone', () => {
  it('clubDateAt: 2026-03-01T12:30Z is 2026-03-02 in Auckland, 2026-03-01 in London; Auckland’s midnight is 11:00Z', () => {
    const at = (iso: string, zone: string) => clubDateAt(new Date(iso), zone);
    expect(at('2026-03-01T12:30:00Z', 'Pacific/Auckland')).toBe('2026-03-02');
    expect(at('2026-03-01T12:30:00Z', 'Europe/London')).toBe('2026-03-01');
    expect(at('2026-03-01T10:59:59Z', 'Pacific/Auckland')).toBe('2026-03-01');
    expect(at('2026-03-01T11:00:00Z', 'Pacific/Auckland')).toBe('2026-03-02');
    // West of UTC: still the day before.
    expect(at('2026-03-02T05:00:00Z', 'Pacific/Honolulu')).toBe('2026-03-01');
    expect(at('2026-03-01T00:00:00Z', 'UTC')).toBe('2026-03-01');
  });

  it('the register (members, one person) as of today: in Auckland zed is a member and ken expelled on the club’s 2 March; in London the day is still 1 March', async () => {
    const nz = await club('Pacific/Auckland');
    const reg = await registerAt(nz.store, 'pinner', {}, undefined, NOON_UTC);
    expect(reg.asOf).toBe('2026-03-02');
    expect(reg.entries.find((e) => e.person === 'zed')).toMatchObject({ standing: 'member' });
    expect(reg.entries.find((e) => e.person === 'ken')).toMatchObject({ standing: 'expelled' });
    const ken = await memberAt(nz.store, 'pinner', 'ken', {}, undefined, NOON_UTC);
    expect(ken.asOf).toBe('2026-03-02');

    const uk = await club('Europe/London');
    const before = await registerAt(uk.store, 'pinner', {}, undefined, NOON_UTC);
    expect(before.asOf).toBe('2026-03-01');
    expect(before.entries.find((e) => e.person === 'zed')).toBeUndefined();
    expect(before.entries.find((e) => e.person === 'ken')).toMatchObject({ standing: 'member' });
  });

  it('the applications as of today: amy’s of 2 March is pending in Auckland, not yet in London', async () => {
    const nz = await applicationsAt(
      (await club('Pacific/Auckland')).store,
      'pinner',
      {},
      undefined,
      NOON_UTC,
    );
    expect(nz.applications.map((a) => a.applicationId)).toEqual(['a-amy']);
    const uk = await applicationsAt(
      (await club('Europe/London')).store,
      'pinner',
      {},
      undefined,
      NOON_UTC,
    );
    expect(uk.applications).toEqual([]);
  });

  it('PIN-R9 in the year still running: ken’s 2026 row is judged as of the club’s today, barred in Auckland (2 March), not in London (1 March)', async () => {
    const row = async (zone: string) =>
      (
        await visitorsIn((await club(zone)).store, 'pinner', { year: 2026 }, undefined, NOON_UTC)
      ).rows.find((r) => r.person === 'ken')!;
    expect((await row('Pacific/Auckland')).verdict).toBe('barred');
    expect((await row('Europe/London')).verdict).toBe('ok');
  });

  it('an asOf given is the day read, whatever the clock', async () => {
    const nz = await club('Pacific/Auckland');
    const reg = await registerAt(nz.store, 'pinner', { asOf: '2026-01-06' }, undefined, NOON_UTC);
    expect(reg.asOf).toBe('2026-01-06');
  });
});
