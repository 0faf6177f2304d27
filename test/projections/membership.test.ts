import { fold, projections } from '../../src/contexts/projections';
import {
  applicationsView,
  membership,
  personHistory,
  registerView,
  visitorsView,
  type MembershipReadState,
  type MembershipSources,
} from '../../src/contexts/membership/projection';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { MemoryProjectionStateStore } from '../../src/ledger/projection-state-store';
import { collect } from '../support/events';
import { existing, pinnerYear } from './membership-pinner-year';
import { fact } from '../domain/membership/support';

async function sources(): Promise<MembershipSources> {
  const ledger = await pinnerYear();
  const state = fold(membership, await collect(ledger.store.readAll()));
  return { clubId: 'pinner', state };
}

describe('the membership read model (a small Pinner year through the gate)', () => {
  let s: MembershipSources;
  beforeAll(async () => {
    s = await sources();
  });

  const entry = (asOf: string, person: string) =>
    registerView(s, asOf).entries.find((e) => e.person === person);

  it('keeps the facts of members-pinner only, with the club rulebook facts', () => {
    expect(Object.keys(s.state.clubs)).toEqual(['pinner']);
    expect(s.state.rulebooks.pinner).toHaveLength(1);
    expect(s.state.clubs.pinner!.facts.every((f) => typeof f.type === 'string')).toBe(true);
  });

  it('PIN-C6: fay elected on the seventh day after display (2018-03-08) is a Restricted member from that day', () => {
    expect(entry('2018-03-07', 'fay')).toMatchObject({ standing: 'applicant' });
    expect(entry('2018-03-08', 'fay')).toMatchObject({
      standing: 'member',
      class: 'restricted',
      classFrom: '2018-03-08',
      votes: true,
      subscription: 'due',
      electedOn: '2018-03-08',
    });
  });

  it('PIN-R8: Restricted for the first year, Full from 2019-03-08 (derived, not kept)', () => {
    expect(entry('2019-03-07', 'fay')).toMatchObject({ class: 'restricted' });
    expect(entry('2019-03-08', 'fay')).toMatchObject({
      class: 'full',
      classFrom: '2019-03-08',
      classes: [
        { class: 'restricted', from: '2018-03-08' },
        { class: 'full', from: '2019-03-08' },
      ],
    });
  });

  it('PIN-R8: Honorary waives the subscription; Temporary has no vote', () => {
    expect(entry('2018-04-01', 'hal')).toMatchObject({
      class: 'honorary',
      subscription: 'waived',
      votes: true,
    });
    expect(entry('2018-04-01', 'tim')).toMatchObject({
      class: 'temporary',
      subscription: 'due',
      votes: false,
    });
    expect(entry('2018-03-31', 'hal')).toBeUndefined();
  });

  it('PIN-R9: ian, rejected, stays on the register barred for ever', () => {
    expect(entry('2018-03-08', 'ian')).toMatchObject({ standing: 'rejected', barredForEver: true });
  });

  it('PIN-C7: the pending applications: gus, his display restarted by the replaced seconder, with the objection', () => {
    const v = applicationsView(s, '2018-03-05');
    expect(v.applications.map((a) => a.person)).toEqual(['fay', 'gus', 'ian']);
    const gus = v.applications.find((a) => a.person === 'gus')!;
    expect(gus).toMatchObject({
      name: 'Candidate gus',
      appliedOn: '2018-03-01',
      classApplied: 'full',
      displayedOn: '2018-03-01',
      considerFrom: '2018-03-11',
      proposer: 'ann',
      seconder: 'dan',
      signedBy: 'cat',
      objections: [
        { by: 'cat', on: '2018-03-05', grounds: 'Slow play at the Thursday duplicate.' },
      ],
    });
    expect(gus.because[0]!.rule).toBe('PIN-C7');
    // Before the amendment, the proposer and seconder then, and the 7 days from the display.
    const before = applicationsView(s, '2018-03-02').applications.find((a) => a.person === 'gus')!;
    expect(before).toMatchObject({ seconder: 'bob', considerFrom: '2018-03-08' });
    expect(applicationsView(s, '2018-03-08').applications.map((a) => a.person)).toEqual(['gus']);
  });

  it("one person's history: every fact and the derived class change, dated", () => {
    const h = personHistory(s, 'fay', '2019-12-31');
    expect(h.history.map((l) => [l.on, l.kind, l.type])).toEqual([
      ['2018-03-01', 'fact', 'MembershipApplied'],
      ['2018-03-01', 'fact', 'ApplicationProposed'],
      ['2018-03-01', 'fact', 'ApplicationSigned'],
      ['2018-03-01', 'fact', 'ApplicationDisplayed'],
      ['2018-03-08', 'fact', 'ApplicationConsidered'],
      ['2018-03-08', 'fact', 'MemberElected'],
      ['2018-03-08', 'class', 'restricted'],
      ['2019-03-08', 'class', 'full'],
    ]);
    expect(h.entry).toMatchObject({ class: 'full' });
    expect(personHistory(s, 'fay', '2018-03-05').history).toHaveLength(4);
    expect(() => personHistory(s, 'nobody', '2018-12-31')).toThrow(
      expect.objectContaining({ code: 'MEMBERSHIP_NOT_FOUND', field: 'personId' }),
    );
  });

  it('PIN-R10: the 1st to 6th visits of the calendar year are ok, the 7th may be refused', () => {
    const v = visitorsView(s, 2018, '2026-01-01');
    expect(v).toMatchObject({ year: '2018', kind: 'calendar', rule: 'PIN-R10', limit: 6 });
    const vic = v.rows.find((r) => r.person === 'vic')!;
    expect(vic.name).toBe('Vic Visitor');
    expect(vic.sessions).toBe(7);
    expect(vic.visits.map((x) => x.verdict)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'may-be-refused',
    ]);
    expect(vic.visits.every((x) => x.source.kind === 'SessionPlayedAtClub')).toBe(true);
    expect(vic.verdict).toBe('may-be-refused');
  });

  it('PIN-R10: the year boundary: 2019-01-01 starts the count again', () => {
    const vic = visitorsView(s, 2019, '2026-01-01').rows.find((r) => r.person === 'vic')!;
    expect(vic).toMatchObject({ sessions: 1, verdict: 'ok' });
    // Without a year: the year of the last session played (2019).
    expect(visitorsView(s, undefined, '2026-01-01').year).toBe('2019');
  });

  it('PIN-R12: eve (under 16, supervised) is exempt from PIN-R10 after six sessions', () => {
    const eve = visitorsView(s, 2018, '2026-01-01').rows.find((r) => r.person === 'eve')!;
    expect(eve.sessions).toBe(7);
    expect(eve.visits[6]!.verdict).toBe('ok');
    expect(eve.visits[6]!.because.map((b) => b.rule)).toContain('PIN-R12');
  });

  it('is saved by the runner club by club and loaded back as a replay folds it', async () => {
    const ledger = await pinnerYear();
    const saved = new MemoryProjectionStateStore();
    const first = new ProjectionRunner(ledger.store, saved, projections);
    first.start();
    await first.caughtUp();
    first.save();
    first.stop();
    const second = new ProjectionRunner(ledger.store, saved, projections);
    second.start();
    await second.caughtUp();
    const loaded = second.state<MembershipReadState>('membership')!.state;
    second.stop();
    const replayed = fold(membership, await collect(ledger.store.readAll()));
    expect(JSON.parse(JSON.stringify(loaded))).toEqual(JSON.parse(JSON.stringify(replayed)));
    expect(registerView({ clubId: 'pinner', state: loaded }, '2019-06-01')).toEqual(
      registerView({ clubId: 'pinner', state: replayed }, '2019-06-01'),
    );
  });
});

