/**
 * The back office's frame: who is signed in, the navigation (only the screens the staff member's
 * permissions grant), and the screen of the current path. A path whose screen needs a permission
 * the member lacks says so instead.
 */
import type { ReactNode } from 'react';
import { AnalyticsScreen } from './analytics.tsx';
import { CommentsScreen } from './comments.tsx';
import { ReviewsScreen } from './reviews.tsx';
import { DashboardScreen } from './dashboard.tsx';
import { GiftCardScreen, GiftCardsScreen } from './gift-cards.tsx';
import { HeaderFooterScreen } from './header-footer.tsx';
import { LanguagesScreen } from './languages.tsx';
import { OrderScreen, OrdersScreen } from './orders.tsx';
import { OutboxScreen } from './outbox.tsx';
import { RestockScreen } from './restock.tsx';
import { Link, useLocation } from './router.tsx';
import { StockScreen } from './stock.tsx';
import { SubscriptionsScreen } from './subscriptions.tsx';
import { FormsScreen, SubmissionsScreen } from './submissions.tsx';

export interface Boot {
  email: string;
  permissions: string[];
  siteTitle: string;
}

interface Section {
  path: string;
  label: string;
  permission: string;
}

const SECTIONS: Section[] = [
  { path: '/config/orders', label: 'Orders', permission: 'orders.read' },
  { path: '/config/gift-cards', label: 'Gift cards', permission: 'orders.read' },
  { path: '/config/subscriptions', label: 'Subscriptions', permission: 'orders.read' },
  { path: '/config/stock', label: 'Stock', permission: 'stock.manage' },
  { path: '/config/restock', label: 'Restock notifications', permission: 'stock.manage' },
  { path: '/config/forms', label: 'Form submissions', permission: 'content.edit' },
  { path: '/config/mail', label: 'Mail outbox', permission: 'staff.manage' },
  // Every role that moderates (comments.moderate) also writes: one permission opens the screen.
  { path: '/config/comments', label: 'Comments', permission: 'comments.write' },
  { path: '/config/reviews', label: 'Reviews', permission: 'comments.moderate' },
  { path: '/config/analytics', label: 'Analytics', permission: 'reports.read' },
  // Listed for those who edit them; every staff role may open them by address, to read.
  { path: '/config/header-footer', label: 'Header and footer', permission: 'content.edit' },
  { path: '/config/languages', label: 'Languages', permission: 'content.edit' },
];

function Forbidden() {
  return (
    <>
      <h1>Not allowed</h1>
      <p role="alert">You do not have permission to see this page.</p>
    </>
  );
}

function screenOf(path: string, can: (permission: string) => boolean, sections: Section[]): ReactNode {
  const order = /^\/config\/orders\/(\d{1,9})$/.exec(path);
  if (order) return can('orders.read') ? <OrderScreen number={Number(order[1])} can={can} /> : <Forbidden />;
  if (path === '/config/orders') return can('orders.read') ? <OrdersScreen /> : <Forbidden />;
  const giftCard = /^\/config\/gift-cards\/([\w-]{36})$/.exec(path);
  if (giftCard) return can('orders.read') ? <GiftCardScreen id={giftCard[1] as string} /> : <Forbidden />;
  if (path === '/config/gift-cards') return can('orders.read') ? <GiftCardsScreen /> : <Forbidden />;
  if (path === '/config/subscriptions')
    return can('orders.read') ? <SubscriptionsScreen canManage={can('orders.manage')} /> : <Forbidden />;
  if (path === '/config/stock') return can('stock.manage') ? <StockScreen /> : <Forbidden />;
  if (path === '/config/restock') return can('stock.manage') ? <RestockScreen /> : <Forbidden />;
  const form = /^\/config\/forms\/([\w-]{1,100})$/.exec(path);
  if (form) return can('content.edit') ? <SubmissionsScreen formId={form[1] as string} /> : <Forbidden />;
  if (path === '/config/forms') return can('content.edit') ? <FormsScreen /> : <Forbidden />;
  if (path === '/config/mail') return can('staff.manage') ? <OutboxScreen /> : <Forbidden />;
  if (path === '/config/comments')
    return can('comments.write') ? <CommentsScreen canModerate={can('comments.moderate')} /> : <Forbidden />;
  if (path === '/config/reviews') return can('comments.moderate') ? <ReviewsScreen /> : <Forbidden />;
  if (path === '/config/analytics') return can('reports.read') ? <AnalyticsScreen /> : <Forbidden />;
  // Every staff role reads these; editing needs content.edit (the screens say so).
  if (path === '/config/header-footer')
    return can('backoffice.read') ? <HeaderFooterScreen canEdit={can('content.edit')} /> : <Forbidden />;
  if (path === '/config/languages')
    return can('backoffice.read') ? <LanguagesScreen canEdit={can('content.edit')} /> : <Forbidden />;
  if (path === '/config' || path === '/config/') return <DashboardScreen links={sections} />;
  return (
    <>
      <h1>Not found</h1>
      <p>There is no back-office page here.</p>
    </>
  );
}

export function App({ boot }: { boot: Boot }) {
  const { path } = useLocation();
  const can = (permission: string) => boot.permissions.includes(permission);
  const sections = SECTIONS.filter((s) => can(s.permission));
  return (
    <>
      <a className="cfg-skip" href="#cfg-main">
        Skip to content
      </a>
      <header className="cfg-header">
        <p className="cfg-brand">
          <Link href="/config">{boot.siteTitle || 'Storefront'}</Link> <span>back office</span>
        </p>
        <p className="cfg-who">
          Signed in as {boot.email}. <a href="/config/login">Passkeys and authenticator app</a>
        </p>
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
