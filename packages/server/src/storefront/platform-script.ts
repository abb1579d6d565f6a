/**
 * What `{squarespace-headers}` gives the scripts of a template written for the developer platform
 * (template-format §2.8, docs/templates.md "Platform scripts"): `Static.SQUARESPACE_CONTEXT` (read at
 * start by bundles built on the platform's public script packages), `window.ImageLoader` (the loader
 * contract for `data-src` / `data-image-dimensions` / `data-image-focal-point` images a script adds
 * after the page has loaded; the page's own are loaded by the web bundle, packages/web/src/images.ts),
 * `Squarespace.onInitialize`, and a small `Y` (YUI) so that a template calling `Y.use`, `Y.on`,
 * `Y.one` or `Y.all` does not throw. The page's context goes in a JSON script element; the globals
 * are one constant inline script, allowed by its hash in the CSP (app.ts), so a kept page
 * (render/page-cache.ts) carries no per-response nonce for it. Pure.
 */
import type { Json } from '../platform/site/types.ts';
import { scriptJson } from './context.ts';

export interface PlatformContextInput {
  website: Json;
  websiteSettings: Json;
  collection: Json;
  item: Json | undefined;
  pageType: number;
  templateName: string;
  templateRevision: string;
  /** The template's tweak values in effect, by variable name (site/tweaks.ts `tweakJson`). */
  tweakJson: Json;
  authenticatedAccount: Json | undefined;
}

/** `Static.SQUARESPACE_CONTEXT`, with the fields templates read (docs/templates.md). */
export function squarespaceContext(input: PlatformContextInput): Json {
  const { collection, item } = input;
  return {
    website: input.website,
    websiteSettings: input.websiteSettings,
    collectionId: collection.id ?? null,
    collection: {
      id: collection.id,
      title: collection.title,
      fullUrl: collection.fullUrl,
      typeName: collection.typeName,
      type: collection.type,
    },
    ...(item ? { itemId: item.id, item: { id: item.id, title: item.title, fullUrl: item.fullUrl } } : {}),
    pageType: input.pageType,
    templateId: input.templateName,
    templateVersion: '7',
    templateRevision: input.templateRevision,
    templateScriptsRootUrl: '/scripts/',
    tweakJSON: input.tweakJson,
    rollups: {},
    isFacebookTab: false,
    impersonatedSession: false,
    showAnnouncementBar: false,
    ...(input.authenticatedAccount ? { authenticatedAccount: input.authenticatedAccount } : {}),
  };
}

/** The JSON script element holding the page's `Static.SQUARESPACE_CONTEXT`. */
const CONTEXT_ELEMENT_ID = 'squarespace-context';

/**
 * The globals, in plain ES5 (it runs before anything else on the page). `Y` is a shim, not YUI:
 * `use` and `on('domready')` run their callback once the document is parsed, `one`/`all` wrap
 * `querySelector`/`querySelectorAll` with the node methods templates call most.
 */
export const PLATFORM_GLOBALS_SCRIPT = `(function (w, d) {
  var data = d.getElementById('${CONTEXT_ELEMENT_ID}');
  w.Static = w.Static || {};
  w.Static.SQUARESPACE_CONTEXT = data ? JSON.parse(data.textContent) : {};
  var ready = function (fn) { if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', fn, { once: true }); else fn(); };
  var node = function (el) {
    if (!el) return null;
    var n = {
      _node: el,
      getDOMNode: function () { return el; },
      one: function (s) { return node(el.querySelector(s)); },
      all: function (s) { return list(el.querySelectorAll(s)); },
      on: function (type, fn) { el.addEventListener(type, function (e) { fn.call(n, { target: node(e.target), currentTarget: n, preventDefault: function () { e.preventDefault(); }, stopPropagation: function () { e.stopPropagation(); }, _event: e }); }); return n; },
      addClass: function (c) { el.classList.add(c); return n; },
      removeClass: function (c) { el.classList.remove(c); return n; },
      toggleClass: function (c, f) { el.classList.toggle(c, f); return n; },
      hasClass: function (c) { return el.classList.contains(c); },
      getAttribute: function (a) { return el.getAttribute(a); },
      setAttribute: function (a, v) { el.setAttribute(a, v); return n; },
      getData: function (k) { return el.getAttribute('data-' + k); },
      get: function (k) { return k === 'parentNode' ? node(el.parentNode) : el[k]; },
      set: function (k, v) { el[k] = v; return n; },
      setHTML: function (h) { el.innerHTML = h; return n; },
      ancestor: function (s) { return node(el.parentElement && el.parentElement.closest(s)); },
      remove: function () { el.remove(); return n; }
    };
    return n;
  };
  var list = function (els) {
    var nodes = Array.prototype.map.call(els, node);
    return {
      each: function (fn) { nodes.forEach(function (n, i) { fn.call(n, n, i); }); },
      item: function (i) { return nodes[i] || null; },
      size: function () { return nodes.length; },
      isEmpty: function () { return nodes.length === 0; },
      addClass: function (c) { nodes.forEach(function (n) { n.addClass(c); }); },
      removeClass: function (c) { nodes.forEach(function (n) { n.removeClass(c); }); },
      on: function (t, fn) { nodes.forEach(function (n) { n.on(t, fn); }); }
    };
  };
  var Y = w.Y || {
    config: { win: w, doc: d },
    use: function () { var fn = arguments[arguments.length - 1]; if (typeof fn === 'function') ready(function () { fn(Y); }); return Y; },
    on: function (type, fn, target) {
      if (type === 'domready' || type === 'available' || type === 'contentready') ready(fn);
      else (target ? d.querySelector(target) || w : w).addEventListener(type, fn);
    },
    one: function (s) { return typeof s === 'string' ? node(d.querySelector(s)) : node(s); },
    all: function (s) { return list(d.querySelectorAll(s)); },
    later: function (ms, ctx, fn) { return setTimeout(function () { fn.call(ctx); }, ms); },
    Lang: { isString: function (v) { return typeof v === 'string'; }, isFunction: function (v) { return typeof v === 'function'; } }
  };
  w.Y = Y;
  w.YUI = w.YUI || function () { return Y; };
  w.Squarespace = w.Squarespace || {};
  w.Squarespace.onInitialize = w.Squarespace.onInitialize || function (y, fn) { ready(fn); };
  w.Squarespace.onDestroy = w.Squarespace.onDestroy || function () {};
  w.ImageLoader = w.ImageLoader || {
    load: function (img) {
      var src = img && img.getAttribute('data-src');
      if (!src) return false;
      if (!img.getAttribute('src')) img.setAttribute('src', src);
      img.setAttribute('data-load', 'true');
      return true;
    }
  };
})(window, document);`;

/** The platform's part of `{squarespace-headers}`: the page's context, then the globals. */
export function platformScript(input: PlatformContextInput): string {
  return `<script id="${CONTEXT_ELEMENT_ID}" type="application/json">${scriptJson(squarespaceContext(input))}</script>\n<script>${PLATFORM_GLOBALS_SCRIPT}</script>`;
}
