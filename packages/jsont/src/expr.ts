import type { EvalInst } from './ast.ts';
import type { RenderState } from './executor.ts';

export function evaluateEval(_inst: EvalInst, _ctx: RenderState): void {}
