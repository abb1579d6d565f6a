/**
 * The site-form island (spec sections 4, 5, 8; issue 7). Mounted on `.sf-form[data-form-id]`
 * (docs/interfaces.md): it loads the form's definition, renders every field type accessibly
 * (labels, fieldsets and legends, error text tied to its field by aria-describedby and shown
 * above the field's title), validates with core's rules, and submits: `Submitting…` and locked
 * while submitting; success redirects or replaces the form with the submission text; failure
 * shows the errors and the banners above and below, resets the captcha and unlocks.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  characterCount,
  validateField,
  validateForm,
  type FieldErrors,
  type FieldValue,
  type FormField,
  type PublicFormDefinition,
} from '@storefront/core/forms';
import { type LocalizedStrings, message, type MessageCode } from '@storefront/core/messages';
import { CAPTCHA_PATH, FormFailure, type FormApi } from './api.ts';
import './site-form.css';

type Values = Record<string, FieldValue>;
type Phase = 'loading' | 'missing' | 'ready' | 'submitting' | 'done';

const LIKERT: ReadonlyArray<readonly [string, MessageCode]> = [
  ['-2', 'likert.strongly-disagree'],
  ['-1', 'likert.disagree'],
  ['0', 'likert.neutral'],
  ['1', 'likert.agree'],
  ['2', 'likert.strongly-agree'],
];

const INPUT_TYPES: Partial<Record<FormField['type'], string>> = {
  email: 'email',
  number: 'number',
  website: 'url',
  password: 'password',
};

export interface SiteFormProps {
  formId: string;
  api: FormApi;
  ls?: LocalizedStrings;
  /** Leaves the page (success redirect). */
  navigate: (url: string) => void;
  /** The container's server-rendered fallback, hidden once the form is shown. */
  fallback?: HTMLElement | null;
  page?: { path: string; title: string };
  /** Answers to start from (Edit Details on /cart). */
  initialValues?: Values;
  /**
   * Takes the valid answers instead of saving a submission (the additional-fields form): answers
   * an error text to show, or nothing when done. No captcha, key or honeypot then.
   */
  onValid?: (values: Values) => Promise<string | undefined>;
  /** Submit label when the form sets none (default `Submit`). */
  defaultSubmitLabel?: string;
  /** Called once a submission is saved (the popup overlay remembers it). */
  onSubmitted?: () => void;
}

export interface CaptchaHandle {
  payload: string | undefined;
  reset(): void;
}

/** The ALTCHA widget, loaded only for forms that ask for a captcha (and for comments). */
export function Captcha({ onReady }: { onReady: (handle: CaptchaHandle) => void }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let widget: (HTMLElement & { reset?: () => void }) | undefined;
    const handle: CaptchaHandle = {
      payload: undefined,
      reset() {
        handle.payload = undefined;
        widget?.reset?.();
      },
    };
    let cancelled = false;
    void import('altcha').then(() => {
      if (cancelled) return;
      widget = document.createElement('altcha-widget');
      widget.setAttribute('challenge', CAPTCHA_PATH);
      widget.setAttribute('name', 'captcha');
      widget.addEventListener('statechange', (event) => {
        const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
        handle.payload = detail?.state === 'verified' ? detail.payload : undefined;
      });
      el.appendChild(widget);
      onReady(handle);
    });
    return () => {
      cancelled = true;
      widget?.remove();
    };
  }, [onReady]);
  return <div className="sf-form__captcha" ref={host} />;
}

