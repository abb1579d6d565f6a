/**
 * The platform's own list and item templates (template-format §2.1 `systemCollections`): JSON-T
 * rendered with the platform helpers, in the markup and class names templates written for the
 * developer platform style against (`ProductList`, `ProductItem`, `BlogList`, `BlogItem`,
 * `eventlist`, `eventitem`, `sqs-gallery`, `Index-page`, `sqs-block`). The class names are listed in
 * docs/templates.md ("System collections"). Kept as strings so that the bundled server, tsx and
 * vitest all read them alike. Their English comes from core's message catalogue (strings.ts).
 */
import { localizedText as t } from './strings.ts';

/** A block of HTML in the platform's layout-engine grid (`sqs-layout` → `sqs-block`). */
const htmlBlock = (value: string, field: string) =>
  `<div class="sqs-layout sqs-grid-12 columns-12" data-type="item" data-content-field="${field}"><div class="row sqs-row"><div class="col sqs-col-12 span-12"><div class="sqs-block html-block sqs-block-html" data-block-type="2"><div class="sqs-block-content">${value}</div></div></div></div></div>`;

const listPagination = (block: string, newer: string, older: string) =>
  `{.section pagination}{.if prevPage || nextPage}
<nav class="${block}-pagination" aria-label="${t('system.pagination-label')}">
  {.if prevPage}<a class="${block}-pagination-link ${block}-pagination-link--prev" href="{prevPageUrl|htmlattr}" rel="prev">${newer}</a>{.end}
  {.if nextPage}<a class="${block}-pagination-link ${block}-pagination-link--next" href="{nextPageUrl|htmlattr}" rel="next">${older}</a>{.end}
</nav>
{.end}{.end}`;

const itemPagination = (block: string) =>
  `{.section pagination}{.if prevItem || nextItem}
<nav class="${block}-pagination" aria-label="${t('system.more-label')}">
  {.section prevItem}<a class="${block}-pagination-link ${block}-pagination-link--prev" href="{fullUrl|htmlattr}" rel="prev"><span class="${block}-pagination-prev-label">${t('system.previous')}</span> <span class="${block}-pagination-title">{title}</span></a>{.end}
  {.section nextItem}<a class="${block}-pagination-link ${block}-pagination-link--next" href="{fullUrl|htmlattr}" rel="next"><span class="${block}-pagination-next-label">${t('system.next')}</span> <span class="${block}-pagination-title">{title}</span></a>{.end}
</nav>
{.end}{.end}`;

const blogMeta = (block: string) =>
  `<div class="Blog-meta ${block}-meta"><time class="Blog-meta-item Blog-meta-item--date" datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %B %e, %Y}</time>{.section author}<span class="Blog-meta-item Blog-meta-item--author">{displayName}</span>{.end}{.section categories}<span class="Blog-meta-item Blog-meta-item--categories">{.repeated section @}<a class="Blog-meta-item-category" href="{collection.fullUrl|htmlattr}?category={@|url-encode}">{@|html}</a>{.alternates with}, {.end}</span>{.end}</div>`;

const eventMeta = `<ul class="eventlist-meta event-meta">
      <li class="eventlist-meta-item eventlist-meta-date event-meta-item"><time class="event-date" datetime="{startDate|date %Y-%m-%d}">{startDate|date %A, %B %e, %Y}</time></li>
      <li class="eventlist-meta-item eventlist-meta-time event-meta-item"><span class="event-time-12hr"><time class="event-time-12hr-start" datetime="{startDate|date %Y-%m-%d}">{startDate|date %l:%M %p}</time>{.if endDate}<span class="event-datetime-divider"> &ndash; </span><time class="event-time-12hr-end" datetime="{endDate|date %Y-%m-%d}">{endDate|date %l:%M %p}</time>{.end}</span></li>
      {.if mapUrl}<li class="eventlist-meta-item eventlist-meta-address event-meta-item">{.section location}{.if addressTitle}<span class="eventlist-meta-address-title">{addressTitle}</span>{.end}{.if addressLine1} <span class="eventlist-meta-address-line">{addressLine1}</span>{.end}{.if addressLine2} <span class="eventlist-meta-address-line">{addressLine2}</span>{.end}{.if addressCountry} <span class="eventlist-meta-address-line">{addressCountry}</span>{.end}{.end} <a class="eventlist-meta-address-maplink" href="{mapUrl|htmlattr}" target="_blank" rel="noopener">${t('system.events-map')}<span class="visually-hidden">: {title}</span></a></li>{.end}
      <li class="eventlist-meta-item eventlist-meta-export event-meta-item"><a class="eventlist-meta-export-google" href="{@|google-calendar-url|htmlattr}" target="_blank" rel="noopener">Google Calendar<span class="visually-hidden">: {title}</span></a> <span class="eventlist-meta-export-divider" aria-hidden="true">&middot;</span> <a class="eventlist-meta-export-ical" href="{icsUrl|htmlattr}" download="{icsFileName|htmlattr}">${t('system.events-ics')}<span class="visually-hidden">: {title}</span></a></li>
    </ul>`;

