/**
 * The back office's landing screen: today's and this week's orders, revenue (paid orders; what
 * orders awaiting payment owe, apart), visitors and
 * conversion, the variants low on stock and the restock sign-ups waiting; each part shown only
 * when the member's permissions let the server answer it. Then the screens the member may open.
 */
import { useEffect, useState } from 'react';
import type { DashboardAnswer as Dashboard, DashboardPeriod as Period } from '@storefront/core/wire';
import { formatMoney } from '../core.ts';
import { ConfigError, getJson } from './api.ts';
import { AttributeValues } from './parts.tsx';
import { Link } from './router.tsx';

export interface DashboardLink {
  path: string;
  label: string;
}

const revenueText = (revenue: Period['revenue']) =>
  revenue && revenue.length > 0 ? revenue.map((r) => formatMoney(r.cents, r.currency)).join(', ') : '0';

const percent = (ratio: number | null | undefined) =>
  ratio === null || ratio === undefined ? '–' : `${(ratio * 100).toFixed(1)}%`;

function PeriodFigures({ title, period, id }: { title: string; period: Period; id: string }) {
  return (
    <section className="cfg-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="cfg-figures">
        {period.orders !== undefined && (
          <>
            <dt>Orders</dt>
            <dd data-figure={`${id}-orders`}>{period.orders}</dd>
            <dt>Revenue (paid orders)</dt>
            <dd data-figure={`${id}-revenue`}>{revenueText(period.revenue)}</dd>
            <dt>Awaiting payment</dt>
            <dd data-figure={`${id}-unpaid`}>{revenueText(period.unpaid)}</dd>
          </>
        )}
        {period.visitors !== undefined && (
          <>
            <dt>Visitors</dt>
            <dd data-figure={`${id}-visitors`}>{period.visitors}</dd>
            <dt>Conversion</dt>
            <dd data-figure={`${id}-conversion`}>{percent(period.conversion)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

export function DashboardScreen({ links }: { links: DashboardLink[] }) {
  const [figures, setFigures] = useState<Dashboard>();
  const [error, setError] = useState('');
  useEffect(() => {
    getJson<Dashboard>('/api/config/dashboard').then(setFigures, (e: unknown) =>
      setError(e instanceof ConfigError ? e.message : 'The figures could not be loaded.'),
    );
  }, []);
  return (
    <>
      <h1>Back office</h1>
      {error && (
        <p role="alert" className="cfg-error">
          {error}
        </p>
      )}
      {figures && (
        <div className="cfg-grid">
          <PeriodFigures title="Today" period={figures.today} id="today" />
          <PeriodFigures title="This week" period={figures.week} id="week" />
          {figures.lowStock && (
            <section className="cfg-panel" aria-labelledby="low-stock">
              <h2 id="low-stock">Low on stock</h2>
              {figures.lowStock.length ? (
                <ul>
                  {figures.lowStock.map((v) => (
                    <li key={v.variantId}>
                      {v.productTitle} {v.sku}
                      <AttributeValues attributes={v.attributes} />: <strong>{v.qtyInStock}</strong> left
                    </li>
                  ))}
                </ul>
              ) : (
                <p>Every variant is well stocked.</p>
              )}
              <p>
                <Link href="/config/stock">Stock</Link>
              </p>
            </section>
          )}
          {figures.restock && (
            <section className="cfg-panel" aria-labelledby="restock-waiting">
              <h2 id="restock-waiting">Restock sign-ups</h2>
              <p>
                {figures.restock.waiting} waiting to be sent, {figures.restock.readyToSend} of them for
                variants back in stock.
              </p>
              <p>
                <Link href="/config/restock">Restock notifications</Link>
              </p>
            </section>
          )}
        </div>
      )}
      <h2>Screens</h2>
      {links.length ? (
        <ul className="cfg-cards">
          {links.map((s) => (
            <li key={s.path}>
              <Link href={s.path}>{s.label}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>Your roles give you no back-office screen yet. Ask an administrator for one.</p>
      )}
    </>
  );
}
