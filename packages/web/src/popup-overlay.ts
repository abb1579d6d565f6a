/**
 * The popup overlay's memory (spec section 4, page type 104): local storage keeps the closed date,
 * the version and the submitted flag, so that a closed popup stays away for the site's number of
 * days, a signed-up visitor never sees it again, and a new version shows to everyone once more.
 * Pure rules and storage only; the dialog is islands/popup-overlay.tsx, loaded only when due.
 */

/** Where the site's popup is described (the demo template renders it from `websiteSettings.popupOverlay`). */
export const POPUP_OVERLAY_SELECTOR = '[data-sf-popup-overlay]';

export const POPUP_STORAGE_KEYS = {
  closedDate: 'popupOverlayClosedDate',
  version: 'popupOverlayVersion',
  submitted: 'popupOverlaySubmitted',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PopupOverlayConfig {
  version: string;
  /** Days a closed popup stays away. */
  closedDays: number;
  /** The page paths it shows on; empty: every page. */
  paths: readonly string[];
}

export interface PopupOverlayMemory {
  /** Epoch milliseconds of the last close. */
  closedDate?: number | undefined;
  version?: string | undefined;
  submitted: boolean;
}

/** Whether the popup shows now on the page at `path`. */
export function popupOverlayDue(
  config: PopupOverlayConfig,
  memory: PopupOverlayMemory,
  now: number,
  path: string,
): boolean {
  if (config.paths.length > 0 && !config.paths.includes(path)) return false;
  // What the visitor did answered another version: this one is new to them.
  if (memory.version !== config.version) return true;
  if (memory.submitted) return false;
  if (memory.closedDate === undefined) return true;
  return now >= memory.closedDate + Math.max(0, config.closedDays) * DAY_MS;
}

/** The popup's description from its marker's data attributes; undefined when it has none. */
export function popupOverlayConfigOf(marker: HTMLElement): PopupOverlayConfig | undefined {
  const version = marker.dataset.version?.trim();
  if (!version) return undefined;
  const days = Number(marker.dataset.closedDays);
  const paths = (marker.dataset.paths ?? '').split(/\s+/).filter(Boolean);
  return { version, closedDays: Number.isFinite(days) && days >= 0 ? days : 0, paths };
}

/** The window's local storage, or undefined where the browser blocks it. */
export function storageOf(win: Window | null): Storage | undefined {
  try {
    return win?.localStorage;
  } catch {
    return undefined;
  }
}

/** What this browser remembers; nothing when storage is blocked (the popup then shows). */
export function readPopupMemory(storage: Storage | undefined): PopupOverlayMemory {
  try {
    const closed = Number(storage?.getItem(POPUP_STORAGE_KEYS.closedDate) ?? NaN);
    return {
      closedDate: Number.isFinite(closed) && closed > 0 ? closed : undefined,
      version: storage?.getItem(POPUP_STORAGE_KEYS.version) ?? undefined,
      submitted: storage?.getItem(POPUP_STORAGE_KEYS.submitted) === 'true',
    };
  } catch {
    return { submitted: false };
  }
}

/** Remembers a close or a sign-up for this version (a sign-up also counts as closed now). */
export function rememberPopup(
  storage: Storage | undefined,
  version: string,
  what: 'closed' | 'submitted',
  now: number,
): void {
  try {
    storage?.setItem(POPUP_STORAGE_KEYS.version, version);
    storage?.setItem(POPUP_STORAGE_KEYS.closedDate, String(now));
    storage?.setItem(POPUP_STORAGE_KEYS.submitted, String(what === 'submitted'));
  } catch {
    // storage unavailable: the popup shows again next time
  }
}
