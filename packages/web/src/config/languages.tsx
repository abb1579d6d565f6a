/**
 * The site's languages: which are enabled and which is the default, and each one's status (where
 * its pages live, whether its strings are translated). With two or more, every page names its
 * versions in the others (`hreflang`).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type {
  LanguageSettingsAnswer as Settings,
  LanguageStatusAnswer as Status,
} from '@storefront/core/wire';
import { ConfigError, getJson, putJson } from './api.ts';
import { Outcome } from './parts.tsx';

const API = '/api/multilingual';

const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';

export function LanguagesScreen({ canEdit }: { canEdit: boolean }) {
  const [settings, setSettings] = useState<Settings>();
  const [status, setStatus] = useState<Status>();
  const [enabled, setEnabled] = useState<string[]>([]);
  const [defaultLanguage, setDefaultLanguage] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const show = (answer: Settings) => {
    setSettings(answer);
    setEnabled(answer.languages.map((l) => l.tag));
    setDefaultLanguage(answer.defaultLanguage);
  };
  const loadStatus = () =>
    getJson<Status>(`${API}/status`).then(setStatus, (e: unknown) => setError(problemOf(e)));
  useEffect(() => {
    getJson<Settings>(`${API}/settings`).then(show, (e: unknown) => setError(problemOf(e)));
    void loadStatus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    setError('');
    try {
      const answer = await putJson<Settings>(`${API}/languages`, {
        languages: enabled.map((tag) => ({ tag, ...(tag === defaultLanguage ? { isDefault: true } : {}) })),
      });
      show(answer);
      await loadStatus();
      setMessage(
        answer.languages.length > 1
          ? `Saved: ${answer.languages.length} languages, every page names its versions in the others.`
          : 'Saved: the site has one language.',
      );
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (tag: string, on: boolean) =>
    setEnabled(on ? [...enabled, tag] : enabled.filter((t) => t !== tag));

  return (
    <>
      <h1>Languages</h1>
      {!canEdit && <p>You can read these settings; changing them needs the editor or admin role.</p>}
      <Outcome done={message} error={error} />
      {status && (
        <table className="cfg-table">
          <caption>{status.multilingual ? 'The site’s languages' : 'The site has one language.'}</caption>
          <thead>
            <tr>
              <th scope="col">Language</th>
              <th scope="col">Pages at</th>
              <th scope="col">Strings</th>
              <th scope="col">Content</th>
            </tr>
          </thead>
          <tbody>
            {status.languages.map((l) => (
              <tr key={l.tag}>
                <th scope="row">
                  {l.name} <span className="cfg-muted">{l.tag}</span>
                  {l.isDefault && <strong> (default)</strong>}
                </th>
                <td data-label="Pages at">
                  <code>{l.path}</code>
                </td>
                <td data-label="Strings">
                  {l.localizedStrings === 'translated' ? 'Translated' : 'English (no translation yet)'}
                </td>
                <td data-label="Content">
                  {l.content === 'original' ? 'Original' : 'Shown in the original language'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {settings && (
        <form onSubmit={(e) => void onSubmit(e)} aria-label="Languages">
          <fieldset className="cfg-panel">
            <legend>Enabled languages</legend>
            {settings.availableLanguages.map((l) => (
              <p key={l.tag} className="cfg-inline-form">
                <label>
                  <input
                    type="checkbox"
                    disabled={!canEdit || l.tag === defaultLanguage}
                    checked={enabled.includes(l.tag)}
                    onChange={(e) => toggle(l.tag, e.target.checked)}
                  />{' '}
                  {l.name} <span className="cfg-muted">{l.tag}</span>
                </label>
              </p>
            ))}
          </fieldset>
          <p>
            <label htmlFor="language-default">Default language</label>
            <select
              id="language-default"
              disabled={!canEdit}
              value={defaultLanguage}
              onChange={(e) => setDefaultLanguage(e.target.value)}
            >
              {settings.availableLanguages
                .filter((l) => enabled.includes(l.tag))
                .map((l) => (
                  <option key={l.tag} value={l.tag}>
                    {l.name}
                  </option>
                ))}
            </select>
          </p>
          {canEdit && (
            <p>
              <button type="submit" disabled={busy}>
                Save languages
              </button>
            </p>
          )}
        </form>
      )}
    </>
  );
}
