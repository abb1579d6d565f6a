/**
 * Style-editor tweaks (template-format §2.6): the `tweak: { …JSON… }` comments of a template's
 * stylesheets, each followed by the LESS variable it controls, read into declarations; their values
 * (the declared default, or the site's own from `websiteSettings.tweaks`) become LESS variables and
 * `tweak-*` body classes the way the platform makes them. Pure.
 */
import { z } from 'zod';
import { SiteError } from './errors.ts';
import { parseLenientJson } from './lenient-json.ts';
import type { SiteWarning } from './types.ts';

export type TweakType = 'color' | 'font' | 'value' | 'checkbox' | 'dropdown';

export interface TweakDeclaration {
  /** The LESS variable's name without `@`, e.g. `tweak-h1-font`. */
  name: string;
  type: TweakType;
  title: string;
  /** The value written after the declaration, as LESS source (`#222`, `"Left"`, `true`). */
  defaultValue: string;
  /** Dropdown choices, as declared. */
  options: string[];
  /** Where it was declared, relative to the site folder. */
  file: string;
  line: number;
}

/** A site's own value for a tweak: a LESS value, a checkbox's boolean, or a font's parts. */
export type TweakSetting = string | number | boolean | Partial<Record<FontPart, string>>;

/** The font parts a font tweak expands to: `@<name>-font-size` and so on. */
export const FONT_PARTS = [
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-transform',
] as const;
export type FontPart = (typeof FONT_PARTS)[number];

const TYPE_ALIASES: Record<string, TweakType> = {
  color: 'color',
  colour: 'color',
  font: 'font',
  value: 'value',
  checkbox: 'checkbox',
  dropdown: 'dropdown',
};

const declarationSchema = z.looseObject({
  type: z.string({ error: 'a tweak needs a "type"' }),
  title: z.string().optional(),
  options: z.array(z.union([z.string(), z.number()])).optional(),
});

/** One comment of a stylesheet: its text without comment markers, and where it ends. */
interface Comment {
  text: string;
  start: number;
  end: number;
}

