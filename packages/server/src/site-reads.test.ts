import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_SOURCE = dirname(fileURLToPath(import.meta.url));

/**
 * Where the site's origin and title may be read: the configuration that parses SITE_URL, the site
 * context that hands them to each request, the content's shape (`website.siteTitle`), the back
 * office's shell, which reads the boot data it hands the browser (core's wire `BackOfficeBoot`), and
 * the site settings editor, which reads and writes the stored title itself (issue 31).
 */
const SITE_CONTEXT_FILES = new Set([
  'config.ts',
  'platform/site/context.ts',
  'platform/site/types.ts',
  'backoffice/shell.ts',
  'modules/content/site-settings.ts',
]);

/** The server's own code: tests and their support may set up sites as they like. */
function serverSources(): string[] {
  return readdirSync(SERVER_SOURCE, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('\\').join('/'))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.startsWith('testing/'));
}

/** Each line of the server's code matching `pattern`, outside `allowed`, as `file:line: text`. */
function linesMatching(pattern: RegExp, allowed: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  for (const path of serverSources()) {
    if (allowed.has(path)) continue;
    const lines = readFileSync(join(SERVER_SOURCE, path), 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (pattern.test(text))
        found.push(`${relative(SERVER_SOURCE, join(SERVER_SOURCE, path))}:${i + 1}: ${text.trim()}`);
    });
  }
  return found;
}

describe('the site a request is for comes from its site context (request.site), never from app options', () => {
  it('finds the server code it checks', () => {
    expect(serverSources()).toContain('app.ts');
    expect(serverSources()).toContain('platform/site/context.ts');
  });

  it('no code outside the site context and config parsing reads siteUrl or siteTitle', () => {
    // A key being written (`siteTitle: request.site.title`, a wire field) is no read of it.
    expect(linesMatching(/\b(siteUrl|siteTitle)\b(?!\??:)/, SITE_CONTEXT_FILES)).toEqual([]);
  });

  it("no code reads the site's strings from the app or a plugin's options", () => {
    expect(
      linesMatching(
        /\b(app|plugin|instance|options|this\.options)\.localizedStrings\b|localizedStrings: ls[^}]*\} = /,
      ),
    ).toEqual([]);
  });
});