/** Product page, the platform's "v2" store page: gallery, price and sale, status, scarcity, checkout. */
const productsItem = `{.section item}<article class="ProductItem {@|item-classes}" data-item-id="{id}" data-product-type="{structuredContent.productType}" id="productItem-{id}">
  <nav class="ProductItem-nav" aria-label="${t('system.breadcrumb-label')}"><a class="ProductItem-nav-breadcrumb-link" href="{collection.fullUrl|htmlattr}">{collection.title}</a> <span class="ProductItem-nav-breadcrumb-separator" aria-hidden="true">&rsaquo;</span> <span class="ProductItem-nav-breadcrumb-link" aria-current="page">{title}</span></nav>
  <section class="ProductItem-summary">
    <div class="ProductItem-gallery">
      <div class="ProductItem-gallery-slides">
        {.repeated section items}<div class="ProductItem-gallery-slides-item" data-slide-index="{@index}">{@|image ProductItem-gallery-slides-item-image}</div>{.or}{.if assetUrl}<div class="ProductItem-gallery-slides-item">{@|image ProductItem-gallery-slides-item-image}</div>{.end}{.end}
      </div>
      {.has-multiple?}<div class="ProductItem-gallery-thumbnails">{.repeated section items}<button type="button" class="ProductItem-gallery-thumbnails-item" data-thumbnail-index="{@index}">{@|image ProductItem-gallery-thumbnails-item-image}</button>{.end}</div>{.end}
    </div>
    <div class="ProductItem-details">
      <h1 class="ProductItem-details-title" data-content-field="title">{title}</h1>
      <div class="ProductItem-product-price">{@|product-price}</div>
      <div class="ProductItem-details-status">{@|product-status}</div>
      {.section excerpt}<div class="ProductItem-details-excerpt">{@}</div>{.end}
      <div class="ProductItem-details-scarcity">{@|product-scarcity}</div>
      <div class="ProductItem-details-checkout">{@|product-checkout}</div>
      {.equal? structuredContent.productType 1}{.if websiteSettings.storeSettings.instalments}<div class="ProductItem-details-instalments product-instalments" data-item-id="{id}" data-instalment-context="{websiteSettings.storeSettings.instalments|json|htmlattr}"></div>{.end}{.end}
      <div class="ProductItem-details-restock">{@|product-restock-notification}</div>
      {@|apply sqs-share-buttons}
    </div>
  </section>
  {.section body}<section class="ProductItem-additional">${htmlBlock('{@}', 'body')}</section>{.end}
</article>{.end}
${itemPagination('ProductItem')}`;

const productsList = `<section class="ProductList" data-collection-id="{collection.id}">
  <header class="ProductList-header">
    <h1 class="ProductList-headline">{.if categoryFilter}{categoryFilter|html}{.or}{.if tagFilter}{tagFilter|html}{.or}{collection.title}{.end}{.end}</h1>
    {.section collection.description}<div class="ProductList-description">{@}</div>{.end}
  </header>
  {.section collection.categories}<nav class="ProductList-filter" aria-label="${t('system.categories-label')}"><ul class="ProductList-filter-list">
    <li class="ProductList-filter-list-item"><a class="ProductList-filter-list-item-link{.if categoryFilter}{.or} ProductList-filter-list-item--active{.end}" href="{collection.fullUrl|htmlattr}">${t('system.all-categories')}</a></li>
    {.repeated section @}<li class="ProductList-filter-list-item"><a class="ProductList-filter-list-item-link{.equal? @ categoryFilter} ProductList-filter-list-item--active{.end}" href="{collection.fullUrl|htmlattr}?category={@|url-encode}">{@|html}</a></li>{.end}
  </ul></nav>{.end}
  <div class="ProductList-grid">
    {.repeated section items}<article class="ProductList-item {@|item-classes}" data-item-id="{id}">
      <a class="ProductList-item-link" href="{fullUrl|htmlattr}">
        <div class="ProductList-image-wrapper">{@|image ProductList-image}<div class="ProductList-item-status">{@|product-status}</div></div>
        <div class="ProductList-meta"><h2 class="ProductList-title">{title}</h2><div class="ProductList-price">{@|product-price}</div></div>
      </a>
      <div class="ProductList-quickview">{@|product-quick-view}</div>
    </article>{.or}<p class="ProductList-empty">${t('system.no-products')}</p>{.end}
  </div>
  ${listPagination('ProductList', t('system.previous'), t('system.next'))}
</section>`;

