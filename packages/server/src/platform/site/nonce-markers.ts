/**
 * Content-Security-Policy nonces in rendered pages. A page is rendered without knowing the response
 * it goes out in, so it carries these markers; http/security-headers.ts swaps them for the
 * response's own nonces as the answer is sent. The markers are random per process and never leave
 * it (every answer has them swapped), so neither content nor a visitor's input can spell one.
 */
import { randomBytes } from 'node:crypto';

const marker = (kind: string) => `sf-${kind}-nonce-${randomBytes(16).toString('hex')}`;

export const SCRIPT_NONCE_MARKER = marker('script');
export const STYLE_NONCE_MARKER = marker('style');

const TAG_OPEN = /<(script|style)(?=[\s>/])/gi;

/**
 * Gives every `<script>` and `<style>` tag written in a template's own source the response's nonce:
 * the site's template is trusted like the platform's code. Applied to template source text at load,
 * never to rendered output, so a tag that arrives through content or a URL gets no nonce.
 */
export function stampTemplateNonces(templateSource: string): string {
  return templateSource.replace(
    TAG_OPEN,
    (_tag, name: string) =>
      `<${name} nonce="${name.toLowerCase() === 'script' ? SCRIPT_NONCE_MARKER : STYLE_NONCE_MARKER}"`,
  );
}

/** `text` with the markers replaced by this response's nonces. */
export function fillNonces(text: string, nonces: { script: string; style: string }): string {
  if (!text.includes('-nonce-')) return text;
  return text.split(SCRIPT_NONCE_MARKER).join(nonces.script).split(STYLE_NONCE_MARKER).join(nonces.style);
}

export type NonceKind = 'script' | 'style';

const ANY_MARKER = new RegExp(`${SCRIPT_NONCE_MARKER}|${STYLE_NONCE_MARKER}`, 'g');

/**
 * `text` cut at its markers, for a page kept and sent many times (render/page-cache.ts): the text
 * between markers, and which nonce goes in each gap (one fewer than the pieces).
 */
export function splitAtNonceMarkers(text: string): { pieces: string[]; gaps: NonceKind[] } {
  const pieces: string[] = [];
  const gaps: NonceKind[] = [];
  let from = 0;
  for (const match of text.matchAll(ANY_MARKER)) {
    pieces.push(text.slice(from, match.index));
    gaps.push(match[0] === SCRIPT_NONCE_MARKER ? 'script' : 'style');
    from = match.index + match[0].length;
  }
  pieces.push(text.slice(from));
  return { pieces, gaps };
}
