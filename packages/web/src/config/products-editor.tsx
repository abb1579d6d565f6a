/**
 * One product's editor (`/config/products/new`, `/config/products/:id`): every field of the wire
 * contract's ProductInput, checked as typed and again by the server. A save sends the version the
 * form was loaded at; when someone else saved since, the server answers 409 `record-changed` naming
 * who and when, and the form keeps everything typed (save over theirs, or load theirs). Staff without
 * `catalogue.edit` see the same form read-only. The revisions panel lists each save and restores one.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type {
  MediaAsset,
  ProductInput,
  ProductKind,
  ProductRecord,
  ProductRevisions,
  RecordChanged,
  StorePages,
  StorePageSummary,
} from '@storefront/core/wire';
import { ConfigError, getJson, postJson, putJson } from './api.ts';
import { Link, navigate } from './router.tsx';
import { ImagesField } from './products-images.tsx';
import { OptionsField, VariantGrid } from './products-variants.tsx';
import { FieldError, describedBy } from './products-fields.tsx';
import { TermsField } from './products-terms.tsx';
import { DigitalFileField } from './products-digital.tsx';
import {
  fieldIds,
  fieldOfRefusal,
  inputOf,
  newProduct,
  payloadOf,
  problemsOf,
  slugOf,
  slugProblem,
  subscribable,
  tagProblem,
  categoryProblem,
  withDenominations,
  type FieldProblems,
} from './products-model.ts';

const RichText = lazy(() => import('./products-rich-text.tsx'));

const KINDS: readonly (readonly [ProductKind, string])[] = [
  ['physical', 'Physical'],
  ['digital', 'Digital download'],
  ['service', 'Service'],
  ['gift-card', 'Gift card'],
];
const INTERVALS = [
  ['week', 'Weekly'],
  ['month', 'Monthly'],
  ['year', 'Yearly'],
] as const;

const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';
const listOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
const when = (epoch: number) => new Date(epoch).toLocaleString();

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="cfg-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A labelled text field (input or textarea) with its hint and problem. */
function TextField({
  id,
  label,
  value,
  onChange,
  problems,
  readOnly,
  hint,
  multiline = false,
  type = 'text',
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problems: FieldProblems;
  readOnly: boolean;
  hint?: string;
  multiline?: boolean;
  type?: string;
  maxLength?: number;
}) {
  const props = {
    id,
    value,
    readOnly,
    maxLength,
    'aria-invalid': problems[id] ? true : undefined,
    'aria-describedby': describedBy(problems, id, ...(hint ? [`${id}-hint`] : [])),
  } as const;
  return (
    <p className="cfg-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="cfg-hint">
          {hint}
        </span>
      )}
      {multiline ? (
        <textarea {...props} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...props} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldError problems={problems} id={id} />
    </p>
  );
}

function Check({
  id,
  label,
  checked,
  readOnly,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  readOnly: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <p className="cfg-field">
      <label htmlFor={id} className="cfg-check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={readOnly}
          onChange={(e) => onChange(e.target.checked)}
        />{' '}
        {label}
      </label>
    </p>
  );
}

/** The id of the first field (in the form's order) that has a problem. */
function firstProblemIn(form: HTMLFormElement | null, problems: FieldProblems): HTMLElement | undefined {
  if (!form) return undefined;
  return [...form.querySelectorAll<HTMLElement>('[id]')].find(
    (element) => problems[element.id] !== undefined,
  );
}

