import { stampTemplateNonces } from '../nonce-markers.ts';
import { extractPlatformTags, type TagBodies } from '../platform-tags.ts';
import type { Compile } from '../loader.ts';
import type { TemplateFile } from '../types.ts';

/** A platform template, prepared like a template's own file (nonces stamped, platform tags extracted). */
export function compileSystemTemplate<C>(
  path: string,
  source: string,
  compile: Compile<C>,
  bodies: TagBodies,
): TemplateFile<C> {
  const extracted = extractPlatformTags(stampTemplateNonces(source), bodies, (line) => ({
    file: `(system) ${path}`,
    line,
  }));
  const compiled = compile(extracted);
  const problem = compiled.errors[0];
  // Shipped with the server and tested: a problem here is ours, never the site's.
  if (problem) throw new Error(`(system) ${path}:${problem.line}: ${problem.message}`);
  return { file: `(system) ${path}`, source: extracted, compiled };
}
