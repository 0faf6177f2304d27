/**
 * Pinner BC's example year (April 2018 – September 2019) in
 * examples/uk-pinner-bc-2018.ndjson: the membership stream `members-pinner` under the preset
 * `pinner-2018`, every fact one the membership decider accepts, every name made up. The file
 * name sorts after the NZ and DSB examples, so `npm start` loads it after them and their ledger
 * positions do not move. docs/rules-pinner.md "The example year" tells each story;
 * test/examples/pinner-example.test.ts checks it.
 *
 * Self-contained (generate.ts runs its writes on import, so nothing is imported from it): the
 * ids are name-based as there, the same namespace, the stream and the line's index in the name.
 */
import { v5 } from 'uuid';
import { writeLines, type ExampleLine } from './lines';
import { pinnerMeetings } from './pinner-meetings';
import { pinnerRubberEvening } from './pinner-rubber';
import { pinnerChristmasPairs } from './pinner-christmas';

const NAMESPACE = '6f1c9a52-3a0e-4b7e-9a59-1c1f6b0b7e11';
const CLUB = 'pinner';
const MEMBERS = `members-${CLUB}`;

interface Fact {
  streamId: string;
  type: string;
  date: string;
  time: string;
  data: Record<string, unknown>;
}

/** Europe/London: British Summer Time from the last Sunday of March to that of October. */
function londonOffset(date: string): string {
  const year = Number(date.slice(0, 4));
  const lastSunday = (month: number) => {
    const d = new Date(Date.UTC(year, month, 0));
    d.setUTCDate(d.getUTCDate() - d.getUTCDay());
    return d.toISOString().slice(0, 10);
  };
  return date >= lastSunday(3) && date < lastSunday(10) ? '+01:00' : '+00:00';
}

class Year {
  readonly facts: Fact[] = [];

  add(type: string, date: string, time: string, data: Record<string, unknown>, streamId = MEMBERS) {
    this.facts.push({
      streamId,
      type,
      date,
      time,
      data: streamId === MEMBERS ? { clubId: CLUB, ...data } : data,
    });
  }

  /** A complete application: made, proposed, signed for the standard of play, displayed. */
  application(
    applicationId: string,
    person: string,
    name: string,
    on: string,
    by: { proposer: string; seconder: string; signedBy: string; displayedOn?: string },
    extra: Record<string, unknown> = {},
  ) {
    this.add('MembershipApplied', on, '12:00', {
      applicationId,
      person,
      name,
      classApplied: 'full',
      appliedOn: on,
      ...extra,
    });
    this.add('ApplicationProposed', on, '12:05', {
      applicationId,
      proposer: by.proposer,
      seconder: by.seconder,
      on,
    });
    this.add('ApplicationSigned', on, '12:10', { applicationId, by: by.signedBy, on });
    const shown = by.displayedOn ?? on;
    this.add('ApplicationDisplayed', shown, '12:15', { applicationId, on: shown });
  }

  /** The committee meets on Mondays at 18:00: considers, then elects or rejects. */
  decided(applicationId: string, on: string, outcome: 'MemberElected' | 'ApplicationRejected') {
    this.add('ApplicationConsidered', on, '18:00', { applicationId, on });
    this.add(outcome, on, '18:30', { applicationId, on });
  }

  played(
    person: string,
    date: string,
    event: { id: string; special: boolean },
    extra: Record<string, unknown> = {},
  ) {
    const time = new Date(`${date}T00:00:00Z`).getUTCDay() === 6 ? '14:00' : '19:30';
    this.add('SessionPlayedAtClub', date, time, { person, date, event, ...extra });
  }

  /** The facts in time order (stable: a day's facts as the stories add them), as lines. */
  lines(): ExampleLine[] {
    const sorted = this.facts
      .map((f, i) => ({ f, i }))
      .sort((a, b) => {
        const x = `${a.f.date}T${a.f.time}`;
        const y = `${b.f.date}T${b.f.time}`;
        return x < y ? -1 : x > y ? 1 : a.i - b.i;
      })
      .map(({ f }) => f);
    return sorted.map((f, index) => ({
      streamId: f.streamId,
      id: v5(`${f.streamId}/${index}/${f.type}`, NAMESPACE),
      type: f.type,
      occurredAt: `${f.date}T${f.time}:00${londonOffset(f.date)}`,
      data: f.data,
      metadata: { clubId: CLUB, actor: 'examples/pinner.ts' },
    }));
  }
}

/** A club session's event: a normal pairs evening (or afternoon) unless named special. */
const pairs = (date: string) => ({ id: `pinner-pairs-${date}`, special: false });
const CHRISTMAS = { id: 'pinner-christmas-pairs-2018', special: true };

