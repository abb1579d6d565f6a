/**
 * How the product editor ties a problem to its field: the message under the field (id
 * `<field>-error`), named by the field's aria-describedby beside its hint.
 */
import type { FieldProblems } from './products-model.ts';

export const errorIdOf = (id: string) => `${id}-error`;

/** The field's aria-describedby: its hints, then its problem when it has one. */
export function describedBy(problems: FieldProblems, id: string, ...hints: string[]): string | undefined {
  const ids = [...hints, ...(problems[id] ? [errorIdOf(id)] : [])];
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldError({ problems, id }: { problems: FieldProblems; id: string }) {
  const problem = problems[id];
  return problem ? (
    <span id={errorIdOf(id)} className="cfg-error cfg-field-error">
      {problem}
    </span>
  ) : null;
}
