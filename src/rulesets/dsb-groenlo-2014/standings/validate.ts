import type { DsbParams } from '../preset';
import { DsbInputError } from './errors';
import type {
  CompetitionInput,
  GroupInput,
  PairInput,
  SessionEntry,
  SubstituteCase,
} from './types';

const SUBSTITUTE_CASES: readonly SubstituteCase[] = [
  'sameGroup',
  'strongerGroup',
  'weakerGroup',
  'outside',
];
const MAX_HUNDREDTHS = 10000;
const HUNDREDTHS = 'an integer number of hundredths';

/** `field` may be a function: the name is built only for the error (this runs per entry). */
export function requireInt(
  value: unknown,
  field: string | (() => string),
  rule: string,
  min: number,
  max: number,
  what = 'an integer',
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new DsbInputError(
      typeof field === 'string' ? field : field(),
      rule,
      `must be ${what} in ${min}..${max}, got ${String(value)}`,
    );
  }
  return value;
}

/** DSB-7.1: a percentage in hundredths, 0 .. 10000. */
export function requirePercentage(
  value: unknown,
  field: string | (() => string),
  rule = 'DSB-7',
): number {
  return requireInt(value, field, rule, 0, MAX_HUNDREDTHS, HUNDREDTHS);
}

/** DSB-5: the group must be one of the rulebook's groups. */
export function groupIndex(params: DsbParams, group: unknown, field: string): number {
  const i = typeof group === 'string' ? params.groups.indexOf(group) : -1;
  if (i < 0) {
    throw new DsbInputError(
      field,
      'DSB-5',
      `is an unknown group ${JSON.stringify(group)}; the groups are ${params.groups.join(', ')}`,
    );
  }
  return i;
}

export function pairField(group: string, pairId: string): string {
  return `groups[${group}].pairs[${pairId}]`;
}

export function entryField(group: string, pairId: string, session: number): string {
  return `${pairField(group, pairId)}.entries[session ${session}]`;
}

/** DSB-3: two members or three, all different. `field` may be given as a function, named on failure. */
export function validateMembers(
  params: DsbParams,
  members: unknown,
  fieldOf: string | (() => string),
): string[] {
  const { minMembers, maxMembers } = params.pairs;
  const field = () => (typeof fieldOf === 'string' ? fieldOf : fieldOf());
  if (!Array.isArray(members) || members.length < minMembers || members.length > maxMembers) {
    throw new DsbInputError(
      `${field()}.members`,
      'DSB-3',
      `must have ${minMembers} (a pair) to ${maxMembers} (a partnership) members, got ${
        Array.isArray(members) ? members.length : String(members)
      }`,
    );
  }
  for (const m of members) {
    if (typeof m !== 'string' || m === '')
      throw new DsbInputError(`${field()}.members`, 'DSB-3', 'must be non-empty names');
  }
  if (!distinct(members)) {
    throw new DsbInputError(`${field()}.members`, 'DSB-3', `names a member twice: ${members}`);
  }
  return members as string[];
}

/** No value twice (the two or three names of a pair). */
function distinct(values: unknown[]): boolean {
  for (let i = 1; i < values.length; i++) {
    for (let j = 0; j < i; j++) if (values[i] === values[j]) return false;
  }
  return true;
}

/** Whether every player is one of the members. */
function allMembers(players: unknown[], members: string[]): boolean {
  for (const p of players) if (!members.includes(p as string)) return false;
  return true;
}

const fieldAt = (group: string, pair: PairInput, e: SessionEntry, suffix: string) =>
  `${entryField(group, pair.pairId, e.session)}.${suffix}`;

const isIntIn = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** `requireInt` on a field of an entry, naming the field only when the check fails. */
function entryInt(
  value: unknown,
  group: string,
  pair: PairInput,
  e: SessionEntry,
  field: 'session' | 'percentage' | 'boards' | 'sitOutRounds',
  rule: string,
  min: number,
  max: number,
  what: string,
): void {
  if (!isIntIn(value, min, max))
    requireInt(value, fieldAt(group, pair, e, field), rule, min, max, what);
}

