/**
 * Platform tags (`<squarespace:navigation/>`, `<squarespace:query>…</squarespace:query>`, …), template-format §2.8.
 *
 * Two phases, on raw text (tags occur inside attribute values and with inline JSON-T bodies):
 * 1. at load, `extractPlatformTags` replaces each tag in a template source by a self-closing marker
 *    `<squarespace:NAME attrs data-sf-tag="N"/>` and keeps its inline body aside (so the page render does
 *    not evaluate the body against the wrong context), while the attributes stay in place and are
 *    evaluated by the page render in the surrounding scope;
 * 2. once per template, `templateTags` learns the tags it writes (its partials' and tag bodies' too):
 *    those with written-out attributes as they are, those with variables as a skeleton that the
 *    page's loaded data resolves, so every tag's data is loaded with the page's (render/loader.ts);
 *    after the page renders, `expandPlatformTags` replaces each marker in the output with the tag's
 *    HTML, from that loaded data.
 */

export const PLATFORM_TAGS = [
  'navigation',
  'folder-navigation',
  'script',
  'block-field',
  'query',
  'category',
  'related',
] as const;
export type PlatformTagName = (typeof PLATFORM_TAGS)[number];

const TAG_OPEN = new RegExp(
  `<squarespace:(${PLATFORM_TAGS.join('|')})((?:\\s+[\\w:.-]+\\s*=\\s*"[^"]*")*)\\s*(/?)>`,
  'g',
);

/** Where a line of a template comes from: the file a template author opens, and its line there. */
export type LineOrigin = (line: number) => { file: string; line: number };

/** Inline bodies, by marker number, each with where its lines come from. Shared by every template of a site. */
export class TagBodies {
  readonly bodies: string[] = [];
  readonly origins: (LineOrigin | undefined)[] = [];
  add(body: string, origin?: LineOrigin): number {
    this.bodies.push(body);
    this.origins.push(origin);
    return this.bodies.length - 1;
  }
}

/**
 * Replaces the platform tags of `source` with markers; bodies go to `bodies` (themselves extracted
 * too), each with its lines mapped through `origin` (the lines of `source`) when given.
 */
export function extractPlatformTags(source: string, bodies: TagBodies, origin?: LineOrigin): string {
  let out = '';
  let last = 0;
  const comments = commentRanges(source);
  const tagOpen = new RegExp(TAG_OPEN.source, 'g');
  for (let m = tagOpen.exec(source); m; m = tagOpen.exec(source)) {
    const [whole, name, attrs = '', selfClosing] = m;
    const inComment = comments.find(([from, to]) => m.index >= from && m.index < to);
    if (inComment) {
      tagOpen.lastIndex = inComment[1];
      continue;
    }
    out += source.slice(last, m.index);
    let end = m.index + whole.length;
    let body: string | null = null;
    if (!selfClosing) {
      const close = `</squarespace:${name}>`;
      let closeAt = source.indexOf(close, end);
      while (closeAt >= 0 && comments.some(([from, to]) => closeAt >= from && closeAt < to))
        closeAt = source.indexOf(close, closeAt + 1);
      if (closeAt >= 0) {
        body = source.slice(end, closeAt);
        end = closeAt + close.length;
      } else {
        body = '';
      }
    }
    // The tag's line breaks (its body's too) stay inside the marker: every later line keeps its number.
    const breaks = (text: string) => text.split('\n').length - 1;
    const bodyFirstLine = breaks(source.slice(0, m.index + whole.length)) + 1;
    const bodyOrigin: LineOrigin | undefined = origin && ((line) => origin(bodyFirstLine + line - 1));
    const index =
      body === null ? bodies.add('') : bodies.add(extractPlatformTags(body, bodies, bodyOrigin), bodyOrigin);
    const lineBreaks = '\n'.repeat(breaks(source.slice(m.index, end)) - breaks(attrs));
    out += `<squarespace:${name}${attrs} data-sf-tag="${index}"${body === null ? '' : ' data-sf-body="1"'}${lineBreaks}/>`;
    last = end;
    tagOpen.lastIndex = end;
  }
  return out + source.slice(last);
}

/** JSON-T comments (`{# ...}` and `{## ... ##}`): tags written inside them are documentation, not tags. */
export function commentRanges(source: string): [number, number][] {
  const ranges: [number, number][] = [];
  const re = /\{##[\s\S]*?(?:##\}|$)|\{#[^}]*\}/g;
  for (let m = re.exec(source); m; m = re.exec(source)) ranges.push([m.index, m.index + m[0].length]);
  return ranges;
}

export interface PlatformTag {
  name: PlatformTagName;
  attrs: Record<string, string>;
  /** The inline body's source (already extracted), or null for a self-closing tag. */
  body: string | null;
  /** Where the body's lines come from (its template file), when known. */
  bodyOrigin?: LineOrigin | undefined;
}

const MARKER = new RegExp(
  `<squarespace:(${PLATFORM_TAGS.join('|')})((?:\\s+[\\w:.-]+\\s*=\\s*"[^"]*")*?)\\s+data-sf-tag="(\\d+)"( data-sf-body="1")?\\s*/>`,
  'g',
);
const ATTR = /([\w:.-]+)\s*=\s*"([^"]*)"/g;

