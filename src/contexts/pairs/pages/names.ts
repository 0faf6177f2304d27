import { html, type Html } from '../../../app/pages/html';

/** Pairs (or players) by the names a person reads ("Anke Voorbeeld & Bram Voorbeeld"), by id. */
export type PairNames = Readonly<Record<string, string>>;

export const nameOf = (names: PairNames, id: string): string | undefined =>
  Object.hasOwn(names, id) ? names[id] : undefined;

/** A name for a title or a crumb: the name with its id, or the id alone. */
export const plainName = (names: PairNames, id: string): string => {
  const name = nameOf(names, id);
  return name !== undefined ? `${name} (${id})` : id;
};

/**
 * A pair or player as a person reads it: the name, the id small beside it (and in a tooltip);
 * one the ledger names no one for is its id, said so.
 */
export function named(names: PairNames, id: string, href?: string, kind = 'pair'): Html {
  const name = nameOf(names, id);
  const label = name ?? id;
  return html`${href !== undefined ? html`<a href="${href}" title="${kind} ${id}">${label}</a>` : label}
    <small class="note">${name !== undefined ? id : '(no names recorded)'}</small>`;
}

/** The same as a row's heading cell. */
export const namedCell = (names: PairNames, id: string, href?: string, kind = 'pair'): Html =>
  html`<th scope="row">${named(names, id, href, kind)}</th>`;