function Html({ html, className }: { html: string; className: string }) {
  if (!html.trim()) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function SiteForm(props: SiteFormProps) {
  const {
    formId,
    api,
    ls,
    navigate,
    fallback,
    page,
    initialValues,
    onValid,
    defaultSubmitLabel,
    onSubmitted,
  } = props;
  const [phase, setPhase] = useState<Phase>('loading');
  const [form, setForm] = useState<PublicFormDefinition | undefined>();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [missingText, setMissingText] = useState<string | undefined>();
  const [hp, setHp] = useState('');
  const captcha = useRef<CaptchaHandle | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const uid = useId();
  const t = (code: MessageCode) => message(code, {}, ls);

  useEffect(() => {
    let live = true;
    api.definition(formId).then(
      (definition) => {
        if (!live) return;
        setForm(definition);
        const initial: Values = {};
        for (const f of definition.fields) if (f.type === 'hidden') initial[f.id] = f.value;
        setValues({ ...initial, ...initialValues });
        setPhase('ready');
        if (fallback) fallback.hidden = true;
      },
      (error: unknown) => {
        if (!live) return;
        setMissingText(error instanceof FormFailure ? error.message : message('form.unknown-error', {}, ls));
        setPhase('missing');
      },
    );
    return () => {
      live = false;
    };
    // initialValues are read once, when the definition arrives.
  }, [api, formId, fallback, ls]);

  useEffect(() => {
    if (phase === 'done') successRef.current?.focus();
  }, [phase]);

  const onCaptcha = useCallback((handle: CaptchaHandle) => {
    captcha.current = handle;
  }, []);

  const setValue = (field: FormField, value: FieldValue) => {
    setValues((old) => ({ ...old, [field.id]: value }));
    // Once a field shows an error, it follows the visitor's edits; a textarea over its limit says so at once.
    const problem = validateField(field, value, ls);
    const overLimit = field.type === 'textarea' && problem === t('form.character-limit');
    setErrors((old) => {
      if (!(field.id in old) && !overLimit) return old;
      const next = { ...old };
      if (problem === undefined) delete next[field.id];
      else next[field.id] = problem;
      return next;
    });
  };

  const focusFirstError = (fieldErrors: FieldErrors) => {
    const first = form?.fields.find((f) => f.id in fieldErrors);
    if (!first) return;
    const el = formRef.current?.querySelector<HTMLElement>(
      `[data-field-id="${CSS.escape(first.id)}"] :is(input, select, textarea)`,
    );
    el?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || phase === 'submitting') return;
    setFormError(undefined);
    const clientErrors = validateForm({ ...form, notificationEmail: '' }, values, ls);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) {
      focusFirstError(clientErrors);
      return;
    }
    if (onValid) {
      const answers: Values = {};
      for (const f of form.fields)
        if (f.type !== 'section' && values[f.id] !== undefined) answers[f.id] = values[f.id] as FieldValue;
      setPhase('submitting');
      const problem = await onValid(answers);
      setPhase('ready');
      if (problem) setFormError(problem);
      return;
    }
    if (form.captchaEnabled && !captcha.current?.payload) {
      setFormError(message('restock.captcha-incomplete', {}, ls));
      return;
    }
    setPhase('submitting');
    try {
      const key = await api.key();
      const answers: Values = {};
      for (const f of form.fields)
        if (f.type !== 'section' && values[f.id] !== undefined) answers[f.id] = values[f.id] as FieldValue;
      await api.save(key, {
        formId,
        values: answers,
        ...(captcha.current?.payload ? { captchaKey: captcha.current.payload } : {}),
        ...(hp ? { hp } : {}),
        ...(page ? { pagePath: page.path, pageTitle: page.title } : {}),
      });
      onSubmitted?.();
      if (form.successRedirect) {
        navigate(form.successRedirect);
        return;
      }
      setPhase('done');
      if (fallback) fallback.hidden = true;
    } catch (error) {
      const failure = error instanceof FormFailure ? error : new FormFailure(t('form.unknown-error'), 0);
      setErrors(failure.errors);
      setFormError(failure.message);
      captcha.current?.reset();
      setPhase('ready');
      if (Object.keys(failure.errors).length > 0) focusFirstError(failure.errors);
    }
  };

  if (phase === 'loading') return null;
  if (phase === 'missing' || !form)
    return (
      <p className="sf-form__message sf-form__message--error" role="alert">
        {missingText}
      </p>
    );
  if (phase === 'done')
    return (
      <div className="sf-form__success" role="status" tabIndex={-1} ref={successRef}>
        {form.submissionHTML || form.submissionMessage ? (
          <div dangerouslySetInnerHTML={{ __html: form.submissionHTML || form.submissionMessage }} />
        ) : (
          <p>{t('form.thank-you')}</p>
        )}
      </div>
    );

  const submitting = phase === 'submitting';
  const hasErrors = Object.keys(errors).length > 0;
  const errorId = (f: FormField) => `${uid}-${f.id}-error`;
  const descId = (f: FormField) => `${uid}-${f.id}-desc`;
  const describedBy = (f: FormField, extra: string[] = []) =>
    [f.id in errors ? errorId(f) : '', f.description ? descId(f) : '', ...extra].filter(Boolean).join(' ') ||
    undefined;
  const inputId = (f: FormField, part = '') => `${uid}-${f.id}${part ? `-${part}` : ''}`;

  const renderError = (f: FormField) =>
    f.id in errors ? (
      <p className="sf-field__error" id={errorId(f)}>
        {errors[f.id]}
        {f.type === 'email' && errors[f.id] === t('form.email-not-valid') ? (
          <span className="sf-field__hint"> {t('form.email-hint')}</span>
        ) : null}
      </p>
    ) : null;
  const renderDescription = (f: FormField) =>
    f.description ? (
      <div
        className="sf-field__description"
        id={descId(f)}
        dangerouslySetInnerHTML={{ __html: f.description }}
      />
    ) : null;
  const requiredMark = (f: FormField) =>
    f.required ? (
      <span className="sf-field__required" aria-hidden="true">
        {' '}
        *
      </span>
    ) : null;

  const renderField = (f: FormField): ReactNode => {
    const invalid = f.id in errors;
    const value = values[f.id];
    switch (f.type) {
      case 'section':
        return (
          <div className="sf-section" key={f.id}>
            <h3 className="sf-section__title">{f.title}</h3>
            {f.description ? (
              <div className="sf-section__description" dangerouslySetInnerHTML={{ __html: f.description }} />
            ) : null}
          </div>
        );
      case 'hidden':
        return <input key={f.id} type="hidden" name={f.key} value={f.value} />;
      case 'name':
      case 'address':
      case 'phone':
      case 'date':
      case 'time': {
        const parts = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<
          string,
          string
        >;
        return (
          <div className={`sf-field sf-field--${f.type}`} data-field-id={f.id} key={f.id}>
            {renderError(f)}
            <fieldset
              className="sf-field__group"
              aria-describedby={describedBy(f)}
              aria-invalid={invalid || undefined}
            >
              <legend className="sf-field__title">
                {f.title}
                {requiredMark(f)}
              </legend>
              {renderDescription(f)}
              <div className="sf-field__parts">
                {f.parts.map((p) => (
                  <div className={`sf-field__part sf-field__part--${p.key.toLowerCase()}`} key={p.key}>
                    <label htmlFor={inputId(f, p.key)}>{p.title}</label>
                    {f.type === 'time' && p.key === 'Ampm' ? (
                      <select
                        id={inputId(f, p.key)}
                        value={parts[p.key] ?? ''}
                        onChange={(e) => setValue(f, { ...parts, [p.key]: e.target.value })}
                      >
                        <option value=""></option>
                        <option value="AM">AM</option>
                        <option value="PM">PM</option>
                      </select>
                    ) : (
                      <input
                        id={inputId(f, p.key)}
                        type="text"
                        inputMode={f.type === 'name' || f.type === 'address' ? undefined : 'numeric'}
                        autoComplete={autoCompleteOf(f.type, p.key)}
                        value={parts[p.key] ?? ''}
                        aria-invalid={invalid || undefined}
                        onChange={(e) => setValue(f, { ...parts, [p.key]: e.target.value })}
                      />
                    )}
                  </div>
                ))}
              </div>
            </fieldset>
          </div>
        );
      }
      case 'radio':
      case 'checkbox': {
        const checked = f.type === 'checkbox' ? (Array.isArray(value) ? value : []) : [];
        return (
          <div className={`sf-field sf-field--${f.type}`} data-field-id={f.id} key={f.id}>
            {renderError(f)}
            <fieldset
              className="sf-field__group"
              role={f.type === 'radio' ? 'radiogroup' : undefined}
              aria-describedby={describedBy(f)}
              aria-invalid={invalid || undefined}
              aria-required={(f.type === 'radio' && f.required) || undefined}
            >
              <legend className="sf-field__title">
                {f.title}
                {requiredMark(f)}
              </legend>
              {renderDescription(f)}
              {f.options.map((option, i) => (
                <div className="sf-field__option" key={option}>
                  <input
                    id={inputId(f, String(i))}
                    type={f.type}
                    name={`${uid}-${f.id}`}
                    value={option}
                    checked={f.type === 'radio' ? value === option : checked.includes(option)}
                    onChange={(e) =>
                      f.type === 'radio'
                        ? setValue(f, option)
                        : setValue(
                            f,
                            e.target.checked
                              ? f.options.filter((o) => o === option || checked.includes(o))
                              : checked.filter((o) => o !== option),
                          )
                    }
                  />
                  <label htmlFor={inputId(f, String(i))}>{option}</label>
                </div>
              ))}
            </fieldset>
          </div>
        );
      }
      case 'likert': {
        const answers = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<
          string,
          string
        >;
        return (
          <div className="sf-field sf-field--likert" data-field-id={f.id} key={f.id}>
            {renderError(f)}
            <fieldset className="sf-field__group" aria-describedby={describedBy(f)}>
              <legend className="sf-field__title">{f.title}</legend>
              {renderDescription(f)}
              {f.questions.map((question, q) => (
                <fieldset className="sf-likert__question" key={question}>
                  <legend>{question}</legend>
                  <div className="sf-likert__scale">
                    {LIKERT.map(([answer, code]) => (
                      <div className="sf-likert__answer" key={answer}>
                        <input
                          id={inputId(f, `${q}-${answer}`)}
                          type="radio"
                          name={`${uid}-${f.id}-${q}`}
                          value={answer}
                          checked={answers[question] === answer}
                          onChange={() => setValue(f, { ...answers, [question]: answer })}
                        />
                        <label htmlFor={inputId(f, `${q}-${answer}`)}>{t(code)}</label>
                      </div>
                    ))}
                  </div>
                </fieldset>
              ))}
            </fieldset>
          </div>
        );
      }
      case 'select':
        return (
          <div className="sf-field sf-field--select" data-field-id={f.id} key={f.id}>
            {renderError(f)}
            <label className="sf-field__title" htmlFor={inputId(f)}>
              {f.title}
              {requiredMark(f)}
            </label>
            {renderDescription(f)}
            <select
              id={inputId(f)}
              value={typeof value === 'string' ? value : ''}
              aria-describedby={describedBy(f)}
              aria-invalid={invalid || undefined}
              aria-required={f.required || undefined}
              onChange={(e) => setValue(f, e.target.value)}
            >
              <option value="">{f.placeholder}</option>
              {f.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        );
      case 'textarea': {
        const text = typeof value === 'string' ? value : '';
        const count = characterCount(text);
        const over = f.maxLength !== undefined && count > f.maxLength;
        const counterId = `${uid}-${f.id}-count`;
        return (
          <div className="sf-field sf-field--textarea" data-field-id={f.id} key={f.id}>
            {renderError(f)}
            <label className="sf-field__title" htmlFor={inputId(f)}>
              {f.title}
              {requiredMark(f)}
            </label>
            {renderDescription(f)}
            <textarea
              id={inputId(f)}
              value={text}
              placeholder={f.placeholder || undefined}
              aria-describedby={describedBy(f, f.maxLength !== undefined ? [counterId] : [])}
              aria-invalid={invalid || undefined}
              aria-required={f.required || undefined}
              onChange={(e) => setValue(f, e.target.value)}
            />
            {f.maxLength !== undefined ? (
              <p id={counterId} className={`sf-field__counter${over ? ' sf-field__counter--error' : ''}`}>
                {count}/{f.maxLength}
              </p>
            ) : null}
          </div>
        );
      }
      default: {
        const prefix = f.type === 'twitter' ? '@' : '';
        return (
          <div className={`sf-field sf-field--${f.type}`} data-field-id={f.id} key={f.id}>
            {renderError(f)}
            <label className="sf-field__title" htmlFor={inputId(f)}>
              {f.title}
              {requiredMark(f)}
            </label>
            {renderDescription(f)}
            <div className="sf-field__control">
              {prefix ? (
                <span className="sf-field__prefix" aria-hidden="true">
                  {prefix}
                </span>
              ) : null}
              <input
                id={inputId(f)}
                type={INPUT_TYPES[f.type] ?? 'text'}
                inputMode={f.type === 'currency' ? 'decimal' : undefined}
                autoComplete={
                  f.type === 'email' ? 'email' : f.type === 'password' ? 'new-password' : undefined
                }
                placeholder={f.placeholder || undefined}
                value={typeof value === 'string' ? value : ''}
                aria-describedby={describedBy(f)}
                aria-invalid={invalid || undefined}
                aria-required={f.required || undefined}
                onChange={(e) => setValue(f, e.target.value)}
              />
            </div>
          </div>
        );
      }
    }
  };

  const banner = (where: 'above' | 'below') =>
    hasErrors ? (
      <p
        className={`sf-form__banner sf-form__banner--${where}`}
        role={where === 'above' ? 'alert' : undefined}
      >
        {t(where === 'above' ? 'form.banner-above' : 'form.banner-below')}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      className={`sf-form__form sf-form--${form.theme || 'light'} sf-form--align-${form.alignment || 'left'}`}
      noValidate
      aria-busy={submitting || undefined}
      aria-label={form.name}
      onSubmit={(e) => void onSubmit(e)}
    >
      {banner('above')}
      {formError ? (
        <p className="sf-form__message sf-form__message--error" role="alert">
          {formError}
        </p>
      ) : null}
      <fieldset className="sf-form__fields" disabled={submitting}>
        {form.fields.map(renderField)}
        {onValid ? null : (
          <div className="sf-form__hp" aria-hidden="true">
            <label htmlFor={`${uid}-hp`}>{t('form.honeypot-label')}</label>
            <input
              id={`${uid}-hp`}
              type="text"
              name="sf-website"
              tabIndex={-1}
              autoComplete="off"
              value={hp}
              onChange={(e) => setHp(e.target.value)}
            />
          </div>
        )}
        {form.captchaEnabled && !onValid ? <Captcha onReady={onCaptcha} /> : null}
      </fieldset>
      {banner('below')}
      <div className="sf-form__actions">
        <button type="submit" className="sf-form__submit button" disabled={submitting}>
          {submitting
            ? t(onValid ? 'form.saving' : 'form.submitting')
            : form.submitButtonText || defaultSubmitLabel || t('form.submit')}
        </button>
      </div>
      <Html html={form.disclaimerMessage} className="sf-form__disclaimer" />
    </form>
  );
}

function autoCompleteOf(type: FormField['type'], part: string): string | undefined {
  if (type === 'name') return part === 'First' ? 'given-name' : 'family-name';
  if (type === 'address')
    return (
      {
        Line1: 'address-line1',
        Line2: 'address-line2',
        City: 'address-level2',
        State: 'address-level1',
        Zip: 'postal-code',
        Country: 'country-name',
      } as Record<string, string>
    )[part];
  if (type === 'phone') return part === 'Country' ? 'tel-country-code' : undefined;
  return undefined;
}
