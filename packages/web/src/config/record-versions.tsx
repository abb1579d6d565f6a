/**
 * The parts every screen that edits a record on a version shares (products, store pages, media
 * files; issue 30 Build 5): reading a 409 `record-changed`, the choices it offers while what was
 * typed stays in the form, and the list of revisions with their Restore buttons.
 */
import type { RecordChanged, RecordRevision } from '@storefront/core/wire';
import { ConfigError } from './api.ts';

/** The refusal's who and when, when `error` is a save made on a stale version. */
export function recordChangedOf(error: unknown): RecordChanged | undefined {
  if (!(error instanceof ConfigError) || error.status !== 409) return undefined;
  const body = error.body;
  return body.code === 'record-changed' && typeof body.currentVersion === 'number'
    ? (body as unknown as RecordChanged)
    : undefined;
}

const when = (epoch: number) => new Date(epoch).toLocaleString();

/** Under a 409's message: save what is in the form over the newer version, or load that version. */
export function ConflictChoices({
  conflict,
  what,
  busy,
  onSaveMine,
  onLoadTheirs,
}: {
  conflict: RecordChanged;
  /** What is kept on screen, when the refusal's message does not say it. */
  what?: string;
  busy: boolean;
  onSaveMine: () => void;
  onLoadTheirs: () => void;
}) {
  return (
    <span className="cfg-conflict">
      <span className="cfg-muted">
        {what ? `${what} ` : ''}Version {conflict.currentVersion} was saved {when(conflict.changedOn)}
        {conflict.changedBy ? ` by ${conflict.changedBy}` : ''}.
      </span>{' '}
      <span className="cfg-row-actions">
        <button type="button" disabled={busy} onClick={onSaveMine}>
          Save mine over theirs
        </button>{' '}
        <button type="button" className="cfg-button-secondary" disabled={busy} onClick={onLoadTheirs}>
          Load their version
        </button>
      </span>
    </span>
  );
}

/** Each save, newest first, with who made it and what changed; every one but the current restorable. */
export function RevisionList({
  revisions,
  currentVersion,
  canEdit,
  busy,
  label,
  onRestore,
}: {
  revisions: readonly RecordRevision[];
  currentVersion: number;
  canEdit: boolean;
  busy: boolean;
  /** The list's accessible name ("Revisions of Shop"). */
  label: string;
  onRestore: (revision: RecordRevision) => void;
}) {
  if (revisions.length === 0) return <p>No revision yet: the first save keeps one.</p>;
  return (
    <ol className="cfg-timeline" aria-label={label}>
      {revisions.map((revision) => (
        <li key={revision.id}>
          <strong>Version {revision.version}</strong>{' '}
          <span className="cfg-muted">
            {when(revision.savedOn)}
            {revision.savedBy ? ` by ${revision.savedBy}` : ''}
          </span>
          {revision.changes.length > 0 && <span>: {revision.changes.join('; ')}</span>}{' '}
          {canEdit && revision.version !== currentVersion && (
            <button
              type="button"
              className="cfg-button-secondary"
              disabled={busy}
              aria-label={`Restore version ${revision.version}`}
              onClick={() => onRestore(revision)}
            >
              Restore
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
