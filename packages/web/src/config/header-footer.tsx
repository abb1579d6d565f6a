/**
 * The site's header and footer: the announcement bar, the footer's text and social links (the
 * header's links are the navigation's: navigation.tsx). Saving replaces them on every page at once. A field the server
 * refuses is marked and its problem shown beside it.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  SOCIAL_SERVICES,
  type SavedSiteHeaderFooter,
  type SiteHeaderFooter,
  type SocialService,
} from '@storefront/core/wire';
import { ConfigError, getJson, putJson } from './api.ts';
import { Outcome } from './parts.tsx';

const API = '/api/site-header-footer';

type HeaderFooter = SiteHeaderFooter;
type SocialLink = HeaderFooter['footer']['socialLinks'][number];
type Saved = SavedSiteHeaderFooter;

/** The field a refusal names (`Invalid body: header.announcementText: ...`) and its problem. */
function fieldProblem(message: string): { field: string; problem: string } | undefined {
  const match = /^Invalid body: ([\w.]+): (.*)$/.exec(message);
  return match ? { field: match[1] as string, problem: match[2] as string } : undefined;
}

export function HeaderFooterScreen({ canEdit }: { canEdit: boolean }) {
  const [value, setValue] = useState<HeaderFooter>();
  const [saved, setSaved] = useState<Saved>();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [problem, setProblem] = useState<{ field: string; problem: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getJson<Saved>(API).then(
      (answer) => {
        setSaved(answer);
        setValue({ header: answer.header, footer: answer.footer });
      },
      (e: unknown) =>
        setError(e instanceof ConfigError ? e.message : 'The header and footer could not be loaded.'),
    );
  }, []);

  if (!value)
    return (
      <>
        <h1>Header and footer</h1>
        <Outcome done="" error={error} />
      </>
    );

  const header = (change: Partial<HeaderFooter['header']>) =>
    setValue({ ...value, header: { ...value.header, ...change } });
  const footer = (change: Partial<HeaderFooter['footer']>) =>
    setValue({ ...value, footer: { ...value.footer, ...change } });
  const setSocial = (i: number, change: Partial<SocialLink>) =>
    footer({ socialLinks: value.footer.socialLinks.map((l, n) => (n === i ? { ...l, ...change } : l)) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    setError('');
    setProblem(undefined);
    try {
      const answer = await putJson<Saved>(API, value);
      setSaved(answer);
      setValue({ header: answer.header, footer: answer.footer });
      setMessage('Saved: every page shows the new header and footer.');
    } catch (e) {
      const text = e instanceof ConfigError ? e.message : 'The header and footer could not be saved.';
      setProblem(fieldProblem(text));
      setError(text);
    } finally {
      setBusy(false);
    }
  };

  /** Props of the input for `field`: its id, and its problem when the server named it. */
  const input = (field: string) => ({
    id: `hf-${field}`,
    disabled: !canEdit,
    'aria-invalid': problem?.field === field ? true : undefined,
    'aria-describedby': problem?.field === field ? `hf-${field}-problem` : undefined,
  });
  const fieldError = (field: string): ReactNode =>
    problem?.field === field ? (
      <span id={`hf-${field}-problem`} className="cfg-error">
        {problem.problem}
      </span>
    ) : null;

  return (
    <>
      <h1>Header and footer</h1>
      {saved?.updated ? (
        <p className="cfg-muted">
          Last saved {new Date(saved.updated).toLocaleString()}
          {saved.updatedBy ? ` by ${saved.updatedBy}` : ''}.
        </p>
      ) : (
        <p className="cfg-muted">Never saved: the pages show the template&rsquo;s own header and footer.</p>
      )}
      {!canEdit && <p>You can read these settings; changing them needs the editor or admin role.</p>}
      <Outcome done={message} error={error} />
      <form onSubmit={(e) => void onSubmit(e)} aria-label="Header and footer">
        <fieldset className="cfg-panel">
          <legend>Header</legend>
          <p>
            <label htmlFor="hf-header.announcementText">Announcement bar text</label>
            <input
              {...input('header.announcementText')}
              value={value.header.announcementText}
              maxLength={200}
              size={60}
              onChange={(e) => header({ announcementText: e.target.value })}
            />
            {fieldError('header.announcementText')}
          </p>
          <p>
            <label htmlFor="hf-header.announcementUrl">Announcement link (optional)</label>
            <input
              {...input('header.announcementUrl')}
              value={value.header.announcementUrl}
              size={60}
              placeholder="/shop or https://…"
              onChange={(e) => header({ announcementUrl: e.target.value })}
            />
            {fieldError('header.announcementUrl')}
          </p>
          <p className="cfg-muted">
            The header&rsquo;s links are the site&rsquo;s main navigation: add, order and switch them off
            under <a href="/config/navigation">Navigation</a>.
          </p>
        </fieldset>
        <fieldset className="cfg-panel">
          <legend>Footer</legend>
          <p>
            <label htmlFor="hf-footer.text">Footer text</label>
            <textarea
              {...input('footer.text')}
              value={value.footer.text}
              rows={3}
              cols={60}
              maxLength={1000}
              onChange={(e) => footer({ text: e.target.value })}
            />
            {fieldError('footer.text')}
          </p>
          <h2>Social links</h2>
          {value.footer.socialLinks.map((link, i) => (
            <div className="cfg-inline-form" key={i} role="group" aria-label={`Social link ${i + 1}`}>
              <label htmlFor={`hf-footer.socialLinks.${i}.service`}>Service</label>
              <select
                {...input(`footer.socialLinks.${i}.service`)}
                value={link.service}
                onChange={(e) => setSocial(i, { service: e.target.value as SocialService })}
              >
                {SOCIAL_SERVICES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
              <label htmlFor={`hf-footer.socialLinks.${i}.url`}>Address</label>
              <input
                {...input(`footer.socialLinks.${i}.url`)}
                value={link.url}
                onChange={(e) => setSocial(i, { url: e.target.value })}
              />
              {fieldError(`footer.socialLinks.${i}.url`)}
              {canEdit && (
                <button
                  type="button"
                  className="cfg-button-secondary"
                  onClick={() => footer({ socialLinks: value.footer.socialLinks.filter((_, n) => n !== i) })}
                >
                  Remove social link {i + 1}
                </button>
              )}
            </div>
          ))}
          {canEdit && value.footer.socialLinks.length < 10 && (
            <p>
              <button
                type="button"
                className="cfg-button-secondary"
                onClick={() =>
                  footer({ socialLinks: [...value.footer.socialLinks, { service: 'instagram', url: '' }] })
                }
              >
                Add a social link
              </button>
            </p>
          )}
        </fieldset>
        {canEdit && (
          <p>
            <button type="submit" disabled={busy}>
              Save header and footer
            </button>
          </p>
        )}
      </form>
    </>
  );
}