const blogList = `<section class="BlogList sqs-blog-list" data-collection-id="{collection.id}">
  {.if tagFilter}<p class="BlogList-filter">{tagFilter|html}</p>{.or}{.if categoryFilter}<p class="BlogList-filter">{categoryFilter|html}</p>{.or}{.if authorFilter}<p class="BlogList-filter">{authorFilter|html}</p>{.end}{.end}{.end}
  {.repeated section items}<article class="BlogList-item {@|item-classes}" id="article-{id}" data-item-id="{id}">
    {.if assetUrl}<a class="BlogList-item-image-link" href="{fullUrl|htmlattr}" tabindex="-1" aria-hidden="true">{@|image BlogList-item-image}</a>{.end}
    <h2 class="BlogList-item-heading"><a class="BlogList-item-title" href="{fullUrl|htmlattr}" data-content-field="title">{title}</a></h2>
    ${blogMeta('BlogList-item')}
    {.excerpt?}<div class="BlogList-item-excerpt">{excerpt}</div>{.end}
    <a class="BlogList-item-readmore" href="{fullUrl|htmlattr}">${t('system.read-more')}<span class="visually-hidden">: {title}</span></a>
  </article>{.or}<p class="BlogList-empty">${t('system.no-posts')}</p>{.end}
  ${listPagination('BlogList', t('system.newer'), t('system.older'))}
</section>`;

const blogItem = `{.section item}<article class="BlogItem {@|item-classes}" id="article-{id}" data-item-id="{id}">
  <header class="BlogItem-header">
    <h1 class="BlogItem-title" data-content-field="title">{title}</h1>
    ${blogMeta('BlogItem')}
  </header>
  {.if assetUrl}<figure class="BlogItem-image">{@|image BlogItem-image-img}</figure>{.end}
  <div class="BlogItem-body">${htmlBlock('{body}', 'body')}</div>
  <footer class="BlogItem-footer">
    {.section tags}<ul class="BlogItem-meta-tags">{.repeated section @}<li><a class="BlogItem-meta-tag" href="{collection.fullUrl|htmlattr}?tag={@|url-encode}">{@|html}</a></li>{.end}</ul>{.end}
    {.section author}<div class="BlogItem-author"><span class="BlogItem-author-name">{displayName}</span>{.section bio}<div class="BlogItem-author-bio">{@}</div>{.end}</div>{.end}
    {@|apply sqs-share-buttons}
  </footer>
</article>{.end}
${itemPagination('BlogItem')}`;

const eventArticle = (
  when: 'upcoming' | 'past',
) => `<article class="eventlist-event eventlist-event--${when} {@|item-classes}" data-item-id="{id}">
    {.if assetUrl}<a class="eventlist-column-thumbnail" href="{fullUrl|htmlattr}" tabindex="-1" aria-hidden="true">{@|image eventlist-thumbnail}</a>{.end}
    <div class="eventlist-column-date" aria-hidden="true"><div class="eventlist-datetag"><div class="eventlist-datetag-startdate eventlist-datetag-startdate--month">{startDate|date %b}</div><div class="eventlist-datetag-startdate eventlist-datetag-startdate--day">{startDate|date %e}</div></div></div>
    <div class="eventlist-column-info">
      <h3 class="eventlist-title"><a class="eventlist-title-link" href="{fullUrl|htmlattr}">{title}</a></h3>
      ${eventMeta}
      {.excerpt?}<div class="eventlist-excerpt">{excerpt}</div>{.end}
      <a class="eventlist-button sqs-editable-button" href="{fullUrl|htmlattr}">View Event<span class="visually-hidden">: {title}</span></a>
    </div>
  </article>`;

