/**
 * The English of the system templates comes from core's message catalogue; a site translates it
 * through `localizedStrings` (by the entry's key, e.g. `blogReadMoreText`), like the demo
 * template's strings. Resolved at render time, so each language's page gets its own strings.
 */
import { MESSAGES, type MessageCode } from '@storefront/core';
import { escapeHtml } from '../../http/html.ts';

type SystemMessageCode = Extract<MessageCode, `system.${string}`>;

/** JSON-T writing the site's string for `code` when it has one, else the catalogue's English. */
export function localizedText(code: SystemMessageCode): string {
  const { text, localizedKey } = MESSAGES[code];
  const english = escapeHtml(text);
  if (!localizedKey) return english;
  const path = `localizedStrings.${localizedKey}`;
  return `{.if ${path}}{${path}|htmlattr}{.or}${english}{.end}`;
}