/**
 * The platform tags a template writes, learned once from its extracted source: `fixed`, the tags
 * whose attributes are written out (declared as they are, nothing rendered); `scoped`, the skeleton
 * (directives and tag markers, no text) of the tags whose attributes are variables, rendered
 * against the page's loaded data to give their values, or null when there is none. Partials the
 * template applies and the bodies of its tags are followed too, so that no tag is found only once
 * the page renders.
 */
export interface TemplateTags {
  fixed: PlatformTag[];
  scoped: string | null;
}

/** How deep partials and tag bodies are followed (a partial that applies itself stops there). */
const MAX_TAG_NESTING = 8;
const PARTIAL_APPLY = /^\{([^{}|]*)\|apply\s+([\w.-]+)[^{}]*\}$/;

export function templateTags(
  source: string,
  bodies: TagBodies,
  partials: Readonly<Record<string, string>>,
): TemplateTags {
  const fixed: PlatformTag[] = [];
  const scoped = collectTags(source, bodies, partials, fixed, 0, true);
  return { fixed, scoped: scoped.includes('data-sf-tag=') ? scoped : null };
}

/**
 * Adds the fixed tags of `source` to `fixed` and returns its skeleton of scoped tags. Inside a tag's
 * body (`inScope` false) the scope is the tag's own data, which is not known before it loads: only
 * its fixed tags are declared there.
 */
function collectTags(
  source: string,
  bodies: TagBodies,
  partials: Readonly<Record<string, string>>,
  fixed: PlatformTag[],
  depth: number,
  inScope: boolean,
): string {
  if (depth > MAX_TAG_NESTING) return '';
  const comments = commentRanges(source);
  const token = new RegExp(`${MARKER.source}|\\{[^{}]*\\|apply\\s[^{}]*\\}|\\{\\.[^{}]*\\}`, 'g');
  let skeleton = '';
  for (let m = token.exec(source); m; m = token.exec(source)) {
    const at = m.index;
    if (comments.some(([from, to]) => at >= from && at < to)) continue;
    const text = m[0];
    const apply = PARTIAL_APPLY.exec(text);
    if (apply) {
      const [, scope = '', name = ''] = apply;
      const partial = partials[name.endsWith('.block') ? name : `${name}.block`];
      if (partial === undefined) continue;
      const inner = collectTags(partial, bodies, partials, fixed, depth + 1, inScope);
      const variable = scope.trim();
      skeleton += variable === '@' || variable === '' ? inner : `{.section ${variable}}${inner}{.end}`;
      continue;
    }
    if (!text.startsWith('<')) {
      skeleton += text;
      continue;
    }
    const [tag] = findPlatformTags(text, bodies);
    if (!tag) continue;
    if (tag.tag.body !== null) collectTags(tag.tag.body, bodies, partials, fixed, depth + 1, false);
    const block = tag.tag.attrs.template;
    if (block !== undefined && !block.includes('{')) {
      const partial = partials[block.endsWith('.block') ? block : `${block}.block`];
      if (partial !== undefined) collectTags(partial, bodies, partials, fixed, depth + 1, false);
    }
    if (!Object.values(tag.tag.attrs).some((value) => value.includes('{'))) fixed.push(tag.tag);
    else if (inScope) skeleton += text;
  }
  return skeleton;
}

/** The markers of `output` in order, each with its tag (attributes as rendered) and its text. */
export function findPlatformTags(
  output: string,
  bodies: TagBodies,
): { tag: PlatformTag; text: string; at: number }[] {
  const found: { tag: PlatformTag; text: string; at: number }[] = [];
  if (!output.includes('data-sf-tag=')) return found;
  const marker = new RegExp(MARKER.source, 'g');
  for (let m = marker.exec(output); m; m = marker.exec(output)) {
    const [whole, name, attrText = '', index, hasBody] = m;
    const attrs: Record<string, string> = {};
    const attr = new RegExp(ATTR.source, 'g');
    for (let a = attr.exec(attrText); a; a = attr.exec(attrText))
      attrs[a[1] as string] = decodeEntities(a[2] as string);
    const tag: PlatformTag = {
      name: name as PlatformTagName,
      attrs,
      body: hasBody ? (bodies.bodies[Number(index)] ?? '') : null,
      ...(hasBody ? { bodyOrigin: bodies.origins[Number(index)] } : {}),
    };
    found.push({ tag, text: whole, at: m.index });
  }
  return found;
}

/**
 * Replaces every marker in `output` with `expand(tag)`; the expansion's own output is expanded again
 * (nested tags), up to a fixed depth. `expand` does no I/O: the tags' data is loaded before.
 */
export function expandPlatformTags(
  output: string,
  bodies: TagBodies,
  expand: (tag: PlatformTag) => string,
  depth = 0,
): string {
  if (depth > 8) return output;
  let out = '';
  let last = 0;
  for (const { tag, text, at } of findPlatformTags(output, bodies)) {
    out += output.slice(last, at) + expandPlatformTags(expand(tag), bodies, expand, depth + 1);
    last = at + text.length;
  }
  return out + output.slice(last);
}

function decodeEntities(value: string): string {
  return value.replace(
    /&(amp|quot|#39|lt|gt);/g,
    (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' })[e] ?? '',
  );
}