/**
 * Upcoming events soonest first, then past ones latest first, each list paged with its own next
 * link; with `?view=calendar` the month as a table (render/loader.ts builds `upcoming`, `past`, their
 * `…Pagination` and `calendar`).
 */
const eventsList = `<div class="eventlist-wrapper" data-collection-id="{collection.id}">
  <h1 class="eventlist-heading">{collection.title}</h1>
  <nav class="eventlist-views" aria-label="${t('system.events-views-label')}"><a class="eventlist-view-link{.if calendarView}{.or} eventlist-view-link--active{.end}" href="{collection.fullUrl|htmlattr}"{.if calendarView}{.or} aria-current="page"{.end}>${t('system.events-list')}</a> <a class="eventlist-view-link{.if calendarView} eventlist-view-link--active{.end}" href="{collection.fullUrl|htmlattr}?view=calendar"{.if calendarView} aria-current="page"{.end}>${t('system.events-calendar')}</a></nav>
  {.if calendarView}{.section calendar}<section class="eventcalendar" aria-labelledby="eventcalendar-title">
    <div class="eventcalendar-header">
      <a class="eventcalendar-nav eventcalendar-nav--prev" href="{previous.url|htmlattr}" rel="prev">&larr; {previous.title}</a>
      <h2 class="eventcalendar-title" id="eventcalendar-title">{title}</h2>
      <a class="eventcalendar-nav eventcalendar-nav--next" href="{next.url|htmlattr}" rel="next">{next.title} &rarr;</a>
    </div>
    <table class="eventcalendar-grid">
      <caption class="visually-hidden">Events in {title}</caption>
      <thead><tr>{.repeated section weekdays}<th scope="col"><abbr title="{long|htmlattr}">{short}</abbr></th>{.end}</tr></thead>
      <tbody>{.repeated section weeks}<tr>{.repeated section days}{.if blank}<td class="eventcalendar-day eventcalendar-day--blank"></td>{.or}<td class="eventcalendar-day{.if hasEvents} eventcalendar-day--has-events{.end}" data-date="{date}"><time class="eventcalendar-day-number" datetime="{date}">{day}</time>{.if hasEvents}<ul class="eventcalendar-events">{.repeated section events}<li class="eventcalendar-event"><a class="eventcalendar-event-link" href="{fullUrl|htmlattr}">{title}</a> <time class="eventcalendar-event-time" datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %l:%M %p}</time></li>{.end}</ul>{.end}</td>{.end}{.end}</tr>{.end}</tbody>
    </table>
    {.if eventCount}{.or}<p class="eventlist-message">${t('system.events-none-this-month')}</p>{.end}
  </section>{.end}{.or}<section class="eventlist eventlist--upcoming" aria-labelledby="eventlist-upcoming-title">
    <h2 class="eventlist-section-title" id="eventlist-upcoming-title">${t('system.events-upcoming')}</h2>
    {.repeated section upcoming}${eventArticle('upcoming')}{.or}<p class="eventlist-message">${t('system.events-none-upcoming')}</p>{.end}
    {.section upcomingPagination}<a class="eventlist-more" rel="next" href="{nextPageUrl|htmlattr}">${t('system.events-more-upcoming')}</a>{.end}
  </section>
  {.if past}<section class="eventlist eventlist--past" aria-labelledby="eventlist-past-title">
    <h2 class="eventlist-section-title" id="eventlist-past-title">${t('system.events-past')}</h2>
    {.repeated section past}${eventArticle('past')}{.end}
    {.section pastPagination}<a class="eventlist-more" rel="next" href="{nextPageUrl|htmlattr}">${t('system.events-more-past')}</a>{.end}
  </section>{.end}{.end}
</div>`;

const eventsItem = `{.section item}<article class="eventitem {@|item-classes}" data-item-id="{id}">
  <a class="eventitem-backlink" href="{collection.fullUrl|htmlattr}">Back to All Events</a>
  <div class="eventitem-column-meta">
    <h1 class="eventitem-title" data-content-field="title">{title}</h1>
    ${eventMeta.replace(/eventlist-/g, 'eventitem-')}
  </div>
  {.if assetUrl}<figure class="eventitem-image">{@|image eventitem-image-img}</figure>{.end}
  <div class="eventitem-column-content">${htmlBlock('{body}', 'body')}</div>
  {@|apply sqs-share-buttons}
</article>{.end}
${itemPagination('eventitem')}`;

