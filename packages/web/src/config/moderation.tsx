/**
 * What the moderation queues (comments, reviews) share: records listed by state a page at a time,
 * a moderation posted to `<api>/<id>/<action>` followed by a reload, the filter by state and the
 * moderation buttons.
 */
import { useEffect, useState } from 'react';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { FilterForm, SelectField } from './parts.tsx';

/** A moderation: its address, its button, the state it leads to and what the outcome line says. */
export interface Moderation<State extends string> {
  action: string;
  button: string;
  to: State;
  done: string;
}

export const problemOf = (e: unknown, fallback: string) => (e instanceof ConfigError ? e.message : fallback);

export function useModerationQueue<State extends string, Page>(
  api: string,
  initial: State,
  failures: { load: string; change: string },
) {
  const [state, setState] = useState<State>(initial);
  const [cursor, setCursor] = useState('');
  const [page, setPage] = useState<Page>();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const load = () =>
    getJson<Page>(`${api}${queryOf({ state, cursor })}`).then(setPage, (e: unknown) =>
      setError(problemOf(e, failures.load)),
    );
  useEffect(() => {
    void load();
  }, [state, cursor]);

  const moderate = async (id: string, moderation: Moderation<State>) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await postJson(`${api}/${id}/${moderation.action}`);
      setDone(moderation.done);
      await load();
    } catch (e) {
      setError(problemOf(e, failures.change));
    } finally {
      setBusy(false);
    }
  };
  /** Another state chosen: its first page. */
  const show = (next: State) => {
    setState(next);
    setCursor('');
  };
  return { state, show, cursor, setCursor, page, done, setDone, error, setError, busy, load, moderate };
}

/** The queue's filter: which state to show (`initial` when the choice is not one of `stateText`'s). */
export function StateFilter<State extends string>({
  id,
  stateText,
  initial,
  onState,
}: {
  id: string;
  stateText: Record<State, string>;
  initial: State;
  onState: (state: State) => void;
}) {
  return (
    <FilterForm
      onFilter={(data) => {
        const chosen = String(data.get('state') ?? initial);
        onState(chosen in stateText ? (chosen as State) : initial);
      }}
    >
      <SelectField
        id={id}
        name="state"
        label="Show"
        options={Object.entries(stateText)}
        defaultValue={initial}
      />
    </FilterForm>
  );
}

/** A record's moderation buttons: each moderation but the one to the state it is in. */
export function ModerationButtons<State extends string>({
  state,
  moderations,
  busy,
  labelOf,
  onModerate,
}: {
  state: State;
  moderations: readonly Moderation<State>[];
  busy: boolean;
  /** The button's accessible name, naming the record. */
  labelOf: (moderation: Moderation<State>) => string;
  onModerate: (moderation: Moderation<State>) => void;
}) {
  return moderations
    .filter((m) => m.to !== state)
    .map((m) => (
      <span key={m.action}>
        <button
          type="button"
          className={m.action === 'approve' ? undefined : 'cfg-button-secondary'}
          disabled={busy}
          aria-label={labelOf(m)}
          onClick={() => onModerate(m)}
        >
          {m.button}
        </button>{' '}
      </span>
    ));
}
