import type { Because, MemberClass, TableMoney, VisitorPerson } from '../model';
import type { PersonRecord } from '../register-fold';
import { tableMoneyOn } from '../visitors';
import type { MembershipSettings } from './settings';

/** A line of a person's history as the notes below read and extend it. */
export interface SessionLine {
  on: string;
  type: string;
  data: Record<string, unknown>;
  because?: Because[];
  tableMoney?: TableMoney;
}

/**
 * What the rules say of each session a person played (a SessionPlayedAtClub) or seat taken (a
 * competition's), each under the rulebook in force that day: what it cost (PIN-R12, PIN-R8
 * table money) and, for a session the rules flag, why (PIN-R8: an event the committee had
 * restricted the member from, recorded because the club lets the duty member decide).
 */
export function noteSessions(
  lines: SessionLine[],
  person: { visitor: VisitorPerson; record?: PersonRecord },
  classes: readonly { from: string; class: MemberClass }[],
  settingsOn: (day: string) => MembershipSettings,
): void {
  for (const h of lines) {
    if (h.type !== 'SessionPlayedAtClub' && h.type !== 'Seated') continue;
    const settings = settingsOn(h.on);
    const classOn = classes.filter((c) => c.from <= h.on).pop()?.class;
    const money = tableMoneyOn(person.visitor, h.on, classOn, settings.visitors);
    const event =
      h.type === 'Seated'
        ? (h.data.competitionId as string)
        : (h.data.event as { id: string } | undefined)?.id;
    const flagged =
      event === undefined
        ? undefined
        : settings.rules.playVerdict?.(person.record, event, h.on, settings.membership);
    const notes = [...(flagged ? [flagged] : []), ...(money?.because ?? [])];
    if (money) h.tableMoney = money;
    if (notes.length) h.because = [...(h.because ?? []), ...notes];
  }
}
