/**
 * `/site.css` the platform's way (template-format §2.6): the stylesheets `template.conf` lists,
 * compiled once at start as one LESS document in that order (`.css` files pass through untouched),
 * with the tweak variables the platform supplies and its own versions of the stylesheets templates
 * import without shipping. A stylesheet that does not compile stops start-up naming its file and line.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import less from 'less';
import { containedPath, readSiteText } from './contained-path.ts';
import { SiteError } from './errors.ts';
import { platformStylesheet } from './platform-stylesheets.ts';
import {
  readTweaks,
  tweakClasses,
  tweakValues,
  tweakVariables,
  type TweakDeclaration,
  type TweakSetting,
  type TweakValue,
} from './tweaks.ts';
import type { SiteWarning } from './types.ts';

export interface CompiledStylesheets {
  css: string;
  tweaks: TweakValue[];
  /** `tweak-*` body classes from the tweak values. */
  tweakClasses: string[];
  /** Tweak declarations left out (site/tweaks.ts), for the start-up log. */
  warnings: SiteWarning[];
}

/** Where a platform stylesheet appears to be, so that a LESS error inside one names it. */
const PLATFORM_DIR = '<platform>';

/** The file a `template.conf` entry names: as written, or with `.less` / `.css` added. */
function listedFile(stylesDir: string, name: string): string | undefined {
  return [name, `${name}.less`, `${name}.css`].map((n) => join(stylesDir, n)).find((p) => existsSync(p));
}

/** What less's synchronous import expects of a file it could not have: the error itself (not `{ error }`). */
const refusal = (message: string) => ({ type: 'File', message }) as unknown as Less.FileLoadError;

/**
 * Every file LESS reads (`@import`, `data-uri()`, `image-size()`): from the template folder, or the
 * platform's own version of a stylesheet the template does not ship. A template is input from
 * elsewhere: nothing outside its folder is read, and nothing is fetched.
 */
function templateFiles(templateDir: string, stylesDir: string): Less.Plugin {
  const inside = (path: string) => containedPath(templateDir, path) !== undefined;
  const find = (filename: string, currentDirectory: string): string | undefined => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(filename)) return undefined;
    for (const dir of [currentDirectory, stylesDir])
      for (const name of [filename, `${filename}.less`]) {
        const path = resolve(dir, name);
        if (existsSync(path) && statSync(path).isFile()) return path;
      }
    return undefined;
  };
  return {
    install(lessStatic, pluginManager) {
      class TemplateFileManager extends lessStatic.FileManager {
        override supports(): boolean {
          return true;
        }
        override supportsSync(): boolean {
          return true;
        }
        override loadFileSync(
          filename: string,
          currentDirectory: string,
          options: Less.LoadFileOptions & { rawBuffer?: boolean },
        ): Less.FileLoadResult | Less.FileLoadError {
          const path = find(filename, currentDirectory);
          if (path !== undefined) {
            if (!inside(path)) return refusal(`"${filename}" is outside the template folder: not read`);
            const contents = options.rawBuffer ? readFileSync(path) : readFileSync(path, 'utf8');
            return { filename: path, contents: contents as string };
          }
          // A template shipping its own copy keeps it (found above); otherwise the platform's.
          const sheet = platformStylesheet(filename);
          if (sheet) return { filename: join(PLATFORM_DIR, `${sheet.name}.less`), contents: sheet.source };
          return refusal(`"${filename}" was not found in the template's styles/`);
        }
        override loadFile(
          filename: string,
          currentDirectory: string,
          options: Less.LoadFileOptions,
        ): Promise<Less.FileLoadResult> {
          const loaded = this.loadFileSync(filename, currentDirectory, options);
          return 'filename' in loaded ? Promise.resolve(loaded) : Promise.reject(loaded);
        }
      }
      pluginManager.addFileManager(new TemplateFileManager());
    },
  };
}

export function compileStylesheets(
  siteDir: string,
  templateDir: string,
  listed: readonly string[] | undefined,
  settings: Readonly<Record<string, TweakSetting>>,
): CompiledStylesheets {
  const stylesDir = join(templateDir, 'styles');
  const rel = (path: string) => relative(siteDir, path);
  const names =
    listed ??
    (existsSync(stylesDir)
      ? readdirSync(stylesDir)
          .filter((n) => /\.(css|less)$/.test(n))
          .sort()
      : []);

  const imports: string[] = [];
  const declarations: TweakDeclaration[] = [];
  const warnings: SiteWarning[] = [];
  const read = (path: string, source: string) => {
    const found = readTweaks(rel(path), source);
    declarations.push(...found.tweaks);
    warnings.push(...found.warnings);
  };
  for (const name of names) {
    const path = listedFile(stylesDir, name);
    if (path === undefined) {
      if (platformStylesheet(name) === undefined)
        throw new SiteError(
          rel(join(templateDir, 'template.conf')),
          `stylesheet "${name}" not found in styles/`,
        );
      imports.push(`@import (less) ${JSON.stringify(name)};`);
      continue;
    }
    const source = readSiteText(siteDir, path);
    read(path, source);
    const file = JSON.stringify(relative(stylesDir, path));
    imports.push(path.endsWith('.css') ? `@import (inline) ${file};` : `@import (less) ${file};`);
  }
  // Declarations in imported files are read too (`@import "tweaks.less"` is a common split).
  for (const file of lessFiles(stylesDir))
    if (!names.some((n) => listedFile(stylesDir, n) === file)) read(file, readSiteText(siteDir, file));

  const tweaks = tweakValues(declarations, settings);
  const { defaults, overrides } = tweakVariables(tweaks);
  let css = '';
  let failure: Less.RenderError | undefined;
  // With syncImport and a synchronous file manager, less calls back before render returns.
  less.render(
    imports.join('\n'),
    {
      filename: join(stylesDir, '.site.less'),
      paths: [stylesDir],
      syncImport: true,
      // Stock lessc's math (division in parentheses only): a font shorthand in a variable
      // (`36px/1.2em`) stays a shorthand, and templates are written against stock lessc.
      math: 'parens-division',
      globalVars: defaults,
      modifyVars: overrides,
      plugins: [templateFiles(templateDir, stylesDir)],
    },
    (error, output) => {
      if (error) failure = error;
      else css = output?.css ?? '';
    },
  );
  if (failure) {
    const file = failure.filename?.startsWith(PLATFORM_DIR)
      ? failure.filename
      : failure.filename && failure.filename !== 'input'
        ? rel(failure.filename)
        : 'content/website.json (websiteSettings.tweaks)';
    throw new SiteError(
      file,
      `stylesheet does not compile: ${failure.message}`,
      failure.line ?? 0,
      (failure.column ?? -1) + 1,
    );
  }
  return { css, tweaks, tweakClasses: tweakClasses(tweaks), warnings };
}

function lessFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.less'))
    .map((d) => join(d.parentPath, d.name))
    .sort();
}
