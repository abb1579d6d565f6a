/**
 * What several back-office screens show alike: the outcome lines, a variant's attribute values, the
 * filter form, the records table and the pager.
 */
import type { FormEvent, ReactNode } from 'react';

/** The last action's outcome (read out politely) and the problem, when there is one (read out at once). */
export function Outcome({ done, error }: { done: string; error: string }) {
  return (
    <>
      <div role="status" aria-live="polite" className="cfg-done">
        {done}
      </div>
      {error && (
        <p role="alert" className="cfg-error">
          {error}
        </p>
      )}
    </>
  );
}

/** A form's own problem beside its button, when there is one (read out at once). */
export function InlineError({ error }: { error: string }) {
  return error ? (
    <span role="alert" className="cfg-error">
      {error}
    </span>
  ) : null;
}

/** A variant's attribute values after its name ("(M, Blue)"), when it has any. */
export function AttributeValues({ attributes }: { attributes: Record<string, string> }) {
  const values = Object.values(attributes);
  return values.length > 0 ? <span className="cfg-muted"> ({values.join(', ')})</span> : null;
}

/** First and next page of a keyset-paged list whose cursor the screen holds ('' for the first page). */
export function CursorPager({
  cursor,
  page,
  onCursor,
}: {
  cursor: string;
  /** The page shown, once loaded. */
  page: { hasNextPage: boolean; nextPageCursor: string | null } | undefined;
  onCursor: (cursor: string) => void;
}) {
  const nextPageCursor = page?.hasNextPage ? page.nextPageCursor : null;
  return (
    <p className="cfg-pager">
      {cursor && (
        <button type="button" className="cfg-button-secondary" onClick={() => onCursor('')}>
          First page
        </button>
      )}
      {nextPageCursor && (
        <button type="button" className="cfg-button-secondary" onClick={() => onCursor(nextPageCursor)}>
          Next page
        </button>
      )}
    </p>
  );
}

/**
 * A list's filter form: its fields (`<p>` blocks: a label and its input), then the button that applies
 * them; `onFilter` gets the form's data.
 */
export function FilterForm({
  onFilter,
  children,
  label,
  search = false,
  submitText = 'Show',
}: {
  onFilter: (data: FormData) => void;
  children: ReactNode;
  /** The form's accessible name, when the screen has more than one form. */
  label?: string;
  /** A search landmark (the form finds records by text). */
  search?: boolean;
  submitText?: string;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onFilter(new FormData(event.currentTarget));
  };
  return (
    <form className="cfg-filters" role={search ? 'search' : undefined} aria-label={label} onSubmit={onSubmit}>
      {children}
      <p className="cfg-filter-actions">
        <button type="submit">{submitText}</button>
      </p>
    </form>
  );
}

/** A labelled choice among fixed values, for a `FilterForm`. */
export function SelectField({
  id,
  name,
  label,
  options,
  defaultValue = '',
}: {
  id: string;
  name: string;
  label: string;
  /** Value and text of each choice, in order. */
  options: readonly (readonly [value: string, text: string])[];
  defaultValue?: string;
}) {
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </p>
  );
}

/** One column of a `RecordsTable`. */
export interface RecordsColumn<Row> {
  header: string;
  /** The header is read out but not shown (an actions column). */
  hiddenHeader?: boolean;
  /** Right-aligned figures. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * A back-office list: one row per record, its first column the row's header. The caption says what the
 * rows are, or `emptyText` when there is none.
 */
export function RecordsTable<Row>({
  columns,
  rows,
  rowKey,
  emptyText,
  caption,
}: {
  columns: readonly RecordsColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  emptyText: string;
  caption?: string;
}) {
  const shownCaption = rows.length ? caption : emptyText;
  const numeric = (column: RecordsColumn<Row>) => (column.numeric ? 'cfg-num' : undefined);
  return (
    <table className="cfg-table">
      {shownCaption && <caption>{shownCaption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={numeric(column)}>
              {column.hiddenHeader ? (
                <span className="cfg-visually-hidden">{column.header}</span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) =>
              index === 0 ? (
                <th key={column.header} scope="row" className={numeric(column)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td
                  key={column.header}
                  className={numeric(column)}
                  data-label={column.hiddenHeader ? undefined : column.header}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
