/**
 * How telemetry leaves the page: JSON over fetch with a timeout (failures swallowed, spec section
 * 8), and the performance sender: `navigator.sendBeacon` where available, else XHR as plain text.
 */
import { PERFORMANCE_MESSAGES } from '@storefront/core/tracking';
import { CRUMB_HEADER } from '@storefront/core/wire';
import { CRUMB_COOKIE, readCookie } from '../cookies.ts';

export interface TransportEnv {
  fetch?: typeof fetch | undefined;
  navigator?: Navigator | undefined;
  XMLHttpRequest?: typeof XMLHttpRequest | undefined;
  cookies: () => string;
  warn: (message: string) => void;
}

/** POSTs JSON; resolves to the response, or undefined on failure or timeout (never rejects). */
export async function postJson(
  env: TransportEnv,
  url: string,
  body: unknown,
  options: { timeoutMs?: number; crumb?: boolean; keepalive?: boolean } = {},
): Promise<Response | undefined> {
  const f = env.fetch;
  if (!f) return undefined;
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  const timer =
    options.timeoutMs && controller ? setTimeout(() => controller.abort(), options.timeoutMs) : undefined;
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.crumb) headers[CRUMB_HEADER] = readCookie(CRUMB_COOKIE, env.cookies()) ?? '';
    return await f(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
      keepalive: options.keepalive ?? true,
      ...(controller ? { signal: controller.signal } : {}),
    });
  } catch {
    return undefined;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** Spec section 7: by beacon if available, else XHR as plain text. */
export function sendPlainText(env: TransportEnv, url: string, text: string): void {
  const nav = env.navigator;
  if (nav && typeof nav.sendBeacon === 'function') {
    try {
      if (nav.sendBeacon(url, text)) return;
    } catch {
      // Fall through to XHR.
    }
  }
  const Xhr = env.XMLHttpRequest;
  if (!Xhr) return;
  try {
    const xhr = new Xhr();
    xhr.open('POST', url, true);
    xhr.setRequestHeader('content-type', 'text/plain;charset=UTF-8');
    xhr.onreadystatechange = () => {
      if (xhr.readyState === 4 && (xhr.status < 200 || xhr.status >= 300))
        env.warn(`${PERFORMANCE_MESSAGES.xhrStatus}: ${xhr.status}`);
    };
    xhr.send(text);
  } catch {
    // Reporting must never break the page.
  }
}
