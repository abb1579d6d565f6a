/**
 * Our own versions of the stylesheets the platform supplies to templates (template-format §2.6):
 * a template `@import`s them or lists them in `template.conf` without shipping them. Kept as text so
 * the bundled server carries them. Each is written for the markup our platform tags produce
 * (`.sqs-layout` / `.sqs-row` / `.sqs-col-N`, the social icon markup).
 */

const GRID_COLUMNS = 12;

const columnWidths = Array.from({ length: GRID_COLUMNS }, (_, i) => {
  const n = i + 1;
  const width = `${((n / GRID_COLUMNS) * 100).toFixed(4).replace(/\.?0+$/, '')}%`;
  return `.sqs-layout .sqs-col-${n}, .sqs-layout .span-${n} { width: ${width}; }`;
}).join('\n');

/**
 * The block grid and its mobile collapse. `@sqs-grid-breakpoint` may be set by the template; the
 * `.grid-breaker()` mixin lets a template collapse a grid inside its own breakpoints.
 */
const GRID_BREAKER = `@sqs-grid-breakpoint: 640px;
.sqs-layout { width: 100%; }
.sqs-layout:after, .sqs-layout .sqs-row:after { content: ""; display: table; clear: both; }
.sqs-layout .sqs-row { margin-left: -17px; margin-right: -17px; }
.sqs-layout .sqs-col, .sqs-layout .col { float: left; box-sizing: border-box; padding-left: 17px; padding-right: 17px; min-height: 1px; }
${columnWidths}
.sqs-block { position: relative; clear: both; padding: 17px 0; }
.sqs-block-content { position: relative; }
.grid-breaker(@breakpoint: @sqs-grid-breakpoint) {
  @media only screen and (max-width: @breakpoint) {
    .sqs-row { margin-left: 0; margin-right: 0; }
    .sqs-col, .col { float: none; width: 100% !important; padding-left: 0; padding-right: 0; }
  }
}
.grid-breaker();
`;

/** Social icon SVGs (`<svg class="sqs-svg-icon--social"><use xlink:href="…#icon"/></svg>`). */
const SVG_ICON_TEMPLATES = `.sqs-svg-icon--wrapper { display: inline-block; width: 32px; height: 32px; }
.sqs-svg-icon--social { width: 100%; height: 100%; fill: currentColor; }
.sqs-svg-icon--social .sqs-use--icon { fill: currentColor; }
.sqs-svg-icon--social .sqs-use--mask { fill: transparent; }
.sqs-svg-icon--list { display: inline-flex; flex-wrap: wrap; gap: 8px; list-style: none; margin: 0; padding: 0; }
.svg-icon-size(@size) { .sqs-svg-icon--wrapper { width: @size; height: @size; } }
`;

/** A reset in the spirit of the one templates were styled on top of. */
const RESET = `html, body, div, span, h1, h2, h3, h4, h5, h6, p, blockquote, pre, a, img, ol, ul, li,
form, label, table, tbody, tfoot, thead, tr, th, td, article, aside, figure, figcaption, footer,
header, nav, section { margin: 0; padding: 0; border: 0; font-size: 100%; font: inherit; vertical-align: baseline; }
article, aside, figcaption, figure, footer, header, nav, section { display: block; }
ol, ul { list-style: none; }
blockquote, q { quotes: none; }
table { border-collapse: collapse; border-spacing: 0; }
img { max-width: 100%; }
`;

/** Stylesheet base name (no folder, no `.less`/`.css`) -> its text. */
const PLATFORM_STYLESHEETS: Record<string, string> = {
  'sqs-grid-breaker': GRID_BREAKER,
  'grid-breaker': GRID_BREAKER,
  'svg-icon-templates': SVG_ICON_TEMPLATES,
  'sqs-svg-icon-templates': SVG_ICON_TEMPLATES,
  reset: RESET,
  'sqs-reset': RESET,
};

/** The platform's version of a stylesheet a template names (`sqs-grid-breaker`, `../grid-breaker.less`), if it has one. */
export function platformStylesheet(name: string): { name: string; source: string } | undefined {
  const base = name
    .split(/[\\/]/)
    .pop()
    ?.replace(/\.(less|css)$/, '');
  if (base === undefined) return undefined;
  const source = PLATFORM_STYLESHEETS[base];
  return source === undefined ? undefined : { name: base, source };
}
