import { html, queryString, type Html } from '../html';
import type { PageMoment } from './shapes';

export const momentQuery = (m: PageMoment, extra: Record<string, string | number> = {}) =>
  queryString({
    asOf: m.asOf,
    atPosition: m.atPosition,
    afterSession: m.afterSession,
    published: m.published,
    ...extra,
  });

/** The moment in words, for a heading. */
export function momentText(m: PageMoment, position: number): string {
  const when =
    m.published !== undefined
      ? `as published (version ${m.published}, ledger position ${position})`
      : m.asOf !== undefined
        ? `as published on ${m.asOf} (ledger position ${position})`
        : m.atPosition !== undefined
          ? `as of ledger position ${position}`
          : `now (ledger position ${position})`;
  return m.afterSession !== undefined ? `after session ${m.afterSession}, ${when}` : when;
}

/** The plain GET form that picks the moment (works without JavaScript). */
export function chooser(
  m: PageMoment,
  publications: number,
  sessions: number,
  withAfterSession = true,
): Html {
  return html`<form class="chooser" method="get" aria-label="choose the moment">
    <label
      >as published on (instant with zone)
      <input name="asOf" value="${m.asOf ?? ''}" placeholder="2026-03-01T00:00:00+13:00" size="28"
    /></label>
    <label
      >or at ledger position
      <input name="atPosition" value="${m.atPosition ?? ''}" inputmode="numeric" size="8"
    /></label>
    <label
      >or published version
      <select name="published">
        <option value="">—</option>
        ${Array.from(
          { length: publications },
          (_, i) =>
            html`<option value="${i + 1}" ${m.published === i + 1 ? html` selected` : ''}>
              ${i + 1}
            </option>`,
        )}
      </select></label
    >
    ${
      withAfterSession
        ? html`<label
            >interim after session
            <select name="afterSession">
              <option value="">— (latest)</option>
              ${Array.from(
                { length: sessions },
                (_, i) =>
                  html`<option value="${i + 1}" ${m.afterSession === i + 1 ? html` selected` : ''}>
                    ${i + 1}
                  </option>`,
              )}
            </select></label
          >`
        : ''
    }
    <button type="submit">Show</button> <a href="?">now</a>
  </form>`;
}
