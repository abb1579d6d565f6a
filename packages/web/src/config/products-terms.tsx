/**
 * The product editor's tags and categories: each term a chip with its Edit and Remove buttons, and a
 * box that adds one (Enter or a comma adds what is typed; Backspace in the empty box removes the
 * last). Text still in the box counts as a term, so a save never drops what was typed. The spec's
 * editor hints (§5) say when a term is already there ("This tag already exists", compared without
 * case) and when a second edit is started while one is open; they are read out as they appear.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FieldError, describedBy } from './products-fields.tsx';
import {
  oneEditMessage,
  termExists,
  termExistsMessage,
  type FieldProblems,
  type TagType,
} from './products-model.ts';

interface TermsFieldProps {
  id: string;
  tagType: TagType;
  label: string;
  hint: string;
  values: readonly string[];
  problems: FieldProblems;
  readOnly: boolean;
  check: (values: string[]) => string | undefined;
  onChange: (values: string[]) => void;
  onProblem: (update: (now: FieldProblems) => FieldProblems) => void;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

export function TermsField({
  id,
  tagType,
  label,
  hint,
  values,
  problems,
  readOnly,
  check,
  onChange,
  onProblem,
}: TermsFieldProps) {
  const [draft, setDraft] = useState('');
  /**
   * The list last sent with the box's text as its last term. While the product's list is still that
   * one, its last term is the box, not a chip; once something else replaced the list (their version
   * loaded, a revision restored), every term is a chip.
   */
  const [sentWithDraft, setSentWithDraft] = useState<readonly string[] | null>(null);
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);
  const [notice, setNotice] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const editBox = useRef<HTMLInputElement>(null);
  const editIndex = editing?.index;

  useEffect(() => {
    if (editIndex !== undefined) editBox.current?.focus();
  }, [editIndex]);

  const chips = sentWithDraft !== null && sameList(values, sentWithDraft) ? values.slice(0, -1) : [...values];

  const publish = (nextChips: string[], nextDraft: string) => {
    const pending = nextDraft.trim();
    const counted = pending !== '' && !termExists(nextChips, pending);
    const next = counted ? [...nextChips, pending] : nextChips;
    setSentWithDraft(counted ? next : null);
    setDraft(nextDraft);
    onChange(next);
    const problem = check(next);
    onProblem((now) => {
      const { [id]: _old, ...rest } = now;
      return problem ? { ...rest, [id]: problem } : rest;
    });
  };

  /** Each comma typed (or pasted) ends a term; what follows the last one stays in the box. */
  const typed = (text: string) => {
    const parts = text.split(',');
    const rest = parts.pop() ?? '';
    let next = chips;
    let refused = false;
    for (const term of parts.map((part) => part.trim()).filter(Boolean)) {
      if (termExists(next, term)) refused = true;
      else next = [...next, term];
    }
    setNotice(refused ? termExistsMessage(tagType) : '');
    publish(next, parts.length > 0 ? rest.trimStart() : rest);
  };

  const add = () => {
    const pending = draft.trim();
    if (pending === '') return;
    if (termExists(chips, pending)) {
      setNotice(termExistsMessage(tagType));
      return;
    }
    setNotice('');
    publish([...chips, pending], '');
  };

  const remove = (index: number) => {
    setNotice('');
    if (editing?.index === index) setEditing(null);
    else if (editing && editing.index > index) setEditing({ ...editing, index: editing.index - 1 });
    publish(
      chips.filter((_, i) => i !== index),
      draft,
    );
    box.current?.focus();
  };

  const startEditing = (index: number) => {
    if (editing && editing.index !== index) {
      setNotice(oneEditMessage(tagType));
      editBox.current?.focus();
      return;
    }
    setNotice('');
    setEditing({ index, text: chips[index] ?? '' });
  };

  const stopEditing = (index: number) => {
    setEditing(null);
    // The chip's Edit button is drawn again after this render: give it the focus back then.
    requestAnimationFrame(() => document.getElementById(`${id}-edit-${index}`)?.focus());
  };

  const saveEdit = () => {
    if (!editing) return;
    const text = editing.text.trim();
    if (text === '') return remove(editing.index);
    if (
      termExists(
        chips.filter((_, i) => i !== editing.index),
        text,
      )
    ) {
      setNotice(termExistsMessage(tagType));
      return;
    }
    setNotice('');
    publish(
      chips.map((term, i) => (i === editing.index ? text : term)),
      draft,
    );
    stopEditing(editing.index);
  };

  const onBoxKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the term; it must not send the whole product form.
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && chips.length > 0) {
      event.preventDefault();
      remove(chips.length - 1);
    }
  };

  const onEditKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!editing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      saveEdit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setNotice('');
      stopEditing(editing.index);
    }
  };

  const noticeId = `${id}-notice`;
  return (
    <div className="cfg-field">
      <label htmlFor={id}>{label}</label>
      <span id={`${id}-hint`} className="cfg-hint">
        {hint}
      </span>
      {chips.length > 0 && (
        <ul className="cfg-chips" aria-label={`${label} of the product`}>
          {chips.map((term, index) => (
            <li key={`${index}:${term}`} className="cfg-chip">
              {editing?.index === index ? (
                <>
                  <input
                    ref={editBox}
                    aria-label={`Edit ${tagType} ${term}`}
                    aria-describedby={notice ? noticeId : undefined}
                    value={editing.text}
                    onChange={(e) => setEditing({ index, text: e.target.value })}
                    onKeyDown={onEditKey}
                  />
                  <button type="button" className="cfg-chip-button" onClick={saveEdit}>
                    Save
                  </button>
                  <button
                    type="button"
                    className="cfg-chip-button"
                    onClick={() => {
                      setNotice('');
                      stopEditing(index);
                    }}
                  >
                    Cancel
                  </button>
                </>
              ) : (
                <>
                  <span className="cfg-chip-text">{term}</span>
                  {!readOnly && (
                    <>
                      <button
                        type="button"
                        id={`${id}-edit-${index}`}
                        className="cfg-chip-button"
                        aria-label={`Edit ${tagType} ${term}`}
                        onClick={() => startEditing(index)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="cfg-chip-button"
                        aria-label={`Remove ${tagType} ${term}`}
                        onClick={() => remove(index)}
                      >
                        <span aria-hidden="true">×</span>
                      </button>
                    </>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        ref={box}
        value={draft}
        readOnly={readOnly}
        aria-invalid={problems[id] ? true : undefined}
        aria-describedby={describedBy(problems, id, `${id}-hint`, ...(notice ? [noticeId] : []))}
        onChange={(e) => typed(e.target.value)}
        onKeyDown={onBoxKey}
      />
      <span id={noticeId} className="cfg-term-notice" aria-live="polite">
        {notice}
      </span>
      <FieldError problems={problems} id={id} />
    </div>
  );
}
