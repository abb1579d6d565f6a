/**
 * Migration 2026-11-28-048: the links staff had added beside the header's navigation become links of
 * the main navigation, once, so that the header shows them as before and the navigation editor
 * edits them.
 */
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DATABASES, openFresh } from '../../testing/databases.ts';
import { migration } from './migrations/2026-11-28-048-navigation-editor.ts';
import { documentRow, saveDocument } from './documents-store.ts';
import { headerFooterRow, saveHeaderFooter } from './store.ts';

for (const database of DATABASES) {
  describe(`[${database.name}] header links become navigation links`, () => {
    it('appends every language row’s links to mainNav and takes them out of the header', async () => {
      const { handle, cleanup } = await openFresh(database);
      try {
        const { db } = handle;
        await saveDocument(
          db,
          'navigation.json',
          JSON.stringify({ mainNav: ['shop'], footerNav: ['about'] }),
          1,
        );
        const header = (links: unknown[]) =>
          JSON.stringify({ announcementText: 'Sale', announcementUrl: '', navigationLinks: links });
        await saveHeaderFooter(db, '', {
          header: header([
            { title: 'Gift guide', url: 'https://gifts.example/guide', newWindow: true },
            { title: 'Journal', url: '/journal', newWindow: false },
          ]),
          footer: '{"text":"","socialLinks":[]}',
          updated: 1,
          updated_by: 'owner@example.test',
        });

        await migration.up(db as unknown as Kysely<unknown>);

        const stored = await documentRow(db, 'navigation.json');
        expect(stored?.version).toBe(2);
        expect(JSON.parse(stored?.data ?? '{}')).toEqual({
          mainNav: [
            'shop',
            { externalLink: { url: 'https://gifts.example/guide', title: 'Gift guide', newWindow: true } },
            { externalLink: { url: '/journal', title: 'Journal', newWindow: false } },
          ],
          footerNav: ['about'],
        });
        expect(JSON.parse((await headerFooterRow(db, ''))?.header ?? '{}')).toEqual({
          announcementText: 'Sale',
          announcementUrl: '',
        });
        // Run again (nothing left to move): the navigation stays as it is.
        await migration.up(db as unknown as Kysely<unknown>);
        expect((await documentRow(db, 'navigation.json'))?.version).toBe(2);
      } finally {
        await cleanup();
      }
    });
  });
}
