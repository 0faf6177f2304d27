import type { MeetingsReadState } from './state';
import { clubOf } from './queries';

/** One change of a section: the meeting, the motion, the vote that carried it. */
export interface SectionChange {
  meetingId: string;
  date: string;
  motionId: string;
  text: string;
  vote: { for: number; against: number; abstentions: number };
  rule: string;
  because: string;
}

/** The constitution's sections as amended on a day, each with its history. */
export interface ConstitutionView {
  clubId: string;
  asOf: string;
  /** The constitution recorded as adopted (ConstitutionRecorded) the text starts from, if any. */
  recordedFrom?: string;
  /**
   * Each section on the day: as recorded, or as a meeting changed it (`since`, `history`); a
   * section no record holds appears once a meeting changes it.
   */
  sections: Array<{ section: string; text: string; since: string; history: SectionChange[] }>;
  /** Motions to change it that were put and not carried, for the record. */
  notCarried: Array<SectionChange & { section: string }>;
}

/**
 * PIN-C19, C25: the constitution as the club's meetings amended it up to a day: each change a
 * motion of kind `constitution` carried (two thirds of those present and voting) at a quorate
 * meeting, newest last in each section's history.
 */
export function constitutionOf(
  s: MeetingsReadState,
  clubId: string,
  asOf: string,
): ConstitutionView {
  const c = clubOf(s, clubId);
  const bySection = new Map<string, SectionChange[]>();
  const notCarried: ConstitutionView['notCarried'] = [];
  for (const id of c.state.order) {
    const meeting = c.state.meetings[id]!;
    const date = meeting.called.date;
    if (date > asOf) continue;
    const rules = c.on.rulesOn(date);
    const rulebook = c.on.rulebookOn(date);
    if (!rules || !meeting.attendance || !rules.quorum(meeting, c.view, rulebook).quorate) continue;
    for (const m of Object.values(meeting.motions)) {
      if (m.lodged.kind !== 'constitution' || !m.vote) continue;
      const r = rules.voteResult(meeting, m.vote, rulebook);
      const change: SectionChange = {
        meetingId: id,
        date,
        motionId: m.lodged.motionId,
        text: m.lodged.newText!,
        vote: { for: m.vote.for, against: m.vote.against, abstentions: m.vote.abstentions },
        rule: r.rule,
        because: r.because,
      };
      if (!r.passed) notCarried.push({ ...change, section: m.lodged.section! });
      else bySection.set(m.lodged.section!, [...(bySection.get(m.lodged.section!) ?? []), change]);
    }
  }
  const recorded = c.state.constitution.filter((r) => r.from <= asOf).pop();
  const base = new Map((recorded?.sections ?? []).map((x) => [x.section, x.text]));
  const numbers = new Set([...base.keys(), ...bySection.keys()]);
  const sections = [...numbers]
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((section) => {
      const history = bySection.get(section) ?? [];
      const last = history[history.length - 1];
      return {
        section,
        text: last ? last.text : base.get(section)!,
        since: last ? last.date : recorded!.from,
        history,
      };
    });
  return {
    clubId,
    asOf,
    ...(recorded ? { recordedFrom: recorded.from } : {}),
    sections,
    notCarried,
  };
}