/** DSB-4/7/9/10/22.5: one session entry of a pair; a field is named only when it fails. */
function validateEntry(
  params: DsbParams,
  group: string,
  pair: PairInput,
  e: SessionEntry,
  sessions: number,
  boardsPerSession: number,
  rounds: number,
): void {
  entryInt(e.session, group, pair, e, 'session', 'DSB-4', 1, sessions, 'a session number');
  if (e.kind === 'absent') {
    if (e.notice !== undefined) {
      if (typeof e.notice.validReason !== 'boolean') {
        throw new DsbInputError(
          fieldAt(group, pair, e, 'notice.validReason'),
          'DSB-9.2',
          'must be true or false',
        );
      }
      if (e.notice.at !== undefined && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(e.notice.at)) {
        throw new DsbInputError(
          fieldAt(group, pair, e, 'notice.at'),
          'DSB-9.1',
          `must be club-local YYYY-MM-DDTHH:MM, got ${JSON.stringify(e.notice.at)}`,
        );
      }
    }
    return;
  }
  if (e.kind !== 'played') {
    throw new DsbInputError(
      fieldAt(group, pair, e, 'kind'),
      'DSB-7',
      `must be 'played' or 'absent', got ${JSON.stringify((e as { kind: unknown }).kind)}`,
    );
  }
  entryInt(e.percentage, group, pair, e, 'percentage', 'DSB-7', 0, MAX_HUNDREDTHS, HUNDREDTHS);
  entryInt(e.boards, group, pair, e, 'boards', 'DSB-7', 1, boardsPerSession, 'a number of boards');
  if (e.sitOutRounds !== undefined)
    entryInt(
      e.sitOutRounds,
      group,
      pair,
      e,
      'sitOutRounds',
      'DSB-22.5',
      0,
      rounds,
      'a number of rounds',
    );
  if (e.substitute !== undefined && !SUBSTITUTE_CASES.includes(e.substitute.case)) {
    throw new DsbInputError(
      fieldAt(group, pair, e, 'substitute.case'),
      'DSB-10.2',
      `must be one of ${SUBSTITUTE_CASES.join(', ')}, got ${JSON.stringify(e.substitute.case)}`,
    );
  }
  const partnership = pair.members.length > params.pairs.minMembers;
  const needed = e.substitute ? 1 : 2;
  if (e.players === undefined) {
    if (partnership || e.substitute) {
      throw new DsbInputError(
        fieldAt(group, pair, e, 'players'),
        e.substitute ? 'DSB-10.1' : 'DSB-3',
        e.substitute
          ? 'must name the one member who played with the substitute'
          : 'must name the two members of the partnership who played',
      );
    }
    return;
  }
  if (
    !Array.isArray(e.players) ||
    e.players.length !== needed ||
    !distinct(e.players) ||
    !allMembers(e.players, pair.members)
  ) {
    throw new DsbInputError(
      fieldAt(group, pair, e, 'players'),
      e.substitute ? 'DSB-10.1' : 'DSB-3',
      `must be ${needed} different member(s) of ${pair.members.join(', ')}, got ${JSON.stringify(
        e.players,
      )}`,
    );
  }
}

