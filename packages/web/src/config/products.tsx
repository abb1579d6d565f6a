/**
 * The product list (`/config/products`): search, filters (type, visibility, stock, store page,
 * category), sort and keyset paging (Next and Previous: the screen keeps the cursors it came
 * through). Rows are selected for a bulk action (visibility, store page, a category added or
 * removed, a price change by percent, delete: one request, one transaction), and each row offers
 * duplicate, archive and delete. Deleting asks first. Without `catalogue.edit` the list only reads.
 */
import { useEffect, useState } from 'react';
import type {
  ProductBulkAction,
  ProductKind,
  ProductListSort,
  ProductPage,
  ProductRecord,
  ProductSummary,
  StorePages,
  StorePageSummary,
} from '@storefront/core/wire';
import { ConfigError, deleteJson, getJson, postJson, queryOf } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { FilterForm, Outcome, SelectField } from './parts.tsx';
import { Link, navigate } from './router.tsx';

export const PRODUCT_PAGE_SIZE = 50;

const KIND_NAMES: Record<ProductKind, string> = {
  physical: 'Physical',
  digital: 'Digital',
  service: 'Service',
  'gift-card': 'Gift card',
};
const KIND_CHOICES = [['', 'Every type'], ...Object.entries(KIND_NAMES)] as const;
const VISIBILITY_CHOICES = [
  ['', 'Any visibility'],
  ['visible', 'Visible'],
  ['hidden', 'Hidden'],
  ['scheduled', 'Scheduled'],
] as const;
const STOCK_CHOICES = [
  ['', 'Any stock'],
  ['in-stock', 'In stock'],
  ['low', 'Low on stock'],
  ['out-of-stock', 'Out of stock'],
] as const;
const SORT_CHOICES: readonly (readonly [ProductListSort, string])[] = [
  ['-updated', 'Recently updated'],
  ['title', 'Title A–Z'],
  ['-title', 'Title Z–A'],
  ['price', 'Price, low to high'],
  ['-price', 'Price, high to low'],
  ['position', 'Store page order'],
];
const VISIBILITY_NAMES = { visible: 'Visible', hidden: 'Hidden', scheduled: 'Scheduled' } as const;
const STOCK_NAMES = { 'in-stock': 'In stock', low: 'Low', 'out-of-stock': 'Out of stock' } as const;

const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';

type BulkKind = ProductBulkAction['action'];
const BULK_CHOICES: readonly (readonly [BulkKind | '', string])[] = [
  ['', 'Choose an action'],
  ['visibility', 'Set visibility'],
  ['store-page', 'Move to a store page'],
  ['add-category', 'Add a category'],
  ['remove-category', 'Remove a category'],
  ['price-percent', 'Change prices by a percentage'],
  ['delete', 'Delete'],
];

/** The bulk action the bar's fields describe, or the problem with them. */
function bulkActionOf(data: FormData): ProductBulkAction | string {
  const action = String(data.get('action') ?? '');
  const category = String(data.get('category') ?? '').trim();
  switch (action) {
    case 'visibility': {
      const state = String(data.get('visibility') ?? 'visible');
      return { action, visibility: state === 'hidden' ? { state: 'hidden' } : { state: 'visible' } };
    }
    case 'store-page':
      return { action, storePageId: String(data.get('storePageId') ?? '') };
    case 'add-category':
    case 'remove-category':
      return category ? { action, category } : 'Enter the category.';
    case 'price-percent': {
      const percent = Number(String(data.get('percent') ?? '').replace(',', '.'));
      return Number.isFinite(percent) && percent !== 0 && percent > -100
        ? { action, percent }
        : 'Enter a percentage such as 10 (up) or -15 (down).';
    }
    case 'delete':
      return { action };
    default:
      return 'Choose an action.';
  }
}

