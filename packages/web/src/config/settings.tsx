/**
 * The site settings (issue 31): title, logo and favicon from the media library, language, time zone,
 * store currency and store settings, captcha, comments, sharing, social accounts, SEO defaults,
 * cookie consent and the popup. A save shows on the site at once. The form is saved with the version
 * it was loaded at: when someone saved since, the server answers 409 and the form keeps what was
 * typed. A currency change of a store with products or orders is confirmed first (prices are not
 * converted). Only an administrator saves; every other staff member reads the form, disabled.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type {
  MediaPage,
  RecordChanged,
  SettingsRevisions,
  ShareService,
  SiteSettingsInput,
  SiteSettingsRecord,
  SocialAccount,
} from '@storefront/core/wire';
import { message } from '@storefront/core/messages';
import { ConfigError, getJson, postJson, putJson } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { MEDIA_ACCEPT } from './media-upload.ts';
import { Outcome } from './parts.tsx';
import { UploadField } from './products-images.tsx';

const API = '/api/config/settings';

const SHARE_NAMES: Record<ShareService, string> = {
  facebook: 'Facebook',
  twitter: 'X',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  tumblr: 'Tumblr',
  email: 'Email',
};

const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';

/** The field a refusal names (`settings.timeZone` in its message, or its `field`). */
function fieldOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.field === 'string') return body.field;
  const text = typeof body.message === 'string' ? body.message : '';
  return /\bsettings\.(\w+)/.exec(text)?.[1];
}

const fieldId = (name: string) => `settings-${name}`;

function Field({
  name,
  label,
  problems,
  hint,
  children,
}: {
  name: string;
  label: string;
  problems: Record<string, string>;
  hint?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
}) {
  const id = fieldId(name);
  const problem = problems[name];
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <p className="cfg-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="cfg-muted">
          {' '}
          {hint}
        </span>
      )}
      {children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(problem ? { 'aria-invalid': true } : {}),
      })}
      {problem && (
        <span id={`${id}-error`} className="cfg-error cfg-field-error">
          {problem}
        </span>
      )}
    </p>
  );
}

/** An image of the media library (or none), with a preview; a new one can be uploaded here. */
function ImagePicker({
  name,
  label,
  value,
  images,
  disabled,
  problems,
  onChange,
  onUploaded,
}: {
  name: string;
  label: string;
  value: string | null;
  images: { url: string; fileName: string }[];
  disabled: boolean;
  problems: Record<string, string>;
  onChange: (url: string | null) => void;
  onUploaded: (asset: { url: string; fileName: string }) => void;
}) {
  const uploadId = useId();
  const listed = value && !images.some((i) => i.url === value) ? [{ url: value, fileName: value }] : [];
  return (
    <div className="cfg-panel">
      <Field name={name} label={label} problems={problems} hint="From the media library.">
        {(props) => (
          <select
            {...props}
            disabled={disabled}
            value={value ?? ''}
            onChange={(e) => onChange(e.target.value || null)}
          >
            <option value="">None</option>
            {[...listed, ...images].map((image) => (
              <option key={image.url} value={image.url}>
                {image.fileName}
              </option>
            ))}
          </select>
        )}
      </Field>
      {value && (
        <img className="cfg-settings-preview" src={`${value}?format=100w`} alt={`${label} preview`} />
      )}
      {!disabled && (
        <UploadField
          id={uploadId}
          label={`Upload a new ${label.toLowerCase()}`}
          accept={MEDIA_ACCEPT}
          multiple={false}
          disabled={disabled}
          onUploaded={(asset) => {
            onUploaded(asset);
            onChange(asset.url);
          }}
        />
      )}
    </div>
  );
}

