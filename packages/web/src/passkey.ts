/**
 * The passkey buttons of the sign-in and account pages (issue 14; the server's
 * accounts/passkeys.ts `passkeyButton` writes them and loads this entry, which no other page
 * loads). Each `[data-passkey]` button (`register` or `sign-in`) asks `data-api` + `/options` for
 * a challenge, lets the browser answer it, posts the answer to `data-api`, then goes to
 * `data-next`; a refusal shows in the element the button `aria-controls`. Buttons stay hidden
 * where the browser has no WebAuthn: the pages' forms are the way in.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { writeHeaders } from './cookies.ts';

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...writeHeaders(document.cookie) },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { message?: unknown };
  if (!res.ok) throw new Error(typeof json.message === 'string' ? json.message : res.statusText);
  return json;
}

function wire(button: HTMLButtonElement): void {
  const status = document.getElementById(button.getAttribute('aria-controls') ?? '');
  const remember = document.querySelector<HTMLInputElement>('input[name=rememberMe]');
  button.hidden = false;
  button.addEventListener('click', () => {
    const api = button.dataset.api ?? '';
    const registering = button.dataset.passkey === 'register';
    if (status) status.textContent = '';
    void (async () => {
      try {
        // The server's options are @simplewebauthn/server's, which the browser library reads as is.
        const options = await post(`${api}/options`, {});
        const response = registering
          ? await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })
          : await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
        await post(api, !registering && remember?.checked ? { response, rememberMe: true } : { response });
        location.assign(button.dataset.next || location.href);
      } catch (error) {
        if (status) status.textContent = error instanceof Error ? error.message : String(error);
      }
    })();
  });
}

if (browserSupportsWebAuthn()) {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-passkey]')) wire(button);
}
