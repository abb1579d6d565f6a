/**
 * The site content staff edit in the back office (issue 15; spec section 7), every call for
 * signed-in staff: reading needs `backoffice.read` (every staff role), saving `content.edit`
 * (editor, admin). Signed out 401 `account.sign-in-required`; without the permission 403
 * `account.forbidden`; bad input 400 `invalid-request` naming the field. A save moves the key of
 * what it changed (db/change-version.ts), so every page showing it (kept or not, on any instance)
 * shows it on the next request.
 *
 * - `GET /api/site-header-footer` -> `{ header, footer, updated, updatedBy }`
 * - `PUT /api/site-header-footer` `{ header, footer }` -> the same, as saved
 * - `GET /api/multilingual/settings` -> `{ defaultLanguage, languages, availableLanguages }`
 * - `GET /api/multilingual/status` -> `{ multilingual, defaultLanguage, languages }`
 * - `PUT /api/multilingual/languages` `{ languages: [{ tag, isDefault? }] }` -> the settings
 */
import type { LanguageSettingsAnswer, LanguageStatusAnswer } from '@storefront/core/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changeKey } from '../../platform/db/change-version.ts';
import { accountIdentity } from '../accounts/index.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import type { Site } from '../../platform/site/types.ts';
import { headerFooterBody, readHeaderFooter, writeHeaderFooter } from './header-footer.ts';
import {
  KNOWN_LANGUAGES,
  languageName,
  languagesBody,
  pathPrefix,
  readLanguageSettings,
  writeLanguages,
  type LanguageSettings,
} from './languages.ts';
import { SitePageContent } from './page-content.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

export const HEADER_FOOTER_PATH = '/api/site-header-footer';
export const MULTILINGUAL_API = '/api/multilingual';

export interface SiteContentOptions {
  site: Pick<Site<unknown>, 'dir' | 'content'>;
}

export async function siteContentRoutes(plugin: FastifyInstance, options: SiteContentOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const pageContent = new SitePageContent(options.site);
  const read = { preValidation: requirePermission('backoffice.read') };
  const edit = { preValidation: requirePermission('content.edit'), config: { crumb: true } };

  const staffEmail = async (request: FastifyRequest) => {
    const accountId = (request.member as { accountId: string }).accountId;
    const row = await accountIdentity(db, accountId);
    return row?.email ?? null;
  };

  app.get(HEADER_FOOTER_PATH, read, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readHeaderFooter(db);
  });

  app.put(HEADER_FOOTER_PATH, { ...edit, schema: { body: headerFooterBody } }, async (request, reply) => {
    const by = await staffEmail(request);
    await writeTransaction(db, async (trx, changes) => {
      await changes.takeTurns();
      await writeHeaderFooter(trx, request.body, by);
      changes.touch(changeKey.headerFooter);
    });
    reply.header('cache-control', 'no-store');
    return readHeaderFooter(db);
  });

  const settingsAnswer = (settings: LanguageSettings): LanguageSettingsAnswer => ({
    defaultLanguage: settings.defaultLanguage,
    languages: settings.enabledLanguages.map((tag) => ({
      tag,
      name: languageName(tag),
      isDefault: tag === settings.defaultLanguage,
    })),
    availableLanguages: KNOWN_LANGUAGES.map(({ tag, name }) => ({ tag, name })),
  });
  const settings = () => readLanguageSettings(db, pageContent.contentLanguage);

  app.get(`${MULTILINGUAL_API}/settings`, read, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return settingsAnswer(await settings());
  });

  app.get(`${MULTILINGUAL_API}/status`, read, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const current = await settings();
    return {
      multilingual: current.enabledLanguages.length > 1,
      defaultLanguage: current.defaultLanguage,
      languages: current.enabledLanguages.map((tag) => ({
        tag,
        name: languageName(tag),
        isDefault: tag === current.defaultLanguage,
        /** Where its pages live. */
        path: `${pathPrefix(tag, current.defaultLanguage)}/`,
        /** Whether the template (or the content) has its strings; otherwise they are en-US's. */
        localizedStrings: pageContent.isTranslated(tag) ? 'translated' : 'fallback',
        /** Content in other languages is not edited yet: every language shows the content's own. */
        content: tag === pageContent.contentLanguage ? 'original' : 'untranslated',
      })),
    } satisfies LanguageStatusAnswer;
  });

  app.put(
    `${MULTILINGUAL_API}/languages`,
    { ...edit, schema: { body: languagesBody } },
    async (request, reply) => {
      await writeTransaction(db, async (trx, changes) => {
        // Each save replaces the whole list.
        await changes.takeTurns();
        await writeLanguages(trx, request.body);
        changes.touch(changeKey.settings);
      });
      reply.header('cache-control', 'no-store');
      return settingsAnswer(await settings());
    },
  );
}
