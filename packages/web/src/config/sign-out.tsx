/**
 * Signing out of the back office, from every screen: this device, or everywhere (every session of
 * this staff member: a lost laptop, a shared phone), which asks first because it also ends the
 * sessions of the member's other devices. Either way the browser lands on the sign-in page.
 */
import { useState } from 'react';
import { ConfigError, deleteJson } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const SIGN_IN = '/config/login';

export function SignOut() {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  const signOut = async (path: string) => {
    setBusy(true);
    setError('');
    try {
      await deleteJson(path);
      location.assign(SIGN_IN);
    } catch (e) {
      setError(e instanceof ConfigError ? e.message : 'Signing out did not work. Please try again.');
      setBusy(false);
    }
  };
  return (
    <div className="cfg-sign-out">
      <button
        type="button"
        className="cfg-button-secondary"
        disabled={busy}
        onClick={() => void signOut('/api/config/session')}
      >
        Sign out
      </button>
      <button type="button" className="cfg-button-secondary" disabled={busy} onClick={() => setAsking(true)}>
        Sign out everywhere
      </button>
      {error && (
        <p role="alert" className="cfg-error">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        confirmText="Sign out everywhere"
        keepText="Stay signed in"
        busy={busy}
        onKeep={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void signOut('/api/config/sessions');
        }}
      >
        <p>
          Every device where you are signed in to the back office is signed out, this one too. Use it when a
          device is lost or was shared.
        </p>
      </ConfirmDialog>
    </div>
  );
}
