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
  /** Seconds on the page before it shows (none: at once, or only on scroll when that is set). */
  delaySeconds?: number | undefined;
  /** Shows once the visitor has scrolled this percentage of the page (whichever comes first). */
  scrollPercent?: number | undefined;
}

/** Fired on the document as the popup shows, closes or takes a sign-up (telemetry counts it, census). */
export const POPUP_OVERLAY_EVENT = 'storefront:popup-overlay';
/**
 * Fired on the popup's marker (bubbling) the moment it is due, before its chunk and content load:
 * a test holding the page's clock learns at once whether it came too early.
 */
export const POPUP_DUE_EVENT = 'storefront:popup-due';
export type PopupOverlayAction = 'shown' | 'closed' | 'submitted';
export interface PopupOverlayDetail {
  action: PopupOverlayAction;
  version: string;
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
  return {
    version,
    closedDays: Number.isFinite(days) && days >= 0 ? days : 0,
    paths,
    delaySeconds: numberIn(marker.dataset.delaySeconds, 0, 3600),
    scrollPercent: numberIn(marker.dataset.scrollPercent, 0, 100),
  };
}

/** A data attribute's number when it is one within [min, max]; an empty or odd value is none. */
function numberIn(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/**
 * Calls `show` once, when the popup's moment comes: after `delaySeconds`, or once the visitor has
 * scrolled `scrollPercent` of the page, whichever comes first (neither set: at once). Returns a
 * cancel function.
 */
export function whenPopupTriggered(win: Window, config: PopupOverlayConfig, show: () => void): () => void {
  let done = false;
  const cleanups: (() => void)[] = [];
  const fire = () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups) cleanup();
    show();
  };
  const { delaySeconds, scrollPercent } = config;
  if (scrollPercent !== undefined) {
    const onScroll = () => {
      const doc = win.document.documentElement;
      const scrollable = doc.scrollHeight - win.innerHeight;
      const scrolled = scrollable <= 0 ? 100 : (win.scrollY / scrollable) * 100;
      if (scrolled >= scrollPercent) fire();
    };
    win.addEventListener('scroll', onScroll, { passive: true });
    cleanups.push(() => win.removeEventListener('scroll', onScroll));
    // A page too short to scroll that far shows it at once.
    onScroll();
  }
  if (delaySeconds !== undefined || scrollPercent === undefined) {
    const timer = win.setTimeout(fire, (delaySeconds ?? 0) * 1000);
    cleanups.push(() => win.clearTimeout(timer));
  }
  return () => {
    done = true;
    for (const cleanup of cleanups) cleanup();
  };
}

/** What the popup did before anyone listened (telemetry loads late, or after consent). */
const unheard = new WeakMap<Document, PopupOverlayDetail[]>();

/**
 * Tells the page (telemetry) what the popup did. A listener that counts it calls `preventDefault()`;
 * what nobody counted waits for `takeUnheardPopupActions`.
 */
export function announcePopup(doc: Document, detail: PopupOverlayDetail): void {
  const heard = !doc.dispatchEvent(
    new CustomEvent<PopupOverlayDetail>(POPUP_OVERLAY_EVENT, { detail, cancelable: true }),
  );
  if (!heard) unheard.set(doc, [...(unheard.get(doc) ?? []), detail]);
}

/** The popup's actions nobody has counted yet, handed over once. */
export function takeUnheardPopupActions(doc: Document): PopupOverlayDetail[] {
  const actions = unheard.get(doc) ?? [];
  unheard.delete(doc);
  return actions;
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