// A gallery page's design (its galleryOptions, set in the back office) names the container's class.
const galleryList = `<div class="sqs-gallery-container sqs-gallery-block-grid{.section collection}{.section galleryOptions} sqs-gallery-design-{design}{.end}{.end}" data-collection-id="{collection.id}">
  <h1 class="sqs-gallery-heading">{collection.title}</h1>
  <div class="sqs-gallery">
    {.repeated section items}<div class="slide" data-type="image" data-item-id="{id}"><div class="margin-wrapper"><a class="image-slide-anchor content-fit" href="{fullUrl|htmlattr}">{@|image thumb-image}</a>{.if title}<div class="image-slide-title">{title}</div>{.end}</div></div>{.or}<p class="sqs-gallery-empty">${t('system.no-images')}</p>{.end}
  </div>
</div>`;

const galleryItem = `{.section item}<figure class="sqs-gallery-item {@|item-classes}" data-item-id="{id}">
  {@|image sqs-gallery-item-image}
  <figcaption class="sqs-gallery-item-meta"><h1 class="sqs-gallery-item-title">{title}</h1>{.section body}<div class="sqs-gallery-item-description">{@}</div>{.end}</figcaption>
</figure>{.end}
${itemPagination('sqs-gallery-item')}`;

/** An index's child collection's items (a gallery's images, a store's products), linked. */
const indexPageItems = `{.section items}<div class="Index-page-items Index-page-items--{typeName|htmlattr}">{.repeated section @}<a class="Index-page-item" href="{fullUrl|htmlattr}" data-item-id="{id}">{.if assetUrl}{@|image Index-page-item-image}{.end}<span class="Index-page-item-title">{title}</span>{.if structuredContent}<span class="Index-page-item-price">{@|product-price}</span>{.end}</a>{.end}</div>{.end}`;

/** An index: its child pages one after another, each with its own content (`fullData`) and items. */
const indexList = `<div class="Index" data-collection-id="{collection.id}">
  {.repeated section collection.collections}<section class="Index-page" id="{urlId}" data-collection-id="{id}" data-type="{typeName}">
    <div class="Index-page-content">
      <h2 class="Index-page-title"><a href="{fullUrl|htmlattr}">{.if navigationTitle}{navigationTitle}{.or}{title}{.end}</a></h2>
      {.if mainContent}${htmlBlock('{mainContent}', 'mainContent')}{.or}{.if description}<div class="Index-page-description">{description}</div>{.end}{.end}
      ${indexPageItems}
    </div>
  </section>{.or}<p class="Index-empty">${t('system.index-empty')}</p>{.end}
</div>`;

/**
 * A collection whose type neither the template nor the platform knows (template-format §1 step 3):
 * its page content or description, then its items as links.
 */
export const UNKNOWN_TYPE_LIST = `<div class="collection-content" data-collection-id="{collection.id}">
  {.section collection}{.if mainContent}${htmlBlock('{mainContent}', 'mainContent')}{.or}{.if description}<div class="collection-description">{description}</div>{.end}{.end}{.end}
  {.section items}<ul class="collection-list">{.repeated section @}<li class="collection-list-item"><a href="{fullUrl|htmlattr}">{title}</a></li>{.end}</ul>{.end}
</div>`;

/** An item of a type no one knows: its title and body. */
export const UNKNOWN_TYPE_ITEM = `{.section item}<article class="collection-item {@|item-classes}" data-item-id="{id}"><h1 class="collection-item-title">{title}</h1>${htmlBlock('{body}', 'body')}</article>{.end}`;

/** typeName -> the platform's list and item templates. `album` is shown as a gallery. */
export const SYSTEM_COLLECTIONS: Readonly<Record<string, { list: string; item?: string }>> = {
  products: { list: productsList, item: productsItem },
  blog: { list: blogList, item: blogItem },
  events: { list: eventsList, item: eventsItem },
  gallery: { list: galleryList, item: galleryItem },
  album: { list: galleryList, item: galleryItem },
  index: { list: indexList },
  folder: { list: indexList },
};