const weekly = (first: string, n: number, step = 7) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${first}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + step * i);
    return d.toISOString().slice(0, 10);
  });

/** The year's facts, story by story (each story's dates are in docs/rules-pinner.md). */
export function pinnerYear(): Year {
  const y = new Year();
  y.add(
    'ClubRegistered',
    '2018-04-01',
    '10:00',
    { clubId: CLUB, name: 'Pinner Bridge Club (example)', timeZone: 'Europe/London' },
    `club-${CLUB}`,
  );
  y.add(
    'RulebookAdopted',
    '2018-04-01',
    '10:05',
    { clubId: CLUB, preset: 'pinner-2018', overrides: {}, effectiveFrom: '2018-04-01' },
    `club-${CLUB}`,
  );

  // The members on the club's list when the ledger begins (all Full, their first year long
  // over); Alice is on the committee and signs the forms (PIN-R7).
  const existing: Array<[string, string, string, string?]> = [
    ['pin-alice', 'Alice Ashworth', '2009-09-14', '1951-03-02'],
    ['pin-bernard', 'Bernard Blyth', '2011-01-10'],
    ['pin-celia', 'Celia Corran', '2012-06-04'],
    ['pin-desmond', 'Desmond Dunmore', '2014-02-03'],
    ['pin-edith', 'Edith Elsworth', '2015-10-05'],
    ['pin-frank', 'Frank Fairlie', '2016-03-07', '1948-07-19'],
    ['pin-gwen', 'Gwen Gorringe', '2013-11-04'],
  ];
  for (const [person, name, electedOn, birthDate] of existing)
    y.add('ExistingMemberRecorded', '2018-04-01', '10:10', {
      person,
      name,
      ...(birthDate ? { birthDate } : {}),
      electedOn,
      class: 'full',
    });

  // Ivy (PIN-C6/C7): displayed 10 April (considered from the 17th); Bernard withdraws as
  // seconder on the 13th; Desmond seconds on the 16th, which restarts the seven days: elected
  // on 23 April, the seventh day after the amendment exactly.
  y.application(
    'pin-2018-a1',
    'pin-ivy',
    'Ivy Ingleby',
    '2018-04-09',
    {
      proposer: 'pin-celia',
      seconder: 'pin-bernard',
      signedBy: 'pin-alice',
      displayedOn: '2018-04-10',
    },
    { birthDate: '1968-11-23' },
  );
  y.add('SupportWithdrawn', '2018-04-13', '11:00', {
    applicationId: 'pin-2018-a1',
    role: 'seconder',
    on: '2018-04-13',
  });
  y.add('SupportReplaced', '2018-04-16', '11:00', {
    applicationId: 'pin-2018-a1',
    role: 'seconder',
    by: 'pin-desmond',
    on: '2018-04-16',
  });
  y.decided('pin-2018-a1', '2018-04-23', 'MemberElected');

  // Jack (PIN-R8): elected 14 May 2018, Restricted for a year (the committee keeps him out of
  // the club championship in it), Full from 14 May 2019.
  y.application(
    'pin-2018-a2',
    'pin-jack',
    'Jack Jessop',
    '2018-04-30',
    { proposer: 'pin-alice', seconder: 'pin-edith', signedBy: 'pin-celia' },
    { birthDate: '1959-08-30' },
  );
  y.decided('pin-2018-a2', '2018-05-14', 'MemberElected');
  y.add('MemberEventsRestricted', '2018-06-04', '18:45', {
    person: 'pin-jack',
    on: '2018-06-04',
    events: ['pinner-club-championship-2018'],
  });

  // Kenneth (PIN-C8, C9, R9): two evenings as a visitor in May, applies on 4 June, Gwen objects
  // in writing on the 6th, the committee rejects him on the 11th without a reason. His
  // application of 4 March 2019 is refused by PIN-R9 (the test shows it: not in this file).
  for (const date of ['2018-05-07', '2018-05-21']) y.played('pin-kenneth', date, pairs(date));
  y.application(
    'pin-2018-a3',
    'pin-kenneth',
    'Kenneth Kettering',
    '2018-06-04',
    { proposer: 'pin-edith', seconder: 'pin-frank', signedBy: 'pin-alice' },
    { birthDate: '1975-02-11' },
  );
  y.add('ObjectionLodged', '2018-06-06', '10:00', {
    applicationId: 'pin-2018-a3',
    by: 'pin-gwen',
    on: '2018-06-06',
    grounds:
      'On 7 and 21 May, as a visitor, he disputed the director’s rulings at the table and left before the last round, leaving his opponents a sit-out.',
  });
  y.decided('pin-2018-a3', '2018-06-11', 'ApplicationRejected');

  // Patricia (PIN-R8, C14): invited to Honorary membership on 2 July 2018, for life, no
  // subscription; not elected, so never Restricted.
  y.add('HonoraryMembershipInvited', '2018-07-02', '18:30', {
    person: 'pin-patricia',
    on: '2018-07-02',
    name: 'Patricia Pemberton',
    birthDate: '1940-01-15',
  });

  // Lucy (PIN-C3, R8 Student): applies for Student membership at 15, elected on her 16th
  // birthday, 17 September 2018; Restricted for the year, Student from 17 September 2019.
  y.application(
    'pin-2018-a4',
    'pin-lucy',
    'Lucy Lindqvist',
    '2018-09-03',
    { proposer: 'pin-desmond', seconder: 'pin-edith', signedBy: 'pin-alice' },
    { birthDate: '2002-09-17', classApplied: 'student' },
  );
  y.decided('pin-2018-a4', '2018-09-17', 'MemberElected');

  // Quentin (PIN-R8 Temporary, C16, R10): four Thursdays as a visitor in September, a
  // Temporary member from 1 October (no vote), resigns on 29 March 2019 and comes back once
  // as a visitor on 1 August 2019: his sessions as a member count for nothing.
  for (const date of weekly('2018-09-06', 4)) y.played('pin-quentin', date, pairs(date));
  y.add('TemporaryMembershipAccepted', '2018-10-01', '18:30', {
    person: 'pin-quentin',
    on: '2018-10-01',
    name: 'Quentin Quarrie',
    birthDate: '1980-06-12',
  });
  for (const date of weekly('2018-10-04', 2)) y.played('pin-quentin', date, pairs(date));
  y.add('MemberResigned', '2019-03-29', '10:00', { person: 'pin-quentin', on: '2019-03-29' });
  y.played('pin-quentin', '2019-08-01', pairs('2019-08-01'));

  // Rachel (PIN-R10): a visitor on seven Mondays from 16 April 2018: the 6th (21 May) ok, the
  // 7th (28 May) may be refused; at the Christmas Pairs (the 8th) too; 7 January 2019 is her
  // first session of a new calendar year: ok.
  for (const date of weekly('2018-04-16', 7)) y.played('pin-rachel', date, pairs(date));
  y.played('pin-rachel', '2018-12-17', CHRISTMAS);
  y.played('pin-rachel', '2019-01-07', pairs('2019-01-07'));

  // Simon (PIN-R10): six Wednesdays as a visitor from 5 September; applies on 15 October,
  // before his 7th (17 October), which is therefore not refused; elected 5 November.
  for (const date of weekly('2018-09-05', 6)) y.played('pin-simon', date, pairs(date));
  y.application(
    'pin-2018-a5',
    'pin-simon',
    'Simon Stanhope',
    '2018-10-15',
    { proposer: 'pin-bernard', seconder: 'pin-celia', signedBy: 'pin-alice' },
    { birthDate: '1983-04-04' },
  );
  for (const date of weekly('2018-10-17', 2)) y.played('pin-simon', date, pairs(date));
  y.decided('pin-2018-a5', '2018-11-05', 'MemberElected');
  y.played('pin-simon', '2018-12-17', CHRISTMAS);

  // Oliver (PIN-R12): born 20 May 2005, plays the Saturday afternoons with his grandfather
  // Frank, a member, supervising: nine sessions in 2018, none refused (R10 not for under-16s).
  for (const date of weekly('2018-04-21', 8, 28)) {
    y.played('pin-frank', date, pairs(date));
    y.played('pin-oliver', date, pairs(date), {
      supervisedBy: 'pin-frank',
      name: 'Oliver Fairlie',
      birthDate: '2005-05-20',
    });
  }
  y.played('pin-frank', '2018-12-17', CHRISTMAS);
  y.played('pin-oliver', '2018-12-17', CHRISTMAS, {
    supervisedBy: 'pin-frank',
    name: 'Oliver Fairlie',
    birthDate: '2005-05-20',
  });

  // The Christmas Pairs (PIN-R13, a special event with enhanced prize money): the members'
  // sessions besides those above.
  for (const person of ['pin-alice', 'pin-celia', 'pin-ivy', 'pin-jack'])
    y.played(person, '2018-12-17', CHRISTMAS);

  return y;
}

/**
 * Writes the example year to `file` (examples/generate.ts calls it), then the club's general
 * meetings of 2019 (examples/pinner-meetings.ts): they count the register the year builds; its
 * rubber evening, and its Christmas Pairs as a competition (examples/pinner-christmas.ts).
 */
export function writePinnerYear(file: string): void {
  writeLines(file, [
    ...pinnerYear().lines(),
    ...pinnerMeetings(),
    ...pinnerRubberEvening(),
    ...pinnerChristmasPairs(),
  ]);
}
