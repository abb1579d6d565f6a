/**
 * The platform's partials (template-format §2.4): what a template `apply`s without shipping it,
 * either named in `systemPartials` (`sqs-share-buttons`, `sqs-social-links`) or supplied on the
 * platform by template modules a raw framework checkout lacks (`social-links.block`,
 * `sqs-video-background.block`). Their English comes from core's message catalogue (strings.ts).
 */
import { localizedText as t } from './strings.ts';

/**
 * The accounts of what it is applied to (`website`), else `website.socialAccounts` from the scopes
 * around it: a section resolves in its own scope only, a variable walks up the scopes,
 * so the partial finds them wherever it is applied, nested sections included.
 */
const socialLinks = (listClass: string) =>
  `{.var @accounts socialAccounts}{.if @accounts}{.or}{.var @accounts website.socialAccounts}{.end}{.section @accounts}<nav class="${listClass}" aria-label="${t('system.social-links-label')}">{.repeated section @}<a class="social-links-item sqs-svg-icon--wrapper {serviceName|htmlattr}" href="{profileUrl|htmlattr}" target="_blank" rel="noopener"><span class="social-links-name">{.if screenname}{screenname}{.or}{serviceName}{.end}</span></a>{.end}</nav>{.end}`;

/** Share links for the page's item (or collection): Facebook, X, Pinterest, email. */
const shareButtons = `{.var @url fullUrl}<div class="sqs-share-buttons" data-share-url="{@url|htmlattr}">
  <a class="sqs-share-button sqs-share-button--facebook" href="https://www.facebook.com/sharer/sharer.php?u={website.baseUrl|url-encode}{@url|url-encode}" target="_blank" rel="noopener">Facebook</a>
  <a class="sqs-share-button sqs-share-button--twitter" href="https://twitter.com/intent/tweet?url={website.baseUrl|url-encode}{@url|url-encode}&amp;text={title|url-encode}" target="_blank" rel="noopener">X</a>
  <a class="sqs-share-button sqs-share-button--pinterest" href="https://www.pinterest.com/pin/create/button/?url={website.baseUrl|url-encode}{@url|url-encode}&amp;description={title|url-encode}" target="_blank" rel="noopener">Pinterest</a>
  <a class="sqs-share-button sqs-share-button--email" href="mailto:?subject={title|url-encode}&amp;body={website.baseUrl|url-encode}{@url|url-encode}">${t('system.share-email')}</a>
</div>`;

/** The video background's markup; the template's own script (or the block's island) plays it. */
const videoBackground = `{.section backgroundSource}<div class="sqs-video-background" data-config-url="{url|htmlattr}" data-config-playback-speed="{playbackSpeed}" data-config-filter="{filter}" data-config-filter-strength="{filterStrength}"><div class="sqs-video-background-overlay"></div></div>{.end}`;

/** Partial name (as `apply` names it) -> source. */
export const SYSTEM_PARTIALS: Readonly<Record<string, string>> = {
  'sqs-share-buttons': shareButtons,
  'sqs-social-links': socialLinks('sqs-social-links social-links'),
  'social-links.block': socialLinks('social-links'),
  'sqs-video-background.block': videoBackground,
  'sqs-video-background': videoBackground,
};
