/** Where passkey calls live, and the button that starts one (sign-in pages and the account page show it). */
import type { AccountKind } from '@storefront/core';
import { escapeHtml as h } from '../../platform/http/html.ts';
import { SCRIPT_NONCE_MARKER } from '../../platform/site/nonce-markers.ts';

/** Where each kind's passkey calls live. */
export const PASSKEY_API: Readonly<Record<AccountKind, { register: string; signIn: string }>> = {
  customer: {
    register: '/api/site-users/account/passkeys',
    signIn: '/api/site-users/account/passkey-session',
  },
  staff: { register: '/api/config/passkeys', signIn: '/api/config/passkey-session' },
};

/**
 * A passkey button and the place for its refusal, with the script that wires it: `script`, the web
 * bundle's passkey entry (WebAssets.passkeyScript; none while the bundle is not built). Hidden until
 * the script finds WebAuthn in the browser: without scripts, the page's forms are the way in. The
 * script tag carries the answer's nonce (filled in as it is sent: these pages are never kept).
 */
export function passkeyButton(
  mode: 'register' | 'sign-in',
  api: string,
  next: string,
  label: string,
  script: string | null | undefined,
): string {
  return (
    `<p><button type="button" class="sf-checkout__submit" data-passkey="${mode}" data-api="${h(api)}"` +
    ` data-next="${h(next)}" aria-controls="sf-passkey-status" hidden>${h(label)}</button></p>` +
    `<p id="sf-passkey-status" role="alert"></p>` +
    (script
      ? `<script type="module" nonce="${SCRIPT_NONCE_MARKER}" src="/_storefront/${h(script)}"></script>`
      : '')
  );
}