/** Checks a pair's members, entries and dispensations (all sessions it has entries for). */
export function validatePair(params: DsbParams, group: string, pair: PairInput): void {
  if (typeof pair.pairId !== 'string' || pair.pairId === '') {
    throw new DsbInputError(`groups[${group}].pairs[].pairId`, 'DSB-3', 'must be a non-empty id');
  }
  // The field is named only for a pair that fails a check: the checks of every pair build nothing.
  validateMembers(params, pair.members, () => pairField(group, pair.pairId));
  const { sessions, rounds, boardsPerRound } = params.pairsCompetition;
  const entries = pair.entries;
  if (!Array.isArray(entries)) {
    throw new DsbInputError(
      `${pairField(group, pair.pairId)}.entries`,
      'DSB-4',
      'must be a list of session entries',
    );
  }
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    validateEntry(params, group, pair, e, sessions, rounds * boardsPerRound, rounds);
    // DSB-4: one entry per session.
    for (let j = 0; j < i; j++) {
      if (entries[j].session === e.session) {
        throw new DsbInputError(
          entryField(group, pair.pairId, e.session),
          'DSB-4',
          'is given twice: one entry per session',
        );
      }
    }
  }
  const dispensations = pair.dispensations ?? [];
  for (let i = 0; i < dispensations.length; i++) {
    const d = dispensations[i];
    const df = `${pairField(group, pair.pairId)}.dispensations[${i}]`;
    if (d.rule === 'DSB-9.4(2)') {
      if (!pair.members.includes(d.player)) {
        throw new DsbInputError(
          `${df}.player`,
          'DSB-9.4(2)',
          `must be a member of the pair (${pair.members.join(', ')}), got ${JSON.stringify(d.player)}`,
        );
      }
    } else if (d.rule !== 'DSB-9.4(1)') {
      throw new DsbInputError(
        `${df}.rule`,
        'DSB-9.4',
        `must be 'DSB-9.4(1)' or 'DSB-9.4(2)', got ${JSON.stringify((d as { rule: unknown }).rule)}`,
      );
    }
  }
}

/** Every pair must have an entry for every session up to `afterSession`. */
export function requireEntriesUpTo(group: string, pair: PairInput, afterSession: number): void {
  // The ledger's inputs list sessions 1, 2, … in order: then entry i is session i + 1.
  const entries = pair.entries;
  let inOrder = entries.length >= afterSession;
  for (let i = 0; i < afterSession && inOrder; i++) inOrder = entries[i].session === i + 1;
  if (inOrder) return;
  for (let s = 1; s <= afterSession; s++) {
    if (!entries.some((e) => e.session === s)) {
      throw new DsbInputError(
        entryField(group, pair.pairId, s),
        'DSB-7',
        `is missing: every pair needs an entry (played or absent) for each session up to ${afterSession}`,
      );
    }
  }
}

export function validateGroup(params: DsbParams, g: GroupInput, field: string): void {
  groupIndex(params, g.group, `${field}.group`);
  if (!Array.isArray(g.pairs)) {
    throw new DsbInputError(`groups[${g.group}].pairs`, 'DSB-5', 'must be a list of pairs');
  }
  for (const [s, scores] of Object.entries(g.eveningScores ?? {})) {
    const session = Number(s);
    requireInt(
      session,
      `groups[${g.group}].eveningScores[${s}]`,
      'DSB-4',
      1,
      params.pairsCompetition.sessions,
      'a session number',
    );
    scores.forEach((v, i) =>
      requirePercentage(v, `groups[${g.group}].eveningScores[${s}][${i}]`, 'DSB-9.5'),
    );
  }
  for (const p of g.pairs) validatePair(params, g.group, p);
}

/** DSB-4/5: known, distinct groups; pair ids unique across the competition. */
export function validateCompetition(params: DsbParams, c: CompetitionInput): void {
  if (!Array.isArray(c.groups)) {
    throw new DsbInputError('groups', 'DSB-5', 'must be a list of groups');
  }
  const groups = new Set<string>();
  const pairs = new Set<string>();
  c.groups.forEach((g, i) => {
    validateGroup(params, g, `groups[${i}]`);
    if (groups.has(g.group)) {
      throw new DsbInputError(`groups[${i}].group`, 'DSB-5', `${g.group} is given twice`);
    }
    groups.add(g.group);
    for (const p of g.pairs) {
      if (pairs.has(p.pairId)) {
        throw new DsbInputError(pairField(g.group, p.pairId), 'DSB-5', 'plays in two groups');
      }
      pairs.add(p.pairId);
    }
  });
  if (c.sessionDates !== undefined) {
    if (c.sessionDates.length > params.pairsCompetition.sessions) {
      throw new DsbInputError(
        'sessionDates',
        'DSB-4',
        `has ${c.sessionDates.length} dates for ${params.pairsCompetition.sessions} sessions`,
      );
    }
    c.sessionDates.forEach((d, i) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) {
        throw new DsbInputError(`sessionDates[${i}]`, 'DSB-9.1', `must be YYYY-MM-DD, got ${d}`);
      }
    });
  }
}
