/**
 * The back office's frame: who is signed in, the navigation (only the screens the staff member's
 * permissions grant), and the screen of the current path. A path whose screen needs a permission
 * the member lacks says so instead.
 */
import type { ReactNode } from 'react';
import type { BackOfficeBoot as Boot } from '@storefront/core/wire';
import { AnalyticsScreen } from './analytics.tsx';
import { CommentsScreen } from './comments.tsx';
import { ReviewsScreen } from './reviews.tsx';
import { DashboardScreen, type DashboardLink } from './dashboard.tsx';
import { GiftCardScreen, GiftCardsScreen } from './gift-cards.tsx';
import { HeaderFooterScreen } from './header-footer.tsx';
import { NavigationScreen } from './navigation.tsx';
import { LanguagesScreen } from './languages.tsx';
import { SettingsScreen } from './settings.tsx';
import { SiteFormEditorScreen, SiteFormsScreen } from './site-forms.tsx';
import { MediaScreen } from './media.tsx';
import { OrderScreen, OrdersScreen } from './orders.tsx';
import { OutboxScreen } from './outbox.tsx';
import { PageContentScreen } from './blocks-editor-page.tsx';
import { PostEditorScreen } from './posts-editor.tsx';
import { PostsScreen } from './posts.tsx';
import { ProductsCsvScreen } from './products-csv.tsx';
import { ProductEditorScreen } from './products-editor.tsx';
import { ProductsScreen } from './products.tsx';
import { RestockScreen } from './restock.tsx';
import { Link, useLocation } from './router.tsx';
import { CONFIG_SCREENS, screenAt, type ScreenPath } from './screens.ts';
import { SignOut } from './sign-out.tsx';
import { StockScreen } from './stock.tsx';
import { PageScreen, PagesScreen } from './pages.tsx';
import { StorePageScreen, StorePagesScreen } from './store-pages.tsx';
import { SubscriptionsScreen } from './subscriptions.tsx';
import { FormsScreen, SubmissionsScreen } from './submissions.tsx';

type Can = (permission: string) => boolean;
type Draw = (id: string, can: Can, links: DashboardLink[]) => ReactNode;

/** How each screen of the table (screens.ts) is drawn: a screen missing here does not compile. */
const DRAW = {
  '/config': (_id, _can, links) => <DashboardScreen links={links} />,
  '/config/orders': () => <OrdersScreen />,
  '/config/orders/:number': (id, can) => <OrderScreen number={Number(id)} can={can} />,
  '/config/gift-cards': () => <GiftCardsScreen />,
  '/config/gift-cards/:id': (id) => <GiftCardScreen id={id} />,
  '/config/subscriptions': (_id, can) => <SubscriptionsScreen canManage={can('orders.manage')} />,
  '/config/products/import': () => <ProductsCsvScreen />,
  '/config/products': (_id, can) => <ProductsScreen canEdit={can('catalogue.edit')} />,
  '/config/products/new': (_id, can) => (
    <ProductEditorScreen key="new" id={null} canEdit={can('catalogue.edit')} />
  ),
  '/config/products/:id': (id, can) => (
    <ProductEditorScreen key={id} id={id} canEdit={can('catalogue.edit')} />
  ),
  '/config/stock': () => <StockScreen />,
  '/config/restock': () => <RestockScreen />,
  '/config/forms': () => <FormsScreen />,
  '/config/forms/:formId': (id) => <SubmissionsScreen formId={id} />,
  '/config/mail': () => <OutboxScreen />,
  '/config/comments': (_id, can) => <CommentsScreen canModerate={can('comments.moderate')} />,
  '/config/reviews': () => <ReviewsScreen />,
  '/config/analytics': () => <AnalyticsScreen />,
  // Every staff role reads these; editing needs content.edit (the screens say so).
  '/config/header-footer': (_id, can) => <HeaderFooterScreen canEdit={can('content.edit')} />,
  '/config/languages': (_id, can) => <LanguagesScreen canEdit={can('content.edit')} />,
  '/config/navigation': (_id, can) => <NavigationScreen canEdit={can('content.edit')} />,
  '/config/site-forms': (_id, can) => <SiteFormsScreen canEdit={can('content.edit')} />,
  '/config/site-forms/:id': (id, can) => (
    <SiteFormEditorScreen key={id} id={id} canEdit={can('content.edit')} />
  ),
  // The owner's: every staff role reads them, only settings.manage (admin) saves.
  '/config/settings': (_id, can) => <SettingsScreen canEdit={can('settings.manage')} />,
  '/config/media': (_id, can) => <MediaScreen canEdit={can('media.edit')} />,
  '/config/pages': (_id, can) => <PagesScreen canEdit={can('content.edit')} />,
  '/config/pages/:id': (id, can) => (
    <PageScreen id={id} canEdit={can('content.edit')} canEditStore={can('catalogue.edit')} />
  ),
  '/config/store-pages': (_id, can) => <StorePagesScreen canEdit={can('catalogue.edit')} />,
  '/config/store-pages/:id': (id, can) => <StorePageScreen id={id} canEdit={can('catalogue.edit')} />,
  '/config/posts': (_id, can) => <PostsScreen canEdit={can('content.edit')} />,
  '/config/posts/:id': (id, can) => <PostEditorScreen key={id} id={id} canEdit={can('content.edit')} />,
  '/config/pages/:id/content': (id, can) => (
    <PageContentScreen key={id} id={id} canEdit={can('content.edit')} />
  ),
} satisfies Record<ScreenPath, Draw>;

function Forbidden() {
  return (
    <>
      <h1>Not allowed</h1>
      <p role="alert">You do not have permission to see this page.</p>
    </>
  );
}

function screenOf(path: string, can: Can, links: DashboardLink[]): ReactNode {
  const found = screenAt(path);
  if (!found)
    return (
      <>
        <h1>Not found</h1>
        <p>There is no back-office page here.</p>
      </>
    );
  const { screen, id } = found;
  if (screen.permission !== null && !can(screen.permission)) return <Forbidden />;
  return DRAW[screen.path](id, can, links);
}

export function App({ boot }: { boot: Boot }) {
  const { path } = useLocation();
  const can = (permission: string) => boot.permissions.includes(permission);
  const sections = CONFIG_SCREENS.filter((s) => 'nav' in s && can(s.nav));
  return (
    <>
      <a className="cfg-skip" href="#cfg-main">
        Skip to content
      </a>
      <header className="cfg-header">
        <p className="cfg-brand">
          <Link href="/config">{boot.siteTitle || 'Storefront'}</Link> <span>back office</span>
        </p>
        <div className="cfg-who">
          <p>
            Signed in as {boot.email}. <a href="/config/login">Passkeys and authenticator app</a>
          </p>
          <SignOut />
        </div>
      </header>
      <div className="cfg-body">
        <nav className="cfg-nav" aria-label="Back office">
          <ul>
            {sections.map((s) => (
              <li key={s.path}>
                <Link href={s.path} aria-current={path.startsWith(s.path) ? 'page' : undefined}>
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="cfg-main" className="cfg-main">
          {screenOf(path, can, sections)}
        </main>
      </div>
    </>
  );
}