describe('the register shows the endings and the other classes (PIN-C13..C18)', () => {
  let s: MembershipSources;
  beforeAll(async () => {
    const ledger = await pinnerYear();
    await ledger.append(
      existing('sue', '2017-01-10', { birthDate: '2000-06-01' }),
      fact('StudentMembershipOffered', { person: 'sue', on: '2018-05-01' }),
      fact('NonPlayingMembershipAccepted', {
        person: 'nat',
        name: 'Nat Nonplaying',
        on: '2018-05-01',
      }),
      fact('MemberResigned', { person: 'bob', on: '2018-09-01' }),
      fact('MembershipTerminated', { person: 'fay', on: '2018-10-01' }),
      fact('MemberExpelled', {
        person: 'dan',
        on: '2018-11-01',
        reason: 'Abusive to the director.',
      }),
    );
    s = { clubId: 'pinner', state: fold(membership, await collect(ledger.store.readAll())) };
  });
  const entry = (asOf: string, person: string) =>
    registerView(s, asOf).entries.find((e) => e.person === person);

  it('PIN-C13/PIN-R8: a Student member (16–25) from the day offered; a Non-playing member', () => {
    expect(entry('2018-04-30', 'sue')).toMatchObject({ class: 'full' });
    expect(entry('2018-05-01', 'sue')).toMatchObject({ class: 'student', classFrom: '2018-05-01' });
    expect(entry('2018-05-01', 'nat')).toMatchObject({ class: 'non-playing', standing: 'member' });
  });

  it('PIN-C16: bob resigned on 2018-09-01 is a member the day before, resigned from that day, not barred', () => {
    expect(entry('2018-08-31', 'bob')).toMatchObject({ standing: 'member' });
    expect(entry('2018-09-01', 'bob')).toMatchObject({
      standing: 'resigned',
      endedOn: '2018-09-01',
      barredForEver: false,
      votes: false,
      subscription: 'none',
    });
  });

  it('PIN-C17/C18: fay terminated in her first year and dan expelled (the reason told) are barred for ever (PIN-R9)', () => {
    expect(entry('2018-10-01', 'fay')).toMatchObject({
      standing: 'terminated',
      barredForEver: true,
    });
    const dan = entry('2018-11-01', 'dan')!;
    expect(dan).toMatchObject({ standing: 'expelled', barredForEver: true });
    expect(dan.because.map((b) => b.text).join(' ')).toContain('Abusive to the director.');
    const h = personHistory(s, 'dan', '2018-12-31');
    expect(h.history[h.history.length - 1]).toMatchObject({
      on: '2018-11-01',
      type: 'MemberExpelled',
    });
  });
});
