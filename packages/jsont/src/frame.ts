/** A scope of the render: the node in view, its variables and macros, and its place in a repeat. */
import type { MacroInst, Path } from './ast.ts';
import { getKey, step } from './values.ts';

export class Frame {
  vars: Map<string, unknown> | null = null;
  macros: Map<string, MacroInst> | null = null;
  index = -1;
  stop = false;
  constructor(
    public node: unknown,
    public readonly parent: Frame | null,
  ) {}
}

export function resolveName(path: Path, frame: Frame): unknown {
  switch (path.kind) {
    case 0:
      return getKey(frame.node, path.segs[0] as string | number);
    case 1:
      return frame.node;
    case 2:
      return frame.index !== -1 ? frame.index + 1 : undefined;
    case 3:
      return frame.index !== -1 ? frame.index : undefined;
    default: {
      const vars = frame.vars;
      return vars === null ? undefined : vars.get(path.segs[0] as string);
    }
  }
}

/** Full variable resolution (4.1): first segment up the scope chain, further segments as steps. */
export function resolvePath(path: Path, start: Frame): unknown {
  let v: unknown;
  if (path.kind === 0) {
    const key = path.segs[0] as string | number;
    let f: Frame | null = start;
    v = undefined;
    while (f !== null) {
      v = getKey(f.node, key);
      if (v !== undefined || f.stop) break;
      f = f.parent;
    }
  } else if (path.kind === 1) {
    v = start.node;
  } else {
    let f: Frame | null = start;
    v = undefined;
    while (f !== null) {
      v = resolveName(path, f);
      if (v !== undefined) break;
      if (f.stop) break;
      f = f.parent;
    }
  }
  const segs = path.segs;
  for (let i = 1; i < segs.length; i++) {
    if (v === undefined || v === null) return undefined;
    v = step(v, segs[i] as string | number);
  }
  return v;
}
