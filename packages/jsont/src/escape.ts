/**
 * HTML escaping shared by the engine's formatters and the platform helpers in core (which import it
 * as `@storefront/jsont/escape`, so the browser bundle takes this module alone). One pass, and no
 * copy at all when nothing needs escaping: helper markup escapes large JSON attributes per render.
 */

const NEEDS_ESCAPE = /[&<>]/;
const NEEDS_ESCAPE_Q = /[&<>"]/;

/** Escapes `&`, `<`, `>` (and `"` when `quotes`). */
export function escapeHtml(s: string, quotes: boolean): string {
  if (!(quotes ? NEEDS_ESCAPE_Q : NEEDS_ESCAPE).test(s)) return s;
  // Only quotes (JSON in an attribute, mostly): the engine's own replace is faster than the loop.
  if (quotes && !NEEDS_ESCAPE.test(s)) return s.replaceAll('"', '&quot;');
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | null = null;
    if (c === 38) rep = '&amp;';
    else if (c === 60) rep = '&lt;';
    else if (c === 62) rep = '&gt;';
    else if (c === 34 && quotes) rep = '&quot;';
    if (rep !== null) {
      out += s.substring(last, i) + rep;
      last = i + 1;
    }
  }
  return last === 0 ? s : out + s.substring(last);
}