/** Block comments, and runs of consecutive `//` line comments joined into one. */
function commentsOf(source: string): Comment[] {
  const comments: Comment[] = [];
  const pattern = /\/\*[\s\S]*?\*\/|(?:[ \t]*\/\/[^\n]*(?:\n|$))+/g;
  for (const match of source.matchAll(pattern)) {
    const raw = match[0];
    const text = raw.startsWith('/*')
      ? raw
          .slice(2, -2)
          .split('\n')
          .map((line) => line.replace(/^\s*(?:\/\/|\*(?!\/))?/, ''))
          .join('\n')
      : raw
          .split('\n')
          .map((line) => line.replace(/^\s*\/\//, ''))
          .join('\n');
    comments.push({ text, start: match.index, end: match.index + raw.length });
  }
  return comments;
}

/** The JSON object starting at `from`, up to its balancing brace (strings respected). */
function objectText(text: string, from: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(from, i + 1);
  }
  return null;
}

const lineAt = (source: string, index: number) => source.slice(0, index).split('\n').length;

/**
 * The tweak declarations of one stylesheet. One that is not JSON stops start-up naming its line; one
 * of a type we do not know, or not followed by its variable (commented out), is left out with a warning.
 */
export function readTweaks(
  file: string,
  source: string,
): { tweaks: TweakDeclaration[]; warnings: SiteWarning[] } {
  const tweaks: TweakDeclaration[] = [];
  const warnings: SiteWarning[] = [];
  for (const comment of commentsOf(source)) {
    // A run of `//` lines may hold several declarations (one commented out above another).
    for (const marker of comment.text.matchAll(/\btweak\s*:\s*\{/g)) {
      const line = lineAt(source, comment.start) + lineAt(comment.text, marker.index) - 1;
      const from = marker.index + marker[0].length - 1;
      const json = objectText(comment.text, from);
      const parsed = json === null ? null : parseLenientJson(json);
      if (json === null || !parsed?.ok)
        throw new SiteError(
          file,
          `tweak declaration is not valid JSON${parsed && !parsed.ok ? `: ${parsed.problem.message}` : ''}`,
          line,
        );
      const checked = declarationSchema.safeParse(parsed.value);
      if (!checked.success)
        throw new SiteError(file, checked.error.issues[0]?.message ?? 'invalid tweak declaration', line);
      const ignored = (why: string) => warnings.push({ file: `${file}:${line}`, message: `${why}: ignored` });
      const type = TYPE_ALIASES[checked.data.type.toLowerCase()];
      if (!type) {
        ignored(`tweak type "${checked.data.type}" is not one of color, font, value, checkbox, dropdown`);
        continue;
      }
      // The variable the declaration controls is the one written right after it, outside the comment.
      const variable = comment.text.slice(from + json.length).trim()
        ? null
        : /^\s*@([\w-]+)\s*:\s*([^;]*);/.exec(source.slice(comment.end));
      if (!variable) {
        ignored('tweak declaration not followed by the variable it sets (@name: value;)');
        continue;
      }
      tweaks.push({
        name: variable[1] as string,
        type,
        title: checked.data.title ?? (variable[1] as string),
        defaultValue: (variable[2] as string).trim(),
        options: (checked.data.options ?? []).map(String),
        file,
        line,
      });
    }
  }
  return { tweaks, warnings };
}

/** `websiteSettings.tweaks`: the site's values, by variable name (without `@`). */
export const tweakSettingsSchema = z.record(
  z.string(),
  z.union([
    z.string().regex(/^[^;{}]*$/, 'a tweak value cannot contain ; { or }'),
    z.number(),
    z.boolean(),
    z.partialRecord(z.enum(FONT_PARTS), z.string().regex(/^[^;{}]*$/, 'a font part cannot contain ; { or }')),
  ]),
);

const unquote = (value: string) => value.trim().replace(/^(["'])(.*)\1$/, '$2');

/** `tweak-h1-font`, `h1Font` -> `h1-font`: the class stem of a tweak. */
const classStem = (name: string) =>
  name
    .replace(/^tweak-/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

const slug = (value: string) =>
  unquote(value)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const STYLE = /^(normal|italic|oblique)$/;
const WEIGHT = /^(normal|bold|bolder|lighter|[1-9]00)$/;
const SIZE =
  /^([\d.]+(?:[a-z]+|%)|xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)(?:\/([\d.]+[a-z%]*|normal))?$/;

/** A CSS `font` shorthand (`italic 700 36px/1.2em "Lora", serif`) into its parts; missing parts take CSS's initial values. */
export function fontParts(shorthand: string): Record<FontPart, string> {
  const parts: Record<FontPart, string> = {
    'font-family': 'inherit',
    'font-size': 'inherit',
    'font-weight': 'normal',
    'font-style': 'normal',
    'line-height': 'normal',
    'letter-spacing': 'normal',
    'text-transform': 'none',
  };
  const tokens = unquote(shorthand).split(/\s+/).filter(Boolean);
  let i = 0;
  for (; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const size = SIZE.exec(token);
    if (size) {
      parts['font-size'] = size[1] as string;
      if (size[2]) parts['line-height'] = size[2];
      i++;
      break;
    }
    // `normal` is the initial value of both style and weight: it sets neither.
    if (token === 'normal') continue;
    if (STYLE.test(token)) parts['font-style'] = token;
    else if (WEIGHT.test(token)) parts['font-weight'] = token;
    else break;
  }
  if (i < tokens.length) parts['font-family'] = tokens.slice(i).join(' ');
  return parts;
}

/** A declaration with the value in effect (the site's, else the default). */
export interface TweakValue {
  declaration: TweakDeclaration;
  /** LESS source of the value in effect. */
  value: string;
  /** Set when the site overrides the default. */
  overridden: boolean;
  /** Font tweaks: the parts in effect. */
  font?: Record<FontPart, string>;
}

export function tweakValues(
  declarations: readonly TweakDeclaration[],
  settings: Readonly<Record<string, TweakSetting>>,
): TweakValue[] {
  return declarations.map((declaration) => {
    const setting = settings[declaration.name];
    if (declaration.type === 'font') {
      const base = fontParts(declaration.defaultValue);
      const font =
        typeof setting === 'object'
          ? { ...base, ...setting }
          : setting === undefined
            ? base
            : fontParts(String(setting));
      const value =
        setting === undefined
          ? declaration.defaultValue
          : `${font['font-style']} ${font['font-weight']} ${font['font-size']}/${font['line-height']} ${font['font-family']}`;
      return { declaration, value, overridden: setting !== undefined, font };
    }
    if (setting === undefined || typeof setting === 'object')
      return { declaration, value: declaration.defaultValue, overridden: false };
    // A dropdown's value is quoted the way its default is, so that the template's own comparisons hold.
    const quoted = declaration.type === 'dropdown' && /^["']/.test(declaration.defaultValue);
    return {
      declaration,
      value: quoted ? JSON.stringify(String(setting)) : String(setting),
      overridden: true,
    };
  });
}

/**
 * The LESS variables the platform supplies: `defaults` go before the template's stylesheets (a
 * template declaring the same name keeps its own), `overrides` after them (the site's values win).
 */
export function tweakVariables(values: readonly TweakValue[]): {
  defaults: Record<string, string>;
  overrides: Record<string, string>;
} {
  const defaults: Record<string, string> = {};
  const overrides: Record<string, string> = {};
  for (const { declaration, value, overridden, font } of values) {
    if (overridden) overrides[declaration.name] = value;
    if (font) {
      const target = overridden ? overrides : defaults;
      for (const part of FONT_PARTS) target[`${declaration.name}-${part}`] = font[part];
    }
  }
  return { defaults, overrides };
}

/** `tweak-*` body classes: a checked checkbox gives `tweak-<name>`, a dropdown `tweak-<name>-<choice>`. */
export function tweakClasses(values: readonly TweakValue[]): string[] {
  const classes: string[] = [];
  for (const { declaration, value } of values) {
    const stem = classStem(declaration.name);
    if (declaration.type === 'checkbox' && unquote(value) === 'true') classes.push(`tweak-${stem}`);
    else if (declaration.type === 'dropdown' && slug(value)) classes.push(`tweak-${stem}-${slug(value)}`);
  }
  return classes;
}

/**
 * `Static.SQUARESPACE_CONTEXT.tweakJSON`: each tweak's value in effect by its variable name, as
 * scripts read them (unquoted; a font as its parts).
 */
export function tweakJson(values: readonly TweakValue[]): Record<string, string | Record<FontPart, string>> {
  const json: Record<string, string | Record<FontPart, string>> = {};
  for (const { declaration, value, font } of values) json[declaration.name] = font ?? unquote(value);
  return json;
}
