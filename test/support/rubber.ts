import { v7 } from 'uuid';
import { GatedLedger } from './gated-ledger';
import type { Proposed } from './nz-club';
import { collect } from './events';
import { fold } from '../../src/kernel/projection';
import {
  rubberProjection,
  rubberSessionOf,
  type RubberSessionView,
} from '../../src/contexts/rubber/projection';
import type { Json } from '../../src/rulebooks/rulebook';

/**
 * A rubber-bridge evening at Pinner BC (`club-pinner`, pinner-2018 from 2018-01-01) on
 * 5 March 2019: session `eve1` on `rubber-eve1`, its duty member `duty`; each fact at a time of
 * the evening (`19:05`).
 */
export const SESSION = 'eve1';
export const RUBBER = `rubber-${SESSION}`;
export const at = (hm: string) => `2019-03-05T${hm}:00+00:00`;

export function rfact(type: string, data: Record<string, unknown>, hm: string): Proposed {
  return {
    streamId: RUBBER,
    id: v7(),
    type,
    occurredAt: at(hm),
    data: { sessionId: SESSION, at: at(hm), ...data },
    metadata: {},
  };
}

const clubFact = (type: string, data: Record<string, unknown>): Proposed => ({
  streamId: 'club-pinner',
  id: v7(),
  type,
  occurredAt: '2018-01-01T12:00:00+00:00',
  data: { clubId: 'pinner', ...data },
  metadata: {},
});

/** The club and its rulebook, as the secretary appends them. */
export const rubberClubFacts = (
  preset = 'pinner-2018',
  overrides: Record<string, unknown> = {},
) => [
  clubFact('ClubRegistered', { name: 'Pinner BC', timeZone: 'Europe/London' }),
  clubFact('RulebookAdopted', { preset, overrides, effectiveFrom: '2018-01-01' }),
];

export async function rubberClub(
  preset = 'pinner-2018',
  overrides: Record<string, unknown> = {},
): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(...rubberClubFacts(preset, overrides));
  return ledger;
}

export const opened = (kind: 'cut-in' | 'partnership' = 'cut-in', hm = '19:00') =>
  rfact(
    'RubberSessionOpened',
    { clubId: 'pinner', day: '2019-03-05', kind, dutyMember: 'duty' },
    hm,
  );
export const arrives = (unit: string, hm: string, players = [unit]) =>
  rfact('RubberUnitArrived', { unit, players }, hm);
/** Cards drawn: `{ a: 'AS', b: '2C' }`. */
export const cut = (cards: Record<string, string>) =>
  Object.entries(cards).map(([unit, card]) => ({ unit, card }));
export const madeUp = (
  table: string,
  units: string[],
  hm: string,
  more: Record<string, unknown> = {},
) => rfact('RubberTableMadeUp', { table, units, ...more }, hm);
export const hand = (table: string, hm: string) => rfact('RubberHandCompleted', { table }, hm);
export const rubber = (table: string, hm: string, more: Record<string, unknown> = {}) =>
  rfact('RubberCompleted', { table, ...more }, hm);
export const tableUp = (
  table: string,
  leaving: string[],
  hm: string,
  cards?: Record<string, string>,
) => rfact('RubberTableUpCalled', { table, leaving, ...(cards ? { cut: cut(cards) } : {}) }, hm);
export const gameCall = (table: string, forTable: string, hm: string) =>
  rfact('GameCalled', { table, for: forTable }, hm);
export const further = (table: string, agreedBy: string[], hm: string) =>
  rfact('FurtherRubberAgreed', { table, agreedBy }, hm);
export const waits = (table: string, hm: string) => rfact('RubberTableWaiting', { table }, hm);
export const exchanged = (
  moves: Array<{ table: string; units: string[]; cut?: Array<{ unit: string; card: string }> }>,
  hm: string,
) => rfact('RubberTablesExchanged', { moves }, hm);
export const retires = (unit: string, hm: string) => rfact('RubberUnitRetired', { unit }, hm);
export const goesHome = (unit: string, hm: string) => rfact('RubberUnitLeft', { unit }, hm);

/** A cut-in evening at Pinner with `players` arrived by 19:10 (each a minute apart). */
export async function cutInEvening(players: string[]): Promise<GatedLedger> {
  const ledger = await rubberClub();
  await ledger.append(
    opened('cut-in'),
    ...players.map((p, i) => arrives(p, `19:${String(i + 1).padStart(2, '0')}`)),
  );
  return ledger;
}

/** The evening as the rubber read model shows it (at a time of it, or after every fact). */
export async function sessionView(
  ledger: GatedLedger,
  options: { at?: string; whatIf?: Record<string, Json> } = {},
): Promise<RubberSessionView> {
  const state = fold(rubberProjection, await collect(ledger.store.readAll()));
  return rubberSessionOf(state, SESSION, options);
}

/** Who sits at a table, with their tenure: `{ a: 1, b: 0 }`. */
export const seatsAt = (view: RubberSessionView, table: string) =>
  Object.fromEntries(
    view.tables.find((t) => t.table === table)!.seats.map((s) => [s.unit, s.tenure]),
  );

/**
 * A short cut-in evening (the club's facts first): five arrive and cut at 19:10 (bob, 3C,
 * qualifies), table 1 plays two hands and completes its rubber at 19:40; eve retires at 19:45.
 */
export const eveningStory = (): Proposed[] => [
  ...rubberClubFacts(),
  opened(),
  ...['ann', 'bob', 'cat', 'dan', 'eve'].map((p, i) => arrives(p, `19:0${i + 1}`)),
  madeUp('1', ['ann', 'cat', 'dan', 'eve'], '19:10', {
    cut: cut({ ann: 'AS', bob: '3C', cat: 'KH', dan: '10D', eve: '4C' }),
  }),
  hand('1', '19:20'),
  hand('1', '19:30'),
  rubber('1', '19:40'),
  tableUp('1', ['eve'], '19:41', { ann: 'AS', cat: 'KH', dan: '10D', eve: '4C' }),
  retires('eve', '19:45'),
];
