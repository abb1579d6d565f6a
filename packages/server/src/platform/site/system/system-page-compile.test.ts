/**
 * A platform page template that does not compile is our fault, found at start: the server does
 * not start, and says which of our files it is (never the site's).
 */
import { describe, expect, it, vi } from 'vitest';
import { DATABASES, startApp } from '../../../testing/app.ts';

vi.mock('../../../modules/search/templates.ts', () => ({
  SEARCH_PAGE_TEMPLATES: {
    search: '<div class="sf-search">{.section search}{.repeated section results}</div>',
  },
}));

describe('a system page template that does not compile', () => {
  it('stops the server at start, naming the system file', async () => {
    const start = startApp(DATABASES[0]!);
    await expect(start).rejects.toThrow(/^\(system\) pages\/search\.page:\d+: /);
  });
});