function BulkBar({
  selected,
  storePages,
  onApply,
}: {
  selected: number;
  storePages: StorePageSummary[];
  onApply: (action: ProductBulkAction) => void;
}) {
  const [kind, setKind] = useState<BulkKind | ''>('');
  const [problem, setProblem] = useState('');
  return (
    <form
      className="cfg-filters cfg-bulk"
      aria-label="Bulk action"
      onSubmit={(event) => {
        event.preventDefault();
        const action = bulkActionOf(new FormData(event.currentTarget));
        if (typeof action === 'string') setProblem(action);
        else {
          setProblem('');
          onApply(action);
        }
      }}
    >
      <p className="cfg-bulk-count">
        {selected} {selected === 1 ? 'product' : 'products'} selected
      </p>
      <p>
        <label htmlFor="bulk-action">Action</label>
        <select
          id="bulk-action"
          name="action"
          value={kind}
          aria-describedby={problem ? 'bulk-problem' : undefined}
          onChange={(e) => setKind(e.target.value as BulkKind | '')}
        >
          {BULK_CHOICES.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </p>
      {kind === 'visibility' && (
        <SelectField
          id="bulk-visibility"
          name="visibility"
          label="Visibility"
          options={[
            ['visible', 'Visible'],
            ['hidden', 'Hidden'],
          ]}
        />
      )}
      {kind === 'store-page' && (
        <SelectField
          id="bulk-store-page"
          name="storePageId"
          label="Store page"
          options={storePages.map((p) => [p.id, p.title] as const)}
        />
      )}
      {(kind === 'add-category' || kind === 'remove-category') && (
        <p>
          <label htmlFor="bulk-category">Category</label>
          <input id="bulk-category" name="category" maxLength={200} />
        </p>
      )}
      {kind === 'price-percent' && (
        <p>
          <label htmlFor="bulk-percent">Change (%)</label>
          <input id="bulk-percent" name="percent" inputMode="decimal" placeholder="-10" />
        </p>
      )}
      <p className="cfg-filter-actions">
        <button type="submit">Apply to selected</button>
      </p>
      {problem && (
        <p id="bulk-problem" role="alert" className="cfg-error">
          {problem}
        </p>
      )}
    </form>
  );
}

type Ask =
  | { kind: 'bulk-delete'; ids: string[] }
  | { kind: 'delete'; product: ProductSummary }
  | { kind: 'archive'; product: ProductSummary };

export function ProductsScreen({ canEdit }: { canEdit: boolean }) {
  const [filters, setFilters] = useState<Record<string, string>>({ sort: '-updated' });
  const [cursors, setCursors] = useState<string[]>([]);
  const [page, setPage] = useState<ProductPage>();
  const [storePages, setStorePages] = useState<StorePageSummary[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [ask, setAsk] = useState<Ask>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const cursor = cursors[cursors.length - 1] ?? '';

  useEffect(() => {
    getJson<StorePages>('/api/config/store-pages').then(
      (answer) => setStorePages(answer.storePages),
      (e: unknown) => setError(problemOf(e)),
    );
  }, []);
  useEffect(() => {
    getJson<ProductPage>(
      `/api/config/products${queryOf({ ...filters, cursor, limit: String(PRODUCT_PAGE_SIZE) })}`,
    ).then(
      (answer) => {
        setPage(answer);
        setSelected((now) => new Set(answer.products.filter((p) => now.has(p.id)).map((p) => p.id)));
      },
      (e: unknown) => setError(problemOf(e)),
    );
  }, [filters, cursor, tick]);

  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      setDone(await run());
      setTick((n) => n + 1);
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
      setAsk(undefined);
    }
  };
  const bulk = (action: ProductBulkAction, ids: string[]) =>
    act(async () => {
      await postJson('/api/config/products/bulk', { productIds: ids, ...action });
      setSelected(new Set());
      const n = `${ids.length} ${ids.length === 1 ? 'product' : 'products'}`;
      return action.action === 'delete' ? `${n} deleted.` : `${n} changed.`;
    });
  const path = (p: ProductSummary, tail = '') => `/api/config/products/${encodeURIComponent(p.id)}${tail}`;
  const duplicate = (p: ProductSummary) =>
    act(async () => {
      const copy = await postJson<ProductRecord>(path(p, '/duplicate'));
      navigate(`/config/products/${copy.id}`);
      return `${p.title} duplicated.`;
    });

  const rows = page?.products ?? [];
  const allSelected = rows.length > 0 && rows.every((p) => selected.has(p.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <h1>Products</h1>
      {canEdit && (
        <p>
          <Link className="cfg-button-secondary" href="/config/products/new">
            New product
          </Link>
        </p>
      )}
      <FilterForm
        search
        onFilter={(data) => {
          const values: Record<string, string> = {};
          for (const [key, value] of data.entries())
            if (typeof value === 'string' && value.trim()) values[key] = value.trim();
          setFilters(values);
          setCursors([]);
        }}
      >
        <p>
          <label htmlFor="p-q">Search</label>
          <input id="p-q" name="q" type="search" placeholder="Title or SKU" />
        </p>
        <SelectField id="p-kind" name="kind" label="Type" options={KIND_CHOICES} />
        <SelectField id="p-visibility" name="visibility" label="Visibility" options={VISIBILITY_CHOICES} />
        <SelectField id="p-stock" name="stock" label="Stock" options={STOCK_CHOICES} />
        <SelectField
          id="p-store-page"
          name="storePageId"
          label="Store page"
          options={[['', 'Every store page'], ...storePages.map((p) => [p.id, p.title] as const)]}
        />
        <p>
          <label htmlFor="p-category">Category</label>
          <input id="p-category" name="category" />
        </p>
        <SelectField id="p-sort" name="sort" label="Sort by" options={SORT_CHOICES} defaultValue="-updated" />
      </FilterForm>
      <Outcome done={done} error={error} />
      {canEdit && selected.size > 0 && (
        <BulkBar
          selected={selected.size}
          storePages={storePages}
          onApply={(action) =>
            action.action === 'delete'
              ? setAsk({ kind: 'bulk-delete', ids: [...selected] })
              : void bulk(action, [...selected])
          }
        />
      )}
      {page && (
        <table className="cfg-table cfg-products">
          <caption>
            {rows.length
              ? `${page.total} ${page.total === 1 ? 'product' : 'products'}${cursors.length ? `, page ${cursors.length + 1}` : ''}`
              : 'No product matches.'}
          </caption>
          <thead>
            <tr>
              {canEdit && (
                <td>
                  <input
                    type="checkbox"
                    aria-label="Select every product on this page"
                    checked={allSelected}
                    onChange={(e) =>
                      setSelected(e.target.checked ? new Set(rows.map((p) => p.id)) : new Set())
                    }
                  />
                </td>
              )}
              <th scope="col">Product</th>
              <th scope="col">Type</th>
              <th scope="col">Store page</th>
              <th scope="col">Visibility</th>
              <th scope="col" className="cfg-num">
                Price
              </th>
              <th scope="col">Stock</th>
              {canEdit && (
                <th scope="col">
                  <span className="cfg-visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id}>
                {canEdit && (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${p.title}`}
                      checked={selected.has(p.id)}
                      onChange={(e) => toggle(p.id, e.target.checked)}
                    />
                  </td>
                )}
                <th scope="row">
                  <Link href={`/config/products/${p.id}`}>{p.title}</Link>
                  {p.variantCount > 1 && <span className="cfg-muted"> ({p.variantCount} variants)</span>}
                </th>
                <td data-label="Type">{KIND_NAMES[p.kind]}</td>
                <td data-label="Store page">{p.storePageTitle}</td>
                <td data-label="Visibility">{VISIBILITY_NAMES[p.visibility]}</td>
                <td data-label="Price" className="cfg-num">
                  {p.variantCount > 1 ? 'from ' : ''}
                  {p.price}
                  {p.onSale && <span className="cfg-badge cfg-badge-cancelled"> On sale</span>}
                </td>
                <td data-label="Stock">
                  {p.stock === null ? 'Unlimited' : p.stock} ({STOCK_NAMES[p.stockState]})
                </td>
                {canEdit && (
                  <td className="cfg-row-actions">
                    <button
                      type="button"
                      className="cfg-button-secondary"
                      disabled={busy}
                      aria-label={`Duplicate ${p.title}`}
                      onClick={() => void duplicate(p)}
                    >
                      Duplicate
                    </button>
                    {p.visibility !== 'hidden' && (
                      <button
                        type="button"
                        className="cfg-button-secondary"
                        disabled={busy}
                        aria-label={`Archive ${p.title}`}
                        onClick={() => setAsk({ kind: 'archive', product: p })}
                      >
                        Archive
                      </button>
                    )}
                    <button
                      type="button"
                      className="cfg-button-secondary"
                      disabled={busy}
                      aria-label={`Delete ${p.title}`}
                      onClick={() => setAsk({ kind: 'delete', product: p })}
                    >
                      Delete
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="cfg-pager">
        {cursors.length > 0 && (
          <button
            type="button"
            className="cfg-button-secondary"
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            Previous
          </button>
        )}
        {page?.hasNextPage && page.nextPageCursor && (
          <button
            type="button"
            className="cfg-button-secondary"
            onClick={() => setCursors((c) => [...c, page.nextPageCursor ?? ''])}
          >
            Next
          </button>
        )}
      </p>
      <ConfirmDialog
        open={ask !== undefined}
        title={
          ask?.kind === 'bulk-delete'
            ? `Delete ${ask.ids.length} ${ask.ids.length === 1 ? 'product' : 'products'}?`
            : ask?.kind === 'archive'
              ? `Archive ${ask.product.title}?`
              : `Delete ${ask?.product.title ?? ''}?`
        }
        confirmText={ask?.kind === 'archive' ? 'Archive' : 'Delete'}
        danger={ask?.kind !== 'archive'}
        busy={busy}
        onKeep={() => setAsk(undefined)}
        onConfirm={() => {
          if (ask?.kind === 'bulk-delete') void bulk({ action: 'delete' }, ask.ids);
          else if (ask?.kind === 'delete') {
            const product = ask.product;
            void act(async () => {
              await deleteJson(path(product));
              return `${product.title} deleted.`;
            });
          } else if (ask?.kind === 'archive') {
            const product = ask.product;
            // Archiving is hiding: the product stays here and can be shown again.
            void act(async () => {
              await postJson('/api/config/products/bulk', {
                productIds: [product.id],
                action: 'visibility',
                visibility: { state: 'hidden' },
              });
              return `${product.title} archived: hidden from the store.`;
            });
          }
        }}
      >
        <p>
          {ask?.kind === 'archive'
            ? 'It is hidden from the store and stays here, where it can be made visible again.'
            : 'Its page leaves the store and it cannot be brought back. Orders that hold it keep their lines.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
