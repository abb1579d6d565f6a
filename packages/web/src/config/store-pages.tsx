/**
 * Store pages (issue 30): the list, a new page, and one page's title, address and page size, the
 * order of its products (dragged, or moved with the keyboard by each product's Up and Down buttons,
 * the move read out) and its categories as a tree. Every change is saved at once and shows on the
 * storefront's next request. Each save is made on the version the screen shows: when someone saved
 * the page since, the server answers 409 naming who and when, and the screen keeps what was typed
 * (or the order made) with the choice to save it over theirs or to load theirs. The page's revisions
 * are listed, and any of them can be restored.
 */
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import type {
  RecordChanged,
  RecordRevision,
  RecordRevisions,
  StorePageDetail,
  StorePageProduct,
  StorePages,
} from '@storefront/core/wire';
import { ConfigError, deleteJson, getJson, patchJson, postJson, putJson } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { InlineError, Outcome, RecordsTable } from './parts.tsx';
import { ConflictChoices, recordChangedOf, RevisionList } from './record-versions.tsx';
import { Link, navigate } from './router.tsx';
import { oneEditMessage, sameTerm, termExistsMessage } from './products-model.ts';

const API = '/api/config/store-pages';
const MAX_PAGE_SIZE = 200;
const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';
const pageApi = (id: string) => `${API}/${encodeURIComponent(id)}`;
/** An element id naming a category path (paths hold spaces and slashes, ids may not). */
const categoryId = (prefix: string, path: string) =>
  `${prefix}-${encodeURIComponent(path).replace(/[^\w-]/g, '_')}`;

/** A category path as the server keeps it: each level trimmed. */
const pathOf = (typed: string) =>
  typed
    .split('/')
    .map((level) => level.trim())
    .join('/');

/** The slug a title suggests: lower-case words joined by hyphens. */
const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

export function StorePagesScreen({ canEdit }: { canEdit: boolean }) {
  const [pages, setPages] = useState<StorePages>();
  const [error, setError] = useState('');

  useEffect(() => {
    getJson<StorePages>(API).then(setPages, (e: unknown) => setError(problemOf(e)));
  }, []);

  return (
    <>
      <h1>Store pages</h1>
      <Outcome done="" error={error} />
      {!pages ? (
        !error && <p>Loading…</p>
      ) : (
        <RecordsTable
          caption="Store pages, in the site's order"
          emptyText="No store pages yet."
          rows={pages.storePages}
          rowKey={(p) => p.id}
          columns={[
            {
              header: 'Store page',
              cell: (p) => <Link href={`/config/store-pages/${p.id}`}>{p.title}</Link>,
            },
            { header: 'Address', cell: (p) => `/${p.slug}` },
            { header: 'Products', numeric: true, cell: (p) => p.productCount },
            { header: 'Per page', numeric: true, cell: (p) => p.pageSize },
            { header: 'Categories', numeric: true, cell: (p) => p.categories.length },
          ]}
        />
      )}
      {canEdit ? (
        <NewStorePage />
      ) : (
        <p>You can read the store pages; changing them needs the store manager or admin role.</p>
      )}
    </>
  );
}

function NewStorePage() {
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [pageSize, setPageSize] = useState('50');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const shownSlug = slugEdited ? slug : slugOf(title);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const page = await postJson<StorePageDetail>(API, {
        title,
        slug: shownSlug,
        pageSize: Number(pageSize),
      });
      navigate(`/config/store-pages/${page.id}`);
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="cfg-panel cfg-form" aria-label="New store page" onSubmit={(e) => void onSubmit(e)}>
      <h2>New store page</h2>
      <p>
        <label htmlFor="new-page-title">Title</label>
        <input
          id="new-page-title"
          required
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor="new-page-slug">Address</label>
        <span className="cfg-inline-form">
          <span aria-hidden="true">/</span>
          <input
            id="new-page-slug"
            required
            maxLength={100}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            aria-describedby="new-page-slug-hint"
            value={shownSlug}
            onChange={(e) => {
              setSlugEdited(true);
              setSlug(e.target.value);
            }}
          />
        </span>
        <span id="new-page-slug-hint" className="cfg-muted">
          Lower-case letters, digits and hyphens.
        </span>
      </p>
      <p>
        <label htmlFor="new-page-size">Products per page</label>
        <input
          id="new-page-size"
          type="number"
          min={1}
          max={MAX_PAGE_SIZE}
          required
          value={pageSize}
          onChange={(e) => setPageSize(e.target.value)}
        />
      </p>
      <p>
        <button type="submit" disabled={busy}>
          Create store page
        </button>{' '}
        <InlineError error={error} />
      </p>
    </form>
  );
}