export function SettingsScreen({ canEdit }: { canEdit: boolean }) {
  const [record, setRecord] = useState<SiteSettingsRecord>();
  const [form, setForm] = useState<SiteSettingsInput>();
  const [images, setImages] = useState<{ url: string; fileName: string }[]>([]);
  const [revisions, setRevisions] = useState<SettingsRevisions['revisions']>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState<RecordChanged>();
  const [confirming, setConfirming] = useState(false);
  /** A restore that would change the currency, waiting for its confirmation (the server's words). */
  const [restoring, setRestoring] = useState<{ id: string; why: string }>();
  const [busy, setBusy] = useState(false);
  const disabled = !canEdit || busy;

  const show = (loaded: SiteSettingsRecord) => {
    setRecord(loaded);
    setForm(loaded.settings);
  };
  const loadRevisions = () =>
    getJson<SettingsRevisions>(`${API}/revisions`).then(
      (answer) => setRevisions(answer.revisions),
      (e: unknown) => setError(problemOf(e)),
    );
  useEffect(() => {
    getJson<SiteSettingsRecord>(API).then(show, (e: unknown) => setError(problemOf(e)));
    getJson<MediaPage>('/api/config/media?limit=100').then(
      (page) =>
        setImages(
          page.assets
            .filter((a) => a.contentType.startsWith('image/'))
            .map(({ url, fileName }) => ({ url, fileName })),
        ),
      () => setImages([]),
    );
    void loadRevisions();
  }, []);

  if (!record || !form)
    return (
      <>
        <h1>Site settings</h1>
        <Outcome done="" error={error} />
        {!error && <p>Loading…</p>}
      </>
    );

  const set = <K extends keyof SiteSettingsInput>(key: K, value: SiteSettingsInput[K]) =>
    setForm({ ...form, [key]: value });
  const currencyChanged = form.currency !== record.settings.currency;

  const save = async (version: number, confirmCurrencyChange: boolean) => {
    setBusy(true);
    setDone('');
    setError('');
    setProblems({});
    try {
      const saved = await putJson<SiteSettingsRecord>(API, {
        version,
        settings: form,
        ...(confirmCurrencyChange ? { confirmCurrencyChange: true } : {}),
      });
      show(saved);
      setConflict(undefined);
      setDone(`Saved. Version ${saved.version}: the site shows it now.`);
      void loadRevisions();
    } catch (e) {
      const body = e instanceof ConfigError ? e.body : {};
      if (e instanceof ConfigError && e.status === 409 && body.code === 'record-changed')
        setConflict(body as unknown as RecordChanged);
      const field = e instanceof ConfigError && e.status === 400 ? fieldOf(body) : undefined;
      if (field) setProblems({ [field]: problemOf(e) });
      setError(field ? `Not saved: ${problemOf(e)}` : problemOf(e));
      if (field) document.getElementById(fieldId(field))?.focus();
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit) return;
    if (currencyChanged && record.storeInUse) setConfirming(true);
    else void save(record.version, false);
  };

  const restore = (revisionId: string, confirmCurrencyChange: boolean) => {
    setBusy(true);
    setDone('');
    setError('');
    postJson<SiteSettingsRecord>(`${API}/revisions/${encodeURIComponent(revisionId)}/restore`, {
      version: record.version,
      ...(confirmCurrencyChange ? { confirmCurrencyChange: true } : {}),
    }).then(
      (restored) => {
        show(restored);
        setDone(`Restored. Version ${restored.version}: the site shows it now.`);
        void loadRevisions();
        setBusy(false);
      },
      (e: unknown) => {
        if (e instanceof ConfigError && e.body.code === 'currency-change-unconfirmed')
          setRestoring({ id: revisionId, why: e.message });
        else setError(problemOf(e));
        setBusy(false);
      },
    );
  };

  const setSocial = (index: number, change: Partial<SocialAccount>) =>
    set(
      'socialAccounts',
      form.socialAccounts.map((account, i) => (i === index ? { ...account, ...change } : account)),
    );
  const text = (key: keyof SiteSettingsInput, label: string, maxLength: number, hint?: string) => (
    <Field name={key} label={label} problems={problems} {...(hint ? { hint } : {})}>
      {(props) => (
        <input
          {...props}
          type="text"
          maxLength={maxLength}
          disabled={disabled}
          value={String(form[key] ?? '')}
          onChange={(e) => set(key, e.target.value as never)}
        />
      )}
    </Field>
  );
  const check = (key: keyof SiteSettingsInput, label: string) => (
    <p className="cfg-inline-form">
      <label>
        <input
          type="checkbox"
          disabled={disabled}
          checked={form[key] === true}
          onChange={(e) => set(key, e.target.checked as never)}
        />{' '}
        {label}
      </label>
    </p>
  );

  return (
    <>
      <h1>Site settings</h1>
      {!canEdit && (
        <p className="cfg-note">
          You can read the site settings here. Only an administrator changes them: they decide the site’s
          name, its currency and how visitors’ data is treated.
        </p>
      )}
      <Outcome done={done} error={error} />
      {conflict && (
        <p className="cfg-panel">
          <button
            type="button"
            className="cfg-button-secondary"
            onClick={() => void save(conflict.currentVersion, false)}
          >
            Save mine over theirs
          </button>{' '}
          <button
            type="button"
            className="cfg-button-secondary"
            onClick={() =>
              getJson<SiteSettingsRecord>(API).then(
                (loaded) => {
                  show(loaded);
                  setConflict(undefined);
                  setError('');
                  setDone(`Loaded version ${loaded.version}.`);
                },
                (e: unknown) => setError(problemOf(e)),
              )
            }
          >
            Load their version
          </button>
        </p>
      )}
      <form onSubmit={onSubmit} aria-label="Site settings" noValidate>
        <fieldset className="cfg-panel">
          <legend>Site</legend>
          {text('siteTitle', 'Site title', 100)}
          <Field
            name="siteDescription"
            label="Site description"
            problems={problems}
            hint="Search engines and shares show it."
          >
            {(props) => (
              <textarea
                {...props}
                rows={3}
                maxLength={1000}
                disabled={disabled}
                value={form.siteDescription}
                onChange={(e) => set('siteDescription', e.target.value)}
              />
            )}
          </Field>
          <Field name="language" label="Language" problems={problems}>
            {(props) => (
              <select
                {...props}
                disabled={disabled}
                value={form.language}
                onChange={(e) => set('language', e.target.value)}
              >
                {record.choices.languages.map((l) => (
                  <option key={l.tag} value={l.tag}>
                    {l.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            name="timeZone"
            label="Time zone"
            problems={problems}
            hint="Dates, events and schedules use it."
          >
            {(props) => (
              <select
                {...props}
                disabled={disabled}
                value={form.timeZone}
                onChange={(e) => set('timeZone', e.target.value)}
              >
                {(record.choices.timeZones.includes(form.timeZone) ? [] : [form.timeZone])
                  .concat(record.choices.timeZones)
                  .map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </option>
                  ))}
              </select>
            )}
          </Field>
        </fieldset>
        <fieldset className="cfg-panel">
          <legend>Logo and favicon</legend>
          <ImagePicker
            name="logoImageUrl"
            label="Logo"
            value={form.logoImageUrl}
            images={images}
            disabled={disabled}
            problems={problems}
            onChange={(url) => set('logoImageUrl', url)}
            onUploaded={(asset) => setImages((all) => [asset, ...all])}
          />
          <ImagePicker
            name="faviconUrl"
            label="Favicon"
            value={form.faviconUrl}
            images={images}
            disabled={disabled}
            problems={problems}
            onChange={(url) => set('faviconUrl', url)}
            onUploaded={(asset) => setImages((all) => [asset, ...all])}
          />
        </fieldset>
        <fieldset className="cfg-panel">
          <legend>Store</legend>
          <Field
            name="currency"
            label="Store currency"
            problems={problems}
            hint="Changing it does not convert prices."
          >
            {(props) => (
              <select
                {...props}
                disabled={disabled}
                value={form.currency}
                onChange={(e) => set('currency', e.target.value)}
              >
                {record.choices.currencies.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} — {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {check('multipleQuantityAllowedForServices', 'Shoppers may buy more than one of a service')}
          <Field
            name="checkoutMinimum"
            label="Checkout minimum"
            problems={problems}
            hint={`In ${form.currency}; empty for none.`}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                inputMode="decimal"
                maxLength={20}
                disabled={disabled}
                value={form.checkoutMinimum ?? ''}
                onChange={(e) => set('checkoutMinimum', e.target.value || null)}
              />
            )}
          </Field>
          <p className="cfg-inline-form">
            <label>
              <input
                type="checkbox"
                disabled={disabled}
                checked={form.instalments !== null}
                onChange={(e) =>
                  set(
                    'instalments',
                    e.target.checked
                      ? { min: '35.00', max: '2000.00', shopperLanguage: 'en', stripeAccountCountry: 'US' }
                      : null,
                  )
                }
              />{' '}
              Instalment messaging on physical products
            </label>
          </p>
          {form.instalments && (
            <div className="cfg-panel">
              {(['min', 'max', 'shopperLanguage', 'stripeAccountCountry'] as const).map((key) => (
                <Field
                  key={key}
                  name={`instalments-${key}`}
                  label={
                    {
                      min: `Instalments from (above, ${form.currency})`,
                      max: `Instalments up to (${form.currency})`,
                      shopperLanguage: 'Instalment notice language (en, en-US)',
                      stripeAccountCountry: 'Payment account country (US)',
                    }[key]
                  }
                  problems={problems}
                >
                  {(props) => (
                    <input
                      {...props}
                      type="text"
                      maxLength={20}
                      disabled={disabled}
                      value={form.instalments?.[key] ?? ''}
                      onChange={(e) =>
                        form.instalments && set('instalments', { ...form.instalments, [key]: e.target.value })
                      }
                    />
                  )}
                </Field>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset className="cfg-panel">
          <legend>Comments, sharing and captcha</legend>
          {check('commentsEnabled', 'Visitors may comment')}
          {check('simpleLikingEnabled', 'Visitors may like posts')}
          <fieldset>
            <legend>Share buttons</legend>
            {record.choices.shareButtons.map((service) => (
              <p key={service} className="cfg-inline-form">
                <label>
                  <input
                    type="checkbox"
                    disabled={disabled}
                    checked={form.shareButtons.includes(service)}
                    onChange={(e) =>
                      set(
                        'shareButtons',
                        e.target.checked
                          ? [...form.shareButtons, service]
                          : form.shareButtons.filter((s) => s !== service),
                      )
                    }
                  />{' '}
                  {SHARE_NAMES[service]}
                </label>
              </p>
            ))}
          </fieldset>
          {text('captchaSiteKey', 'reCAPTCHA site key', 200, 'Empty: the built-in captcha (no third party).')}
        </fieldset>
        <fieldset className="cfg-panel">
          <legend>Social accounts</legend>
          {form.socialAccounts.length === 0 && <p className="cfg-muted">None yet.</p>}
          {form.socialAccounts.map((account, index) => (
            <fieldset key={index} className="cfg-panel">
              <legend>Account {index + 1}</legend>
              {(['serviceName', 'profileUrl', 'userName'] as const).map((key) => (
                <Field
                  key={key}
                  name={`social-${index}-${key}`}
                  label={
                    { serviceName: 'Service', profileUrl: 'Profile address', userName: 'User name' }[key]
                  }
                  problems={problems}
                >
                  {(props) => (
                    <input
                      {...props}
                      type={key === 'profileUrl' ? 'url' : 'text'}
                      maxLength={200}
                      disabled={disabled}
                      value={account[key]}
                      onChange={(e) => setSocial(index, { [key]: e.target.value })}
                    />
                  )}
                </Field>
              ))}
              {canEdit && (
                <button
                  type="button"
                  className="cfg-button-secondary"
                  disabled={disabled}
                  onClick={() =>
                    set(
                      'socialAccounts',
                      form.socialAccounts.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove account {index + 1}
                </button>
              )}
            </fieldset>
          ))}
          {canEdit && (
            <button
              type="button"
              className="cfg-button-secondary"
              disabled={disabled || form.socialAccounts.length >= 20}
              onClick={() =>
                set('socialAccounts', [
                  ...form.socialAccounts,
                  { serviceName: '', profileUrl: 'https://', userName: '' },
                ])
              }
            >
              Add a social account
            </button>
          )}
        </fieldset>
        <fieldset className="cfg-panel">
          <legend>Search engines</legend>
          <p id="settings-format-hint" className="cfg-muted">
            %s is the site title, %c the page’s, %i the item’s.
          </p>
          {text('homepageTitleFormat', 'Home page title', 100)}
          {text('collectionTitleFormat', 'Page title', 100)}
          {text('itemTitleFormat', 'Item title', 100)}
        </fieldset>
        <fieldset className="cfg-panel">
          <legend>Cookie consent</legend>
          {(['permissive', 'restrictive'] as const).map((policy) => (
            <p key={policy} className="cfg-inline-form">
              <label>
                <input
                  type="radio"
                  name="cookiePolicy"
                  disabled={disabled}
                  checked={form.cookiePolicy === policy}
                  onChange={() => set('cookiePolicy', policy)}
                />{' '}
                {policy === 'permissive'
                  ? 'Track visits without asking'
                  : 'Track visits only after the visitor consents'}
              </label>
            </p>
          ))}
        </fieldset>
        <fieldset className="cfg-panel">
          <legend>Popup</legend>
          <p className="cfg-inline-form">
            <label>
              <input
                type="checkbox"
                disabled={disabled}
                checked={form.popup !== null}
                onChange={(e) =>
                  set('popup', e.target.checked ? { title: '', body: '', closedDays: 14, paths: [] } : null)
                }
              />{' '}
              Show a popup
            </label>
          </p>
          {form.popup && (
            <>
              <Field name="popup-title" label="Popup title" problems={problems}>
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    maxLength={200}
                    disabled={disabled}
                    value={form.popup?.title ?? ''}
                    onChange={(e) => form.popup && set('popup', { ...form.popup, title: e.target.value })}
                  />
                )}
              </Field>
              <Field name="popup-body" label="Popup text (HTML)" problems={problems}>
                {(props) => (
                  <textarea
                    {...props}
                    rows={3}
                    maxLength={5000}
                    disabled={disabled}
                    value={form.popup?.body ?? ''}
                    onChange={(e) => form.popup && set('popup', { ...form.popup, body: e.target.value })}
                  />
                )}
              </Field>
              <Field name="popup-closedDays" label="Days it stays closed once closed" problems={problems}>
                {(props) => (
                  <input
                    {...props}
                    type="number"
                    min={0}
                    max={365}
                    disabled={disabled}
                    value={form.popup?.closedDays ?? 0}
                    onChange={(e) =>
                      form.popup && set('popup', { ...form.popup, closedDays: Number(e.target.value) })
                    }
                  />
                )}
              </Field>
              <Field
                name="popup-paths"
                label="Pages that show it"
                problems={problems}
                hint="Paths, one per line, like /newsletter."
              >
                {(props) => (
                  <textarea
                    {...props}
                    rows={2}
                    disabled={disabled}
                    value={form.popup?.paths.join('\n') ?? ''}
                    onChange={(e) =>
                      form.popup &&
                      set('popup', {
                        ...form.popup,
                        paths: e.target.value
                          .split('\n')
                          .map((p) => p.trim())
                          .filter(Boolean),
                      })
                    }
                  />
                )}
              </Field>
            </>
          )}
        </fieldset>
        {canEdit && (
          <p>
            <button type="submit" disabled={busy}>
              Save settings
            </button>
          </p>
        )}
      </form>
      <ConfirmDialog
        open={confirming}
        title="Change the store currency?"
        confirmText={`Change to ${form.currency}`}
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          void save(record.version, true);
        }}
        onKeep={() => setConfirming(false)}
      >
        {message('settings.currency-change-unconfirmed', {
          from: record.settings.currency,
          to: form.currency,
        })}
      </ConfirmDialog>
      <ConfirmDialog
        open={restoring !== undefined}
        title="Restore a version with another currency?"
        confirmText="Restore it"
        busy={busy}
        onConfirm={() => {
          if (restoring) restore(restoring.id, true);
          setRestoring(undefined);
        }}
        onKeep={() => setRestoring(undefined)}
      >
        {restoring?.why}
      </ConfirmDialog>
      <section className="cfg-panel" aria-labelledby="settings-revisions">
        <h2 id="settings-revisions">Revisions</h2>
        {revisions.length === 0 ? (
          <p className="cfg-muted">No saves yet.</p>
        ) : (
          <ul>
            {revisions.map((r) => (
              <li key={r.id}>
                Version {r.version}, {new Date(r.savedOn).toLocaleString()} by{' '}
                {r.savedBy ?? 'the content import'}
                {r.changes.length > 0 && <span className="cfg-muted">: {r.changes.join(', ')}</span>}{' '}
                {canEdit && r.version !== record.version && (
                  <button
                    type="button"
                    className="cfg-button-secondary"
                    disabled={busy}
                    onClick={() => restore(r.id, false)}
                  >
                    Restore version {r.version}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
