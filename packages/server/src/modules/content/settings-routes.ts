/**
 * The site settings' back-office calls (issue 31; contract in core's wire/settings.ts). Reading needs
 * `backoffice.read` (every staff role: the screen shows them read-only), saving `settings.manage`
 * (admin). Signed out 401, without the permission 403, bad input 400 `invalid-request` naming the
 * field, a stale `version` 409 `record-changed`, a currency change of a store with products or
 * orders without `confirmCurrencyChange: true` 409 `currency-change-unconfirmed`.
 *
 * - `GET  /api/config/settings` -> SiteSettingsRecord
 * - `PUT  /api/config/settings` `{ version, settings, confirmCurrencyChange? }` -> SiteSettingsRecord
 * - `GET  /api/config/settings/revisions` -> SettingsRevisions (newest first)
 * - `POST /api/config/settings/revisions/:revisionId/restore` `{ version, confirmCurrencyChange? }`
 *   -> SiteSettingsRecord
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import {
  loadSettings,
  restoreSettings,
  saveSettings,
  settingsRevisions,
  type SettingsDeps,
} from './settings-editor.ts';
import { siteSettingsSave, withSettings } from './site-settings.ts';

export const SETTINGS_API = '/api/config/settings';

const revisionParams = z.object({ revisionId: z.string().min(1).max(100) }).strict();
const restoreBody = z
  .object({ version: z.number().int().min(1), confirmCurrencyChange: z.boolean().optional() })
  .strict();

const editorEmail = (request: FastifyRequest) => (request.member as { email: string }).email;

export async function siteSettingsRoutes(plugin: FastifyInstance, deps: SettingsDeps): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { preValidation: requirePermission('backoffice.read') };
  const manage = { preValidation: requirePermission('settings.manage'), config: { crumb: true } };

  app.get(SETTINGS_API, read, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return loadSettings(db, deps);
  });

  app.put(SETTINGS_API, { ...manage, schema: { body: siteSettingsSave } }, async (request, reply) => {
    const { settings } = request.body;
    const saved = await saveSettings(db, deps, editorEmail(request), request.body, (stored) =>
      withSettings(stored, settings),
    );
    reply.header('cache-control', 'no-store');
    return saved;
  });

  app.get(`${SETTINGS_API}/revisions`, read, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return settingsRevisions(db);
  });

  app.post(
    `${SETTINGS_API}/revisions/:revisionId/restore`,
    { ...manage, schema: { params: revisionParams, body: restoreBody } },
    async (request, reply) => {
      const restored = await restoreSettings(
        db,
        deps,
        editorEmail(request),
        request.params.revisionId,
        request.body,
      );
      reply.header('cache-control', 'no-store');
      return restored;
    },
  );
}
