/**
 * Predictive search (issue 18) on the header's search form (`form[data-search-island]`, a plain GET
 * form to /search that works without JavaScript). Loaded on the form's first focus or pointer
 * (main.tsx), it turns the input into an ARIA 1.2 combobox: while the shopper types (debounced), the
 * first results of each type from `/api/search/suggest` show in a listbox below; the arrows move
 * through them (aria-activedescendant: focus stays in the input), Enter opens the one chosen (or
 * submits the search), Escape closes the list. A live region says how many results there are.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { message } from '../core.ts';
import { SEARCH_FORM_SELECTOR } from './markers.ts';
import './search.css';

/** What `/api/search/suggest` answers. */
export interface Suggestions {
  query: string;
  url: string;
  total: number;
  groups: {
    type: string;
    label: string;
    count: number;
    results: {
      title: string;
      titleHtml: string;
      url: string;
      imageUrl: string | null;
      price: string | null;
    }[];
  }[];
}

export const SUGGEST_PATH = '/api/search/suggest';
/** Wait after the last key before asking. */
export const DEBOUNCE_MS = 200;
/** Fewer characters than this ask nothing. */
const MIN_CHARS = 2;
const MAX_CHARS = 200;

interface Option {
  id: string;
  url: string;
  /** Escaped HTML from the server, with <mark>s. */
  html: string;
  price: string | null;
  groupIndex: number;
}

function optionsOf(data: Suggestions, idPrefix: string): Option[] {
  const options: Option[] = data.groups.flatMap((group, groupIndex) =>
    group.results.map((r, i) => ({
      id: `${idPrefix}-${groupIndex}-${i}`,
      url: r.url,
      html: r.titleHtml,
      price: r.price,
      groupIndex,
    })),
  );
  if (options.length)
    options.push({
      id: `${idPrefix}-all`,
      url: data.url,
      html: escapeText(message('search.see-all', { query: data.query })),
      price: null,
      groupIndex: -1,
    });
  return options;
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function SearchSuggest({ form, input }: { form: HTMLFormElement; input: HTMLInputElement }) {
  const listId = useId();
  const [data, setData] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | undefined>(undefined);
  const options = data ? optionsOf(data, `${listId}-option`) : [];
  const state = useRef({ options, active, open });
  state.current = { options, active, open };

  const ask = useCallback(
    (q: string) => {
      request.current?.abort();
      const query = q.trim();
      if (query.length < MIN_CHARS || query.length > MAX_CHARS) {
        setData(null);
        setOpen(false);
        setActive(-1);
        return;
      }
      const controller = new AbortController();
      request.current = controller;
      fetch(`${SUGGEST_PATH}?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<Suggestions>) : null))
        .then((answer) => {
          if (controller.signal.aborted || !answer) return;
          setData(answer);
          setActive(-1);
          setOpen(document.activeElement === input);
        })
        .catch(() => undefined);
    },
    [input],
  );

  useEffect(() => {
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listId);
    input.setAttribute('aria-expanded', 'false');
    const onInput = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => ask(input.value), DEBOUNCE_MS);
    };
    const go = (url: string) => window.location.assign(url);
    const onKey = (event: KeyboardEvent) => {
      const { options: list, active: current, open: shown } = state.current;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (list.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // -1 (the input) and the options form a ring.
        const ring = list.length + 1;
        setActive(shown ? ((current + 1 + step + ring) % ring) - 1 : step > 0 ? 0 : list.length - 1);
      } else if (event.key === 'Enter') {
        const chosen = shown ? list[current] : undefined;
        if (chosen) {
          event.preventDefault();
          go(chosen.url);
        }
      } else if (event.key === 'Escape') {
        if (shown) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) setOpen(false);
    };
    const onFocus = () => {
      if (state.current.options.length) setOpen(true);
    };
    input.addEventListener('input', onInput);
    input.addEventListener('keydown', onKey);
    input.addEventListener('focus', onFocus);
    form.addEventListener('focusout', onFocusOut);
    // Typed before this island loaded: ask now.
    if (input.value.trim()) ask(input.value);
    return () => {
      clearTimeout(timer.current);
      request.current?.abort();
      input.removeEventListener('input', onInput);
      input.removeEventListener('keydown', onKey);
      input.removeEventListener('focus', onFocus);
      form.removeEventListener('focusout', onFocusOut);
    };
  }, [ask, form, input, listId]);

  const shown = open && options.length > 0;
  useEffect(() => {
    input.setAttribute('aria-expanded', String(shown));
    const chosen = shown ? options[active] : undefined;
    if (chosen) input.setAttribute('aria-activedescendant', chosen.id);
    else input.removeAttribute('aria-activedescendant');
    if (chosen) document.getElementById(chosen.id)?.scrollIntoView({ block: 'nearest' });
  });

  const announce = !data
    ? ''
    : data.total === 0
      ? message('search.suggest-none')
      : data.total === 1
        ? message('search.suggest-one')
        : message('search.suggest-many', { count: data.total });

  const optionView = (option: Option) => (
    <div
      key={option.id}
      id={option.id}
      role="option"
      aria-selected={options[active]?.id === option.id}
      className={`sf-suggest__option${option.groupIndex < 0 ? ' sf-suggest__option--all' : ''}`}
      // Keeps the focus in the input: the click below navigates.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => window.location.assign(option.url)}
    >
      <span dangerouslySetInnerHTML={{ __html: option.html }} />
      {option.price ? <span className="sf-suggest__price">{option.price}</span> : null}
    </div>
  );

  return (
    <>
      <div
        id={listId}
        role="listbox"
        aria-label={message('search.suggestions')}
        className="sf-suggest"
        hidden={!shown}
      >
        {data?.groups.map((group, groupIndex) => (
          <div key={group.type} role="group" aria-labelledby={`${listId}-group-${groupIndex}`}>
            <div id={`${listId}-group-${groupIndex}`} role="presentation" className="sf-suggest__group">
              {group.label} ({group.count})
            </div>
            {options.filter((o) => o.groupIndex === groupIndex).map(optionView)}
          </div>
        ))}
        {options.filter((o) => o.groupIndex < 0).map(optionView)}
      </div>
      <div role="status" className="sf-suggest__status">
        {document.activeElement === input || shown ? announce : ''}
      </div>
    </>
  );
}

/** Mounts predictive search on each search form of the page (once each). */
export function mountSearch(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>(SEARCH_FORM_SELECTOR)) {
    const input = form.querySelector<HTMLInputElement>('input[name="q"]');
    if (!input || form.dataset.searchMounted) continue;
    form.dataset.searchMounted = 'true';
    const container = doc.createElement('div');
    container.className = 'sf-suggest-root';
    form.append(container);
    createRoot(container).render(<SearchSuggest form={form} input={input} />);
  }
}