export function StorePageScreen({ id, canEdit }: { id: string; canEdit: boolean }) {
  const [page, setPage] = useState<StorePageDetail>();
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  /** Moves when the page is loaded again or restored: the settings form starts from it anew. */
  const [loaded, setLoaded] = useState(0);

  useEffect(() => {
    getJson<StorePageDetail>(pageApi(id)).then(setPage, (e: unknown) => setError(problemOf(e)));
  }, [id]);

  if (!page)
    return (
      <>
        <h1>Store page</h1>
        <Outcome done="" error={error} />
        {!error && <p>Loading…</p>}
      </>
    );

  const saved = (next: StorePageDetail, message: string) => {
    setPage(next);
    setError('');
    setDone(message);
  };
  const failed = (e: unknown) => {
    setDone('');
    setError(problemOf(e));
  };
  const reload = () =>
    getJson<StorePageDetail>(pageApi(id)).then((next) => {
      setLoaded((n) => n + 1);
      saved(next, `Loaded version ${next.version}.`);
    }, failed);
  const restored = (next: StorePageDetail, version: number) => {
    setLoaded((n) => n + 1);
    saved(next, `Restored version ${version}: the page is now version ${next.version}.`);
  };

  return (
    <>
      <p>
        <Link href="/config/store-pages">All store pages</Link>
      </p>
      <h1>{page.title}</h1>
      <p>
        <a href={`/${page.slug}`}>View /{page.slug} on the site</a>
      </p>
      {!canEdit && <p>You can read this store page; changing it needs the store manager or admin role.</p>}
      <Outcome done={done} error={error} />
      <PageSettings key={loaded} page={page} canEdit={canEdit} onSaved={saved} onReload={reload} />
      <ProductOrder page={page} canEdit={canEdit} onSaved={saved} onFailed={failed} onReload={reload} />
      <Categories page={page} canEdit={canEdit} onSaved={saved} onFailed={failed} />
      <PageRevisions page={page} canEdit={canEdit} onRestored={restored} onFailed={failed} />
      {canEdit && <DeletePage page={page} onFailed={failed} />}
    </>
  );
}

interface PartProps {
  page: StorePageDetail;
  canEdit: boolean;
  onSaved: (page: StorePageDetail, message: string) => void;
  onFailed?: (error: unknown) => void;
  /** Loads the page as saved now, dropping what this part holds. */
  onReload?: () => void;
}

