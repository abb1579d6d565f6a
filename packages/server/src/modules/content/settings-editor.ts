/**
 * The site settings editor's work (issue 31): load `website.json` as the screen edits it, save it
 * with its version (a stale save is refused, 409 `record-changed`, and loses nothing: the screen
 * keeps what was typed), keep each save as a revision, restore one. A save moves the `settings`
 * change key, so every instance reads the document again on its next request (live-document.ts).
 */
import { recordChanged } from '../../platform/http/record-changed.ts';
import { randomBytes } from 'node:crypto';
import type { SettingsRevisions, SiteSettingsRecord } from '@storefront/core/wire';
import { changeKey } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import {
  documentRevision,
  documentRevisions,
  documentRow,
  insertDocumentRevision,
  saveDocument,
  type DocumentRow,
} from './documents-store.ts';
import { KNOWN_LANGUAGES } from './languages.ts';
import {
  changedFields,
  settingsOf,
  SETTINGS_DOCUMENT,
  SHARE_SERVICES,
  TIME_ZONES,
  type SiteSettingsSaveBody,
  type WebsiteDocument,
} from './site-settings.ts';
import { CURRENCIES, message } from '@storefront/core';

/** What the editor needs from other modules, given by app.ts. */
export interface SettingsDeps {
  /** Whether products or orders exist: a currency change then needs an explicit confirmation. */
  storeInUse(db: Db): Promise<boolean>;
  /** Which of these `/media/...` addresses the media library holds. */
  mediaKnown(db: Db, urls: readonly string[]): Promise<Set<string>>;
}

/** How many revisions the screen lists (the newest). */
const REVISIONS_LISTED = 50;

const CHOICES: SiteSettingsRecord['choices'] = {
  currencies: Object.values(CURRENCIES).map((c) => ({ code: c.code, name: c.currencyName })),
  languages: KNOWN_LANGUAGES.map(({ tag, name }) => ({ tag, name })),
  timeZones: [...TIME_ZONES],
  shareButtons: [...SHARE_SERVICES],
};

async function existing(db: Db): Promise<DocumentRow> {
  const row = await documentRow(db, SETTINGS_DOCUMENT);
  if (!row) throw apiError('settings.no-settings');
  return row;
}

const parsed = (row: { data: string }) => JSON.parse(row.data) as WebsiteDocument;

export async function loadSettings(db: Db, deps: SettingsDeps): Promise<SiteSettingsRecord> {
  const row = await existing(db);
  return {
    version: row.version,
    updatedOn: row.updatedOn,
    updatedBy: row.updatedBy,
    settings: settingsOf(parsed(row)),
    storeInUse: await deps.storeInUse(db),
    choices: CHOICES,
  };
}

interface Write {
  /** The version the editor saw. */
  version: number;
  /** The new document, made from the stored one. */
  document: (stored: WebsiteDocument) => WebsiteDocument;
  confirmCurrencyChange: boolean;
  /** The revision's words, when not the fields changed (a restore). */
  changes?: string[];
  /** Whether new images are checked against the media library (a restore brings back what was). */
  checkImages: boolean;
}

/** Writes the settings document, its revision and its change keys; the new version. */
async function writeSettings(
  db: Db,
  deps: SettingsDeps,
  by: string,
  write: Write,
  now: number,
): Promise<void> {
  await writeTransaction(db, async (trx, changes) => {
    // Saves of the settings go one after the other: the version check below then holds.
    await changes.takeTurns();
    const row = await existing(trx);
    const before = parsed(row);
    const shown = settingsOf(before);
    if (row.version !== write.version) throw recordChanged(row, shown.timeZone, 'settings');
    const document = write.document(before);
    const next = settingsOf(document);
    const images = [next.logoImageUrl, next.faviconUrl].filter(
      (url): url is string => url !== null && url !== shown.logoImageUrl && url !== shown.faviconUrl,
    );
    if (write.checkImages && images.length > 0) {
      const known = await deps.mediaKnown(trx, images);
      const unknown = images.find((url) => !known.has(url));
      if (unknown !== undefined)
        throw apiError('settings.image-unknown', {
          params: { field: unknown === next.logoImageUrl ? 'logo' : 'favicon', url: unknown },
          extra: { field: unknown === next.logoImageUrl ? 'logoImageUrl' : 'faviconUrl' },
        });
    }
    const currencyChanged = shown.currency !== next.currency;
    if (currencyChanged && !write.confirmCurrencyChange && (await deps.storeInUse(trx)))
      throw apiError('settings.currency-change-unconfirmed', {
        params: { from: shown.currency, to: next.currency },
        extra: { field: 'currency', from: shown.currency, to: next.currency },
      });
    const data = JSON.stringify(document);
    if (data === row.data) return;
    // The document as imported is the first revision, so that it can be restored too.
    if ((await documentRevisions(trx, SETTINGS_DOCUMENT, 1)).length === 0)
      await insertDocumentRevision(trx, SETTINGS_DOCUMENT, {
        id: randomBytes(12).toString('hex'),
        version: row.version,
        savedOn: row.updatedOn,
        savedBy: row.updatedBy,
        data: row.data,
        changes: [],
      });
    await saveDocument(trx, SETTINGS_DOCUMENT, data, now, by);
    await insertDocumentRevision(trx, SETTINGS_DOCUMENT, {
      id: randomBytes(12).toString('hex'),
      version: row.version + 1,
      savedOn: now,
      savedBy: by,
      data,
      changes: write.changes ?? changedFields(shown, next),
    });
    changes.touch(changeKey.settings);
    // Pages and the catalogue's cached prices name the currency: they are made again.
    if (currencyChanged) changes.touch(changeKey.navigation);
  });
}

export async function saveSettings(
  db: Db,
  deps: SettingsDeps,
  by: string,
  body: SiteSettingsSaveBody,
  withSettings: (stored: WebsiteDocument) => WebsiteDocument,
  now = Date.now(),
): Promise<SiteSettingsRecord> {
  await writeSettings(
    db,
    deps,
    by,
    {
      version: body.version,
      document: withSettings,
      confirmCurrencyChange: body.confirmCurrencyChange === true,
      checkImages: true,
    },
    now,
  );
  return loadSettings(db, deps);
}

export async function settingsRevisions(db: Db): Promise<SettingsRevisions> {
  const rows = await documentRevisions(db, SETTINGS_DOCUMENT, REVISIONS_LISTED);
  return {
    revisions: rows.map(({ id, version, savedOn, savedBy, changes }) => ({
      id,
      version,
      savedOn,
      savedBy,
      changes,
    })),
  };
}

/** Saves a revision's document as the next version (the editor's `version` must be current). */
export async function restoreSettings(
  db: Db,
  deps: SettingsDeps,
  by: string,
  revisionId: string,
  body: { version: number; confirmCurrencyChange?: boolean | undefined },
  now = Date.now(),
): Promise<SiteSettingsRecord> {
  const revision = await documentRevision(db, SETTINGS_DOCUMENT, revisionId);
  if (!revision) throw apiError('settings.revision-not-found');
  await writeSettings(
    db,
    deps,
    by,
    {
      version: body.version,
      document: () => JSON.parse(revision.data) as WebsiteDocument,
      confirmCurrencyChange: body.confirmCurrencyChange === true,
      changes: [message('settings.restored', { version: revision.version })],
      checkImages: false,
    },
    now,
  );
  return loadSettings(db, deps);
}
