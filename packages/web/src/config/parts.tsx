/** What several back-office screens show alike: the outcome lines, a variant's attribute values, the pager. */

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