function PageSettings({ page, canEdit, onSaved, onReload }: PartProps) {
  const [title, setTitle] = useState(page.title);
  const [slug, setSlug] = useState(page.slug);
  const [pageSize, setPageSize] = useState(String(page.pageSize));
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState<RecordChanged>();
  const [busy, setBusy] = useState(false);

  const save = async (version: number) => {
    setBusy(true);
    setError('');
    try {
      const next = await patchJson<StorePageDetail>(pageApi(page.id), {
        version,
        title,
        slug,
        pageSize: Number(pageSize),
      });
      setConflict(undefined);
      onSaved(
        next,
        next.slug === page.slug ? 'Saved.' : `Saved. /${page.slug} now sends visitors to /${next.slug}.`,
      );
    } catch (e) {
      setConflict(recordChangedOf(e));
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(page.version);
  };

  return (
    <form className="cfg-panel cfg-form" aria-label="Store page settings" onSubmit={(e) => void onSubmit(e)}>
      <h2>Settings</h2>
      <p>
        <label htmlFor="page-title">Title</label>
        <input
          id="page-title"
          required
          maxLength={200}
          disabled={!canEdit}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor="page-slug">Address</label>
        <input
          id="page-slug"
          required
          maxLength={100}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          disabled={!canEdit}
          aria-describedby="page-slug-hint"
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
        />
        <span id="page-slug-hint" className="cfg-muted">
          Lower-case letters, digits and hyphens. The old address keeps working: it sends visitors here.
        </span>
      </p>
      <p>
        <label htmlFor="page-size">Products per page</label>
        <input
          id="page-size"
          type="number"
          min={1}
          max={MAX_PAGE_SIZE}
          required
          disabled={!canEdit}
          value={pageSize}
          onChange={(e) => setPageSize(e.target.value)}
        />
      </p>
      {canEdit && (
        <p>
          <button type="submit" disabled={busy}>
            Save settings
          </button>
        </p>
      )}
      {canEdit && (error || conflict) && (
        <p>
          <InlineError error={error} />
          {conflict && (
            <ConflictChoices
              conflict={conflict}
              busy={busy}
              onSaveMine={() => void save(conflict.currentVersion)}
              onLoadTheirs={() => onReload?.()}
            />
          )}
        </p>
      )}
    </form>
  );
}

/** `list` with the entry at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}

function ProductOrder({ page, canEdit, onSaved, onFailed, onReload }: PartProps) {
  const [products, setProducts] = useState<StorePageProduct[]>(page.products);
  const [conflict, setConflict] = useState<{ refusal: RecordChanged; message: string }>();
  // A ref, not a disabled button: disabling the focused button would drop the keyboard user's place.
  const saving = useRef(false);
  const [dragging, setDragging] = useState<number>();
  /** The button to give focus back to once a move is drawn (the list's nodes move under it). */
  const focusAfter = useRef<string | undefined>(undefined);

  useEffect(() => setProducts(page.products), [page.products]);
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = undefined;
  });

  if (page.productCount > page.orderLimit)
    return (
      <section className="cfg-panel" aria-labelledby="order-title">
        <h2 id="order-title">Product order</h2>
        <p>
          {page.title} holds {page.productCount} products: products can be put in order by hand on a store
          page of at most {page.orderLimit}. Shoppers can sort it by title, price or date.
        </p>
      </section>
    );

  const move = async (from: number, to: number, how: 'keyboard' | 'drag') => {
    const product = products[from];
    if (saving.current || !product || to < 0 || to >= products.length || from === to) return;
    saving.current = true;
    const before = products;
    const next = moved(products, from, to);
    setProducts(next);
    if (how === 'keyboard') {
      const direction = to < from ? 'up' : 'down';
      const edge = direction === 'up' ? to === 0 : to === next.length - 1;
      focusAfter.current = `move-${edge ? (direction === 'up' ? 'down' : 'up') : direction}-${product.id}`;
    }
    try {
      const saved = await putJson<StorePageDetail>(`${pageApi(page.id)}/order`, {
        version: page.version,
        productIds: next.map((p) => p.id),
      });
      setConflict(undefined);
      // Read out by the screen's status line.
      onSaved(
        saved,
        `${product.title} moved to position ${to + 1} of ${next.length}. The site shows the new order.`,
      );
    } catch (e) {
      const refusal = recordChangedOf(e);
      // Someone saved the page since: the order made here stays on screen, to save over theirs or drop.
      if (refusal && e instanceof Error) setConflict({ refusal, message: e.message });
      else {
        setProducts(before);
        onFailed?.(e);
      }
    } finally {
      saving.current = false;
    }
  };

  const saveMine = async (version: number) => {
    if (saving.current) return;
    saving.current = true;
    try {
      const saved = await putJson<StorePageDetail>(`${pageApi(page.id)}/order`, {
        version,
        productIds: products.map((p) => p.id),
      });
      setConflict(undefined);
      onSaved(saved, 'Your order is saved. The site shows it.');
    } catch (e) {
      const refusal = recordChangedOf(e);
      if (refusal && e instanceof Error) setConflict({ refusal, message: e.message });
      else {
        setConflict(undefined);
        onFailed?.(e);
      }
    } finally {
      saving.current = false;
    }
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = Number(event.dataTransfer.getData('text/plain'));
    setDragging(undefined);
    if (Number.isInteger(from)) void move(from, to, 'drag');
  };

  return (
    <section className="cfg-panel" aria-labelledby="order-title">
      <h2 id="order-title">Product order</h2>
      {products.length === 0 ? (
        <p>No products on this page yet.</p>
      ) : (
        <>
          {canEdit && (
            <p id="order-hint" className="cfg-muted">
              Drag a product to its place, or use its Up and Down buttons. Each move is saved at once.
            </p>
          )}
          {conflict && (
            <p>
              <InlineError error={conflict.message} />{' '}
              <ConflictChoices
                conflict={conflict.refusal}
                what="Your order is still on screen."
                busy={false}
                onSaveMine={() => void saveMine(conflict.refusal.currentVersion)}
                onLoadTheirs={() => {
                  setConflict(undefined);
                  onReload?.();
                }}
              />
            </p>
          )}
          <ol className="cfg-order" aria-label="Products in the order shoppers see them">
            {products.map((product, index) => (
              <li
                key={product.id}
                className={dragging === index ? 'cfg-order-item cfg-order-dragging' : 'cfg-order-item'}
                draggable={canEdit}
                onDragStart={(event) => {
                  event.dataTransfer.setData('text/plain', String(index));
                  event.dataTransfer.effectAllowed = 'move';
                  setDragging(index);
                }}
                onDragEnd={() => setDragging(undefined)}
                onDragOver={(event) => {
                  if (canEdit) event.preventDefault();
                }}
                onDrop={(event) => onDrop(event, index)}
              >
                {canEdit && (
                  <span className="cfg-order-handle" aria-hidden="true">
                    ⠿
                  </span>
                )}
                <span className="cfg-order-title">{product.title}</span>
                {canEdit && (
                  <span className="cfg-order-buttons">
                    <button
                      type="button"
                      id={`move-up-${product.id}`}
                      className="cfg-button-secondary"
                      aria-label={`Move ${product.title} up`}
                      aria-describedby="order-hint"
                      disabled={index === 0}
                      onClick={() => void move(index, index - 1, 'keyboard')}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      id={`move-down-${product.id}`}
                      className="cfg-button-secondary"
                      aria-label={`Move ${product.title} down`}
                      aria-describedby="order-hint"
                      disabled={index === products.length - 1}
                      onClick={() => void move(index, index + 1, 'keyboard')}
                    >
                      Down
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

// ------------------------------------------------------------------ categories

interface CategoryNode {
  path: string;
  name: string;
  children: CategoryNode[];
}

/** The paths as a tree, siblings in the order of the list; a path whose parent is missing is a root. */
function treeOf(paths: readonly string[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const path of paths) {
    const cut = path.lastIndexOf('/');
    const node = { path, name: cut < 0 ? path : path.slice(cut + 1), children: [] };
    nodes.set(path, node);
  }
  for (const path of paths) {
    const node = nodes.get(path) as CategoryNode;
    const cut = path.lastIndexOf('/');
    const parent = cut < 0 ? undefined : nodes.get(path.slice(0, cut));
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Every path of the tree, each parent before its children. */
const flatten = (nodes: readonly CategoryNode[]): string[] =>
  nodes.flatMap((node) => [node.path, ...flatten(node.children)]);

/** The tree with `path` moved one place among its siblings (`-1` up, `1` down). */
function withSiblingMoved(nodes: CategoryNode[], path: string, step: -1 | 1): CategoryNode[] {
  const index = nodes.findIndex((node) => node.path === path);
  if (index >= 0) return moved(nodes, index, Math.min(nodes.length - 1, Math.max(0, index + step)));
  return nodes.map((node) => ({ ...node, children: withSiblingMoved(node.children, path, step) }));
}

function Categories({ page, canEdit, onSaved, onFailed }: PartProps) {
  const [path, setPath] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<string>();
  const [deleting, setDeleting] = useState<string>();
  /** The spec's hint when a second rename is started while one is open, read out. */
  const [notice, setNotice] = useState('');
  const tree = treeOf(page.categories);
  const categoriesApi = `${pageApi(page.id)}/categories`;

  const working = useRef(false);
  /** The category whose move button gets focus back once the moved tree is drawn. */
  const focusAfter = useRef<{ path: string; step: -1 | 1 } | undefined>(undefined);
  useEffect(() => {
    const target = focusAfter.current;
    if (!target || busy) return;
    focusAfter.current = undefined;
    // At the end it moved to, its button that way is off: the other one keeps the user's place.
    const [same, other] = target.step < 0 ? ['up', 'down'] : ['down', 'up'];
    const button = document.getElementById(categoryId(`category-${same}`, target.path));
    const place =
      button instanceof HTMLButtonElement && !button.disabled
        ? button
        : document.getElementById(categoryId(`category-${other}`, target.path));
    place?.focus();
  });
  const act = async (work: () => Promise<StorePageDetail>, message: string, after?: () => void) => {
    if (working.current) return;
    working.current = true;
    setBusy(true);
    try {
      onSaved(await work(), message);
      after?.();
    } catch (e) {
      onFailed?.(e);
    } finally {
      working.current = false;
      setBusy(false);
    }
  };

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (page.categories.some((category) => sameTerm(category, pathOf(path)))) {
      setError(termExistsMessage('category'));
      return;
    }
    setBusy(true);
    try {
      onSaved(await postJson<StorePageDetail>(categoriesApi, { path }), `Category ${path.trim()} added.`);
      setPath('');
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  const move = (node: CategoryNode, step: -1 | 1) =>
    act(
      () =>
        putJson<StorePageDetail>(`${categoriesApi}/order`, {
          categories: flatten(withSiblingMoved(tree, node.path, step)),
        }),
      `${node.path} moved ${step < 0 ? 'up' : 'down'}.`,
      () => {
        focusAfter.current = { path: node.path, step };
      },
    );

  const draw = (nodes: CategoryNode[]) => (
    <ul className="cfg-tree">
      {nodes.map((node, index) => (
        <li key={node.path}>
          <span className="cfg-tree-row">
            <span className="cfg-tree-name">{node.name}</span>
            {canEdit && renaming !== node.path && (
              <span className="cfg-order-buttons">
                <button
                  type="button"
                  className="cfg-button-secondary"
                  id={categoryId('category-up', node.path)}
                  aria-label={`Move category ${node.path} up`}
                  disabled={index === 0}
                  onClick={() => void move(node, -1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="cfg-button-secondary"
                  id={categoryId('category-down', node.path)}
                  aria-label={`Move category ${node.path} down`}
                  disabled={index === nodes.length - 1}
                  onClick={() => void move(node, 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="cfg-button-secondary"
                  aria-label={`Rename category ${node.path}`}
                  disabled={busy}
                  onClick={() => {
                    if (renaming !== undefined) {
                      setNotice(oneEditMessage('category'));
                      document.getElementById(categoryId('rename', renaming))?.focus();
                      return;
                    }
                    setNotice('');
                    setRenaming(node.path);
                  }}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="cfg-button-danger"
                  aria-label={`Delete category ${node.path}`}
                  disabled={busy}
                  onClick={() => setDeleting(node.path)}
                >
                  Delete
                </button>
              </span>
            )}
          </span>
          {renaming === node.path && (
            <RenameCategory
              from={node.path}
              others={page.categories.filter((c) => c !== node.path && !c.startsWith(`${node.path}/`))}
              busy={busy}
              onCancel={() => {
                setNotice('');
                setRenaming(undefined);
              }}
              onRename={(to) =>
                act(
                  () => patchJson<StorePageDetail>(categoriesApi, { from: node.path, to }),
                  `${node.path} renamed to ${to.trim()} on every product.`,
                  () => {
                    setNotice('');
                    setRenaming(undefined);
                  },
                )
              }
            />
          )}
          {node.children.length > 0 && draw(node.children)}
        </li>
      ))}
    </ul>
  );

  return (
    <section className="cfg-panel" aria-labelledby="categories-title">
      <h2 id="categories-title">Categories</h2>
      <div className="cfg-term-notice" aria-live="polite">
        {notice}
      </div>
      {tree.length === 0 ? <p>No categories yet.</p> : draw(tree)}
      {canEdit && (
        <form className="cfg-form" aria-label="New category" onSubmit={(e) => void onAdd(e)}>
          <p>
            <label htmlFor="new-category">New category</label>
            <input
              id="new-category"
              required
              aria-describedby="new-category-hint"
              value={path}
              onChange={(e) => setPath(e.target.value)}
            />
            <span id="new-category-hint" className="cfg-muted">
              Put a / between levels to nest it: Home/Kitchen. At most 25 characters a level.
            </span>
          </p>
          <p>
            <button type="submit" disabled={busy}>
              Add category
            </button>{' '}
            <InlineError error={error} />
          </p>
        </form>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete category ${deleting ?? ''}?`}
        confirmText="Delete the category"
        keepText="Keep it"
        danger
        busy={busy}
        onKeep={() => setDeleting(undefined)}
        onConfirm={() => {
          const doomed = deleting as string;
          void act(
            () => deleteJson<StorePageDetail>(`${categoriesApi}?path=${encodeURIComponent(doomed)}`),
            `Category ${doomed} deleted.`,
            () => setDeleting(undefined),
          );
        }}
      >
        <p>
          It is taken off every product that carries it, with every category nested under it. The products
          stay on the page.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function RenameCategory({
  from,
  others,
  busy,
  onRename,
  onCancel,
}: {
  from: string;
  /** The page's categories other than this one and those under it: a new name may be none of them. */
  others: readonly string[];
  busy: boolean;
  onRename: (to: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [to, setTo] = useState(from);
  const [problem, setProblem] = useState('');
  const id = categoryId('rename', from);
  return (
    <form
      className="cfg-inline-form"
      aria-label={`Rename category ${from}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (others.some((category) => sameTerm(category, pathOf(to)))) {
          setProblem(termExistsMessage('category'));
          return;
        }
        setProblem('');
        void onRename(to);
      }}
    >
      <label htmlFor={id}>New name</label>
      <input
        id={id}
        required
        value={to}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setTo(e.target.value)}
      />
      <span id={`${id}-problem`} className="cfg-term-notice" aria-live="polite">
        {problem}
      </span>
      <button type="submit" disabled={busy}>
        Rename
      </button>
      <button type="button" className="cfg-button-secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

function PageRevisions({
  page,
  canEdit,
  onRestored,
  onFailed,
}: {
  page: StorePageDetail;
  canEdit: boolean;
  onRestored: (page: StorePageDetail, version: number) => void;
  onFailed: (e: unknown) => void;
}) {
  const [revisions, setRevisions] = useState<RecordRevision[]>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    getJson<RecordRevisions>(`${pageApi(page.id)}/revisions`).then(
      (answer) => setRevisions(answer.revisions),
      onFailed,
    );
  }, [page.id, page.version]);

  const restore = (revision: RecordRevision) => {
    setBusy(true);
    postJson<StorePageDetail>(
      `${pageApi(page.id)}/revisions/${encodeURIComponent(revision.id)}/restore`,
    ).then(
      (next) => {
        setBusy(false);
        onRestored(next, revision.version);
      },
      (e: unknown) => {
        setBusy(false);
        onFailed(e);
      },
    );
  };

  return (
    <section className="cfg-panel" aria-labelledby="revisions-title">
      <h2 id="revisions-title">Revisions</h2>
      <p className="cfg-muted">
        Version {page.version}
        {page.updatedBy ? `, saved by ${page.updatedBy}` : ''}. Restoring a version brings back its title,
        address, products per page and product order, as a new version.
      </p>
      {revisions && (
        <RevisionList
          revisions={revisions}
          currentVersion={page.version}
          canEdit={canEdit}
          busy={busy}
          label={`Revisions of ${page.title}`}
          onRestore={restore}
        />
      )}
    </section>
  );
}

function DeletePage({ page, onFailed }: { page: StorePageDetail; onFailed: (e: unknown) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (page.productCount > 0) return null;
  return (
    <section className="cfg-panel" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete</h2>
      <p>This store page holds no products: it can be deleted.</p>
      <button type="button" className="cfg-button-danger" onClick={() => setAsking(true)}>
        Delete store page
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete ${page.title}?`}
        confirmText="Delete the store page"
        keepText="Keep it"
        danger
        busy={busy}
        onKeep={() => setAsking(false)}
        onConfirm={() => {
          setBusy(true);
          deleteJson(pageApi(page.id)).then(
            () => navigate('/config/store-pages'),
            (e: unknown) => {
              setBusy(false);
              setAsking(false);
              onFailed(e);
            },
          );
        }}
      >
        <p>/{page.slug} will show the site&rsquo;s not-found page. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