export function ProductEditorScreen({ id, canEdit }: { id: string | null; canEdit: boolean }) {
  const [input, setInput] = useState<ProductInput>(newProduct);
  const [record, setRecord] = useState<ProductRecord>();
  const [loadError, setLoadError] = useState('');
  const [optionTexts, setOptionTexts] = useState<string[]>([]);
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(id === null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [formError, setFormError] = useState('');
  const [conflict, setConflict] = useState<RecordChanged>();
  const [done, setDone] = useState('');
  const [saving, setSaving] = useState(false);
  const [storePages, setStorePages] = useState<StorePageSummary[]>([]);
  const [media, setMedia] = useState<Record<string, MediaAsset>>({});
  const [forms, setForms] = useState<{ formId: string; name: string }[]>([]);
  const [revisions, setRevisions] = useState<ProductRevisions['revisions']>([]);
  // Moves on each load, so that the description editor starts again from the loaded text.
  const [loadCount, setLoadCount] = useState(0);
  /** The gift card amounts as typed since the last load (null: as loaded). */
  const [denominationsText, setDenominationsText] = useState<string | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const readOnly = !canEdit;

  const load = (loaded: ProductRecord) => {
    setRecord(loaded);
    setInput(inputOf(loaded));
    setOptionTexts(loaded.options.map((o) => o.values.join(', ')));
    setLoadCount((n) => n + 1);
    setDenominationsText(null);
    const ids = [
      ...loaded.images.map((i) => i.mediaId),
      ...(loaded.digitalFileId ? [loaded.digitalFileId] : []),
    ];
    for (const mediaId of ids)
      getJson<MediaAsset>(`/api/config/media/${encodeURIComponent(mediaId)}`).then(
        (asset) => setMedia((all) => ({ ...all, [asset.id]: asset })),
        () => undefined,
      );
  };
  const loadRevisions = (productId: string) =>
    getJson<ProductRevisions>(`/api/config/products/${encodeURIComponent(productId)}/revisions`).then(
      (answer) => setRevisions(answer.revisions),
      () => undefined,
    );

  useEffect(() => {
    getJson<StorePages>('/api/config/store-pages').then(
      (answer) => {
        setStorePages(answer.storePages);
        const first = answer.storePages[0];
        if (id === null && first)
          setInput((now) => (now.storePageId ? now : { ...now, storePageId: first.id }));
      },
      (e: unknown) => setLoadError(problemOf(e)),
    );
    // The forms list needs content.edit: without it the form's id is typed.
    getJson<{ forms: { formId: string; name: string }[] }>('/api/config/forms').then(
      (answer) => setForms(answer.forms),
      () => undefined,
    );
    if (id === null) return;
    getJson<ProductRecord>(`/api/config/products/${encodeURIComponent(id)}`).then(load, (e: unknown) =>
      setLoadError(problemOf(e)),
    );
    void loadRevisions(id);
  }, [id]);

  useEffect(() => {
    if (focusTick === 0) return;
    const first = firstProblemIn(form.current, problems);
    if (first) first.focus();
    else alert.current?.focus();
  }, [focusTick]);

  const set = (patch: Partial<ProductInput>) => setInput((now) => ({ ...now, ...patch }));
  const onUploaded = (asset: MediaAsset) => {
    setMedia((all) => ({ ...all, [asset.id]: asset }));
    setInput((now) => ({
      ...now,
      images: [...now.images, { mediaId: asset.id, alt: asset.alt, focalPoint: { x: 0.5, y: 0.5 } }],
    }));
  };

  const save = async (version: number | undefined) => {
    const found = problemsOf(input);
    setProblems(found);
    setDone('');
    if (Object.keys(found).length > 0) {
      setFormError('The product was not saved: correct the fields marked below.');
      setFocusTick((n) => n + 1);
      return;
    }
    setSaving(true);
    setFormError('');
    try {
      const saved = record
        ? await putJson<ProductRecord>(`/api/config/products/${encodeURIComponent(record.id)}`, {
            version: version ?? record.version,
            product: payloadOf(input),
          })
        : await postJson<ProductRecord>('/api/config/products', payloadOf(input));
      setConflict(undefined);
      if (!record) {
        navigate(`/config/products/${saved.id}`);
        return;
      }
      // What the server kept (SKUs made, stock as it is now) becomes what the next save starts from.
      load(saved);
      setDone(`Saved. Version ${saved.version}.`);
      void loadRevisions(saved.id);
    } catch (e) {
      const body = e instanceof ConfigError ? e.body : {};
      if (e instanceof ConfigError && e.status === 409 && body.code === 'record-changed') {
        setConflict(body as unknown as RecordChanged);
        setFormError(e.message);
      } else {
        const field = e instanceof ConfigError && e.status < 500 ? fieldOfRefusal(body) : undefined;
        if (field) setProblems({ [field]: problemOf(e) });
        setFormError(field ? 'The product was not saved: correct the field marked below.' : problemOf(e));
      }
      setFocusTick((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canEdit) void save(undefined);
  };
  const loadTheirs = () => {
    if (!record) return;
    getJson<ProductRecord>(`/api/config/products/${encodeURIComponent(record.id)}`).then(
      (loaded) => {
        load(loaded);
        setConflict(undefined);
        setFormError('');
        setProblems({});
        setDone(`Loaded version ${loaded.version}.`);
      },
      (e: unknown) => setFormError(problemOf(e)),
    );
  };
  const restore = (revisionId: string, version: number) => {
    if (!record) return;
    postJson<ProductRecord>(
      `/api/config/products/${encodeURIComponent(record.id)}/revisions/${encodeURIComponent(revisionId)}/restore`,
    ).then(
      (restored) => {
        load(restored);
        setConflict(undefined);
        setFormError('');
        setProblems({});
        setDone(`Version ${version} restored: now version ${restored.version}.`);
        void loadRevisions(restored.id);
      },
      (e: unknown) => setFormError(problemOf(e)),
    );
  };

  if (loadError && id !== null && !record)
    return (
      <>
        <h1>Product</h1>
        <p role="alert" className="cfg-error">
          {loadError}
        </p>
        <p>
          <Link href="/config/products">Back to products</Link>
        </p>
      </>
    );
  if (id !== null && !record) return <p role="status">Loading the product…</p>;

  const storePage = storePages.find((p) => p.id === input.storePageId);
  const currency = record?.currency ?? '';
  const kind = input.kind;
  const imageName = (image: ProductInput['images'][number], index: number) =>
    `Image ${index + 1}${image.alt ? `: ${image.alt}` : ''}`;
  const visibleFromHint = 'In the site’s time zone.';

  return (
    <>
      <p>
        <Link href="/config/products">Products</Link>
      </p>
      <h1>{id === null ? 'New product' : `Product: ${record?.title ?? ''}`}</h1>
      {record && (
        <p className="cfg-muted">
          Version {record.version}, saved {when(record.updatedOn)}
          {record.updatedBy ? ` by ${record.updatedBy}` : ''}. <a href={record.url}>View on the store</a>
        </p>
      )}
      {readOnly && (
        <p className="cfg-note">
          You can read this product. Editing the catalogue needs the catalogue permission.
        </p>
      )}
      <div role="status" aria-live="polite" className="cfg-done">
        {done}
      </div>
      <div ref={alert} tabIndex={-1} className="cfg-alert-slot">
        {formError && (
          <div role="alert" className="cfg-error">
            <p>{formError}</p>
            {conflict && (
              <>
                <p className="cfg-muted">
                  Your changes are still in the form. Version {conflict.currentVersion} was saved{' '}
                  {when(conflict.changedOn)}
                  {conflict.changedBy ? ` by ${conflict.changedBy}` : ''}.
                </p>
                <p className="cfg-row-actions">
                  <button type="button" onClick={() => void save(conflict.currentVersion)}>
                    Save mine over theirs
                  </button>
                  <button type="button" className="cfg-button-secondary" onClick={loadTheirs}>
                    Load their version
                  </button>
                </p>
              </>
            )}
          </div>
        )}
      </div>
      <form ref={form} className="cfg-product" onSubmit={onSubmit} noValidate aria-label="Product">
        <fieldset disabled={readOnly} className="cfg-plain">
          <Section title="Product" id="section-basics">
            <TextField
              id={fieldIds.title}
              label="Title"
              value={input.title}
              problems={problems}
              readOnly={readOnly}
              onChange={(title) => set(slugFollowsTitle ? { title, slug: slugOf(title) } : { title })}
            />
            <p className="cfg-field">
              <label htmlFor={fieldIds.slug}>URL slug</label>
              <span id="product-slug-hint" className="cfg-hint">
                The last part of the product&apos;s address
                {storePage ? `: /${storePage.slug}/${input.slug || '…'}` : ''}. A changed slug sends the old
                address on to the new one.
              </span>
              <input
                id={fieldIds.slug}
                value={input.slug}
                readOnly={readOnly}
                aria-invalid={problems[fieldIds.slug] ? true : undefined}
                aria-describedby={describedBy(problems, fieldIds.slug, 'product-slug-hint')}
                onChange={(e) => {
                  setSlugFollowsTitle(false);
                  set({ slug: e.target.value });
                }}
                onBlur={() => {
                  const problem = slugProblem(input.slug);
                  setProblems((now) => {
                    const { [fieldIds.slug]: _old, ...rest } = now;
                    return problem ? { ...rest, [fieldIds.slug]: problem } : rest;
                  });
                }}
              />
              <FieldError problems={problems} id={fieldIds.slug} />
            </p>
            <div className="cfg-field">
              <p id="product-description-label" className="cfg-label">
                Description
              </p>
              <Suspense fallback={<p className="cfg-muted">Loading the text editor…</p>}>
                <RichText
                  key={loadCount}
                  id={fieldIds.description}
                  labelledBy="product-description-label"
                  html={input.descriptionHtml}
                  readOnly={readOnly}
                  onChange={(descriptionHtml) => set({ descriptionHtml })}
                />
              </Suspense>
            </div>
            <fieldset className="cfg-fieldset">
              <legend>Product type</legend>
              {KINDS.map(([value, label]) => (
                <label key={value} className="cfg-check">
                  <input
                    type="radio"
                    name="kind"
                    value={value}
                    checked={kind === value}
                    onChange={() => {
                      const next = withDenominations(
                        {
                          ...input,
                          kind: value,
                          subscriptionPlans: subscribable(value) ? input.subscriptionPlans : [],
                        },
                        input.giftCardDenominations,
                      );
                      setInput(next);
                      if (next.options !== input.options)
                        setOptionTexts(next.options.map((o) => o.values.join(', ')));
                    }}
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
            {kind === 'digital' && (
              <DigitalFileField
                fileId={input.digitalFileId}
                readOnly={readOnly}
                problems={problems}
                onChange={(digitalFileId) => set({ digitalFileId })}
              />
            )}
            {kind === 'gift-card' && (
              <TextField
                id={fieldIds.denominations}
                label={`Amounts offered${currency ? ` (${currency})` : ''}`}
                hint="Separated by commas, like 25.00, 50.00, 100.00. Each amount is a variant shoppers pick."
                value={denominationsText ?? input.giftCardDenominations.join(', ')}
                problems={problems}
                readOnly={readOnly}
                onChange={(text) => {
                  // Kept as typed: joining the list again would swallow the comma just typed.
                  setDenominationsText(text);
                  const next = withDenominations(input, listOf(text));
                  setInput(next);
                  if (next.options !== input.options)
                    setOptionTexts(next.options.map((o) => o.values.join(', ')));
                }}
              />
            )}
          </Section>

          <ImagesField
            images={input.images}
            urls={Object.fromEntries(Object.values(media).map((a) => [a.id, a.url]))}
            readOnly={readOnly}
            onChange={(images) =>
              set({
                images,
                variants: input.variants.map((v) =>
                  v.imageId && !images.some((i) => i.mediaId === v.imageId) ? { ...v, imageId: null } : v,
                ),
              })
            }
            onUploaded={onUploaded}
          />

          <OptionsField
            input={input}
            optionTexts={optionTexts}
            problems={problems}
            readOnly={readOnly}
            onChange={(next, texts) => {
              setInput(next);
              setOptionTexts(texts);
            }}
          />
          <VariantGrid
            input={input}
            currency={currency}
            imageNames={imageName}
            problems={problems}
            readOnly={readOnly}
            onVariants={(variants) => set({ variants })}
          />

          <Section title="Subscriptions" id="section-subscriptions">
            {subscribable(kind) ? (
              <>
                <p className="cfg-muted">Plans a shopper may subscribe to instead of buying once.</p>
                {input.subscriptionPlans.map((plan, index) => {
                  const n = index + 1;
                  const change = (patch: Partial<typeof plan>) =>
                    set({
                      subscriptionPlans: input.subscriptionPlans.map((p, i) =>
                        i === index ? { ...p, ...patch } : p,
                      ),
                    });
                  return (
                    <fieldset key={index} className="cfg-fieldset cfg-inline-fields">
                      <legend>Plan {n}</legend>
                      <p>
                        <label htmlFor={`plan-${index}-every`}>Every</label>
                        <input
                          id={`plan-${index}-every`}
                          type="number"
                          min={1}
                          className="cfg-narrow"
                          value={plan.every}
                          onChange={(e) => change({ every: Math.max(1, Number(e.target.value) || 1) })}
                        />
                      </p>
                      <p>
                        <label htmlFor={`plan-${index}-interval`}>Interval</label>
                        <select
                          id={`plan-${index}-interval`}
                          value={plan.interval}
                          onChange={(e) => change({ interval: e.target.value as typeof plan.interval })}
                        >
                          {INTERVALS.map(([value, label]) => (
                            <option key={value} value={value}>
                              {label}
                            </option>
                          ))}
                        </select>
                      </p>
                      <TextField
                        id={fieldIds.planPrice(index)}
                        label={`Price${currency ? ` (${currency})` : ''}`}
                        value={plan.price}
                        problems={problems}
                        readOnly={readOnly}
                        onChange={(price) => change({ price })}
                      />
                      {!readOnly && (
                        <p>
                          <button
                            type="button"
                            className="cfg-button-secondary"
                            aria-label={`Remove plan ${n}`}
                            onClick={() =>
                              set({
                                subscriptionPlans: input.subscriptionPlans.filter((_, i) => i !== index),
                              })
                            }
                          >
                            Remove
                          </button>
                        </p>
                      )}
                    </fieldset>
                  );
                })}
                {!readOnly && (
                  <p>
                    <button
                      type="button"
                      className="cfg-button-secondary"
                      onClick={() =>
                        set({
                          subscriptionPlans: [
                            ...input.subscriptionPlans,
                            { interval: 'month', every: 1, price: input.variants[0]?.price ?? '' },
                          ],
                        })
                      }
                    >
                      Add a subscription plan
                    </button>
                  </p>
                )}
              </>
            ) : (
              <p className="cfg-note" id="subscriptions-unavailable">
                {kind === 'digital'
                  ? 'A digital product cannot be sold by subscription: only physical and service products can.'
                  : 'A gift card cannot be sold by subscription: only physical and service products can.'}
              </p>
            )}
          </Section>

          <Section title="Store page and categories" id="section-organisation">
            <p className="cfg-field">
              <label htmlFor={fieldIds.storePage}>Store page</label>
              <select
                id={fieldIds.storePage}
                value={input.storePageId}
                aria-invalid={problems[fieldIds.storePage] ? true : undefined}
                aria-describedby={describedBy(problems, fieldIds.storePage)}
                onChange={(e) => set({ storePageId: e.target.value })}
              >
                {!input.storePageId && <option value="">Choose a store page</option>}
                {storePages.map((page) => (
                  <option key={page.id} value={page.id}>
                    {page.title}
                  </option>
                ))}
              </select>
              <FieldError problems={problems} id={fieldIds.storePage} />
            </p>
            <TermsField
              id={fieldIds.categories}
              tagType="category"
              label="Categories"
              hint={`Enter or a comma adds one; a nested category as Parent/Child. Each at most 25 characters in all.${
                storePage?.categories.length
                  ? ` This store page has: ${storePage.categories.join(', ')}.`
                  : ''
              }`}
              values={input.categories}
              problems={problems}
              readOnly={readOnly}
              check={categoryProblem}
              onChange={(categories) => set({ categories })}
              onProblem={setProblems}
            />
            <TermsField
              id={fieldIds.tags}
              tagType="tag"
              label="Tags"
              hint="Enter or a comma adds one. Each at most 50 characters."
              values={input.tags}
              problems={problems}
              readOnly={readOnly}
              check={tagProblem}
              onChange={(tags) => set({ tags })}
              onProblem={setProblems}
            />
          </Section>

          <Section title="Visibility" id="section-visibility">
            <fieldset className="cfg-fieldset">
              <legend>Shown on the store</legend>
              {(
                [
                  ['visible', 'Visible'],
                  ['hidden', 'Hidden'],
                  ['scheduled', 'Visible from a date and time'],
                ] as const
              ).map(([state, label]) => (
                <label key={state} className="cfg-check">
                  <input
                    type="radio"
                    name="visibility"
                    value={state}
                    checked={input.visibility.state === state}
                    onChange={() =>
                      set({ visibility: state === 'scheduled' ? { state, from: '' } : { state } })
                    }
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
            {input.visibility.state === 'scheduled' && (
              <TextField
                id={fieldIds.scheduledFrom}
                label="Visible from"
                type="datetime-local"
                hint={visibleFromHint}
                value={input.visibility.from}
                problems={problems}
                readOnly={readOnly}
                onChange={(from) => set({ visibility: { state: 'scheduled', from } })}
              />
            )}
          </Section>

          <Section title="Search engines" id="section-seo">
            <TextField
              id="product-seo-title"
              label="SEO title"
              hint="Shown in search results; the product's title when empty."
              value={input.seoTitle}
              problems={problems}
              readOnly={readOnly}
              onChange={(seoTitle) => set({ seoTitle })}
            />
            <TextField
              id="product-seo-description"
              label="SEO description"
              multiline
              value={input.seoDescription}
              problems={problems}
              readOnly={readOnly}
              onChange={(seoDescription) => set({ seoDescription })}
            />
          </Section>

          <Section title="Merchandising" id="section-merchandising">
            <Check
              id="product-scarcity"
              label="Show how few are left when stock runs low"
              checked={input.merchandising.scarcityEnabled}
              readOnly={readOnly}
              onChange={(scarcityEnabled) =>
                set({ merchandising: { ...input.merchandising, scarcityEnabled } })
              }
            />
            <Check
              id="product-scarcity-default"
              label="Show it before a variant is picked"
              checked={input.merchandising.scarcityShownByDefault}
              readOnly={readOnly}
              onChange={(scarcityShownByDefault) =>
                set({ merchandising: { ...input.merchandising, scarcityShownByDefault } })
              }
            />
            <TextField
              id="product-scarcity-text"
              label="Low stock text"
              hint="Like: Only {qty} left in stock."
              value={input.merchandising.scarcityText}
              problems={problems}
              readOnly={readOnly}
              onChange={(scarcityText) => set({ merchandising: { ...input.merchandising, scarcityText } })}
            />
            <TextField
              id="product-sold-out-text"
              label="Sold out text"
              value={input.merchandising.soldOutText}
              problems={problems}
              readOnly={readOnly}
              onChange={(soldOutText) => set({ merchandising: { ...input.merchandising, soldOutText } })}
            />
            <Check
              id="product-restock"
              label="Offer to e-mail shoppers when a sold-out variant is back"
              checked={input.merchandising.restockNotificationsEnabled}
              readOnly={readOnly}
              onChange={(restockNotificationsEnabled) =>
                set({ merchandising: { ...input.merchandising, restockNotificationsEnabled } })
              }
            />
            <Check
              id="product-restock-mailing-list"
              label="Offer to join the mailing list with it"
              checked={input.merchandising.restockMailingListOptIn}
              readOnly={readOnly}
              onChange={(restockMailingListOptIn) =>
                set({ merchandising: { ...input.merchandising, restockMailingListOptIn } })
              }
            />
            <TextField
              id="product-add-button"
              label="Add button text"
              hint="The product's own text for the add-to-cart button; the store's when empty."
              value={input.addButtonText}
              problems={problems}
              readOnly={readOnly}
              onChange={(addButtonText) => set({ addButtonText })}
            />
            <p className="cfg-field">
              <label htmlFor="product-fields-form">Additional fields form</label>
              <span id="product-fields-form-hint" className="cfg-hint">
                A form the shopper fills in before adding the product.
              </span>
              {forms.length > 0 ? (
                <select
                  id="product-fields-form"
                  aria-describedby="product-fields-form-hint"
                  value={input.additionalFieldsFormId ?? ''}
                  onChange={(e) => set({ additionalFieldsFormId: e.target.value || null })}
                >
                  <option value="">None</option>
                  {forms.map((f) => (
                    <option key={f.formId} value={f.formId}>
                      {f.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id="product-fields-form"
                  aria-describedby="product-fields-form-hint"
                  value={input.additionalFieldsFormId ?? ''}
                  readOnly={readOnly}
                  onChange={(e) => set({ additionalFieldsFormId: e.target.value.trim() || null })}
                />
              )}
            </p>
          </Section>
        </fieldset>
        {canEdit && (
          <p className="cfg-save">
            <button type="submit" disabled={saving}>
              {id === null ? 'Create the product' : 'Save the product'}
            </button>
          </p>
        )}
      </form>
      {record && (
        <section className="cfg-panel" aria-labelledby="revisions-title">
          <h2 id="revisions-title">Revisions</h2>
          {revisions.length === 0 ? (
            <p>No revision yet.</p>
          ) : (
            <ol className="cfg-timeline">
              {revisions.map((revision) => (
                <li key={revision.id}>
                  <strong>Version {revision.version}</strong>{' '}
                  <span className="cfg-muted">
                    {when(revision.savedOn)}
                    {revision.savedBy ? ` by ${revision.savedBy}` : ''}
                  </span>
                  {revision.changes.length > 0 && <span>: {revision.changes.join('; ')}</span>}{' '}
                  {canEdit && revision.version !== record.version && (
                    <button
                      type="button"
                      className="cfg-button-secondary"
                      aria-label={`Restore version ${revision.version}`}
                      onClick={() => restore(revision.id, revision.version)}
                    >
                      Restore
                    </button>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </>
  );
}
