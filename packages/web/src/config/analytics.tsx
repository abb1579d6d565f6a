/**
 * Analytics for a date range (UTC days, both included; the last 7 by default), read from
 * `/config/analytics.json` (the same figures automation reads with its API key): visits and
 * visitors, page views per day, the cart-to-purchase funnel, top pages, page speed (75th
 * percentile per page type) and client errors. Charts are SVG drawn here, each with its numbers
 * in a table too.
 */
import type { TelemetrySummary as Summary } from '@storefront/core/wire';
import { useEffect, useState, type FormEvent } from 'react';
import { ConfigError, getJson, queryOf } from './api.ts';
import { Outcome } from './parts.tsx';
import { navigate, useLocation } from './router.tsx';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const metricText = (metric: string, value: number | null | undefined) =>
  value === null || value === undefined
    ? '–'
    : metric === 'cumulativeLayoutShift'
      ? value.toFixed(3)
      : `${Math.round(value)} ms`;

/** Horizontal bars, one per row, labelled with its name and count. */
function BarChart({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  if (rows.length === 0) return <p className="cfg-muted">None in this range.</p>;
  const max = Math.max(1, ...rows.map((r) => r.count));
  const rowHeight = 24;
  const labelWidth = 200;
  const barWidth = 320;
  const width = labelWidth + barWidth + 60;
  return (
    <svg
      className="cfg-chart"
      role="img"
      aria-label={`${title}: ${rows.map((r) => `${r.label} ${r.count}`).join(', ')}`}
      viewBox={`0 0 ${width} ${rows.length * rowHeight}`}
      width="100%"
      style={{ maxWidth: `${width}px` }}
    >
      {rows.map((r, i) => (
        <g key={r.label} transform={`translate(0 ${i * rowHeight})`}>
          <text x={labelWidth - 8} y={rowHeight / 2 + 4} textAnchor="end">
            {r.label.length > 28 ? `${r.label.slice(0, 27)}…` : r.label}
          </text>
          <rect
            x={labelWidth}
            y={4}
            height={rowHeight - 8}
            width={Math.max(1, (r.count / max) * barWidth)}
            className="cfg-chart-bar"
          />
          <text x={labelWidth + (r.count / max) * barWidth + 6} y={rowHeight / 2 + 4}>
            {r.count}
          </text>
        </g>
      ))}
    </svg>
  );
}

function Table({
  id,
  caption,
  head,
  rows,
}: {
  id: string;
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  if (rows.length === 0) return <p className="cfg-muted">None in this range.</p>;
  return (
    <table className="cfg-table" id={id}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th scope="col" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j} className={typeof c === 'number' ? 'cfg-num' : undefined} data-label={head[j]}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AnalyticsScreen() {
  // The range lives in the address (`?from=&to=`), so that a range can be bookmarked and shared.
  const { search } = useLocation();
  const range = queryOf({ from: search.get('from') ?? undefined, to: search.get('to') ?? undefined });
  const [summary, setSummary] = useState<Summary>();
  const [error, setError] = useState('');
  useEffect(() => {
    setError('');
    getJson<Summary>(`/config/analytics.json${range}`).then(setSummary, (e: unknown) =>
      setError(e instanceof ConfigError ? e.message : 'The figures could not be loaded.'),
    );
  }, [range]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    navigate(
      `/config/analytics${queryOf({ from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') })}`,
    );
  };
  const metrics = summary ? [...new Set(summary.performance.flatMap((p) => Object.keys(p.p75)))] : [];

  return (
    <>
      <h1>Analytics</h1>
      <form className="cfg-filters" onSubmit={onSubmit} key={summary ? `${summary.from}-${summary.to}` : ''}>
        <p>
          <label htmlFor="a-from">From</label>
          <input id="a-from" name="from" type="date" defaultValue={summary ? dayOf(summary.from) : ''} />
        </p>
        <p>
          <label htmlFor="a-to">To</label>
          <input id="a-to" name="to" type="date" defaultValue={summary ? dayOf(summary.to - DAY) : ''} />
        </p>
        <p className="cfg-filter-actions">
          <button type="submit">Show</button>
        </p>
      </form>
      <Outcome done="" error={error} />
      {summary && (
        <>
          <p>
            {dayOf(summary.from)} to {dayOf(summary.to - DAY)} (UTC)
          </p>
          <dl className="cfg-figures">
            <dt>Visits</dt>
            <dd data-figure="visits">{summary.visits}</dd>
            <dt>Visitors</dt>
            <dd data-figure="visitors">{summary.visitors}</dd>
            <dt>Page views</dt>
            <dd data-figure="pageViews">{summary.pageViews}</dd>
            <dt>Client errors</dt>
            <dd data-figure="errors">{summary.errors.reduce((n, e) => n + e.count, 0)}</dd>
          </dl>
          <section className="cfg-panel" aria-labelledby="a-days">
            <h2 id="a-days">Page views per day</h2>
            <BarChart
              title="Page views per day"
              rows={summary.pageViewsByDay.map((d) => ({ label: d.day, count: d.count }))}
            />
          </section>
          <section className="cfg-panel" aria-labelledby="a-funnel">
            <h2 id="a-funnel">Cart to purchase</h2>
            <BarChart
              title="Commerce events by step"
              rows={summary.funnel.map((f) => ({ label: f.step, count: f.events }))}
            />
            <Table
              id="funnel"
              caption="Funnel steps"
              head={['Step', 'Events', 'Carts']}
              rows={summary.funnel.map((f) => [f.step, f.events, f.carts])}
            />
          </section>
          <section className="cfg-panel" aria-labelledby="a-pages">
            <h2 id="a-pages">Top pages</h2>
            <Table
              id="top-pages"
              caption="Views per page"
              head={['Page', 'Views']}
              rows={summary.topPages.map((p) => [p.path, p.count])}
            />
          </section>
          <section className="cfg-panel" aria-labelledby="a-speed">
            <h2 id="a-speed">Page speed (75th percentile)</h2>
            <Table
              id="performance"
              caption="Web vitals per page type"
              head={['Page type', 'Records', ...metrics]}
              rows={summary.performance.map((p) => [
                p.pageType === null ? '–' : String(p.pageType),
                p.records,
                ...metrics.map((m) => metricText(m, p.p75[m])),
              ])}
            />
          </section>
          <section className="cfg-panel" aria-labelledby="a-errors">
            <h2 id="a-errors">Client errors</h2>
            <Table
              id="errors"
              caption="Errors by message"
              head={['Message', 'Count', 'Last seen', 'Page']}
              rows={summary.errors.map((e) => [
                e.message,
                e.count,
                new Date(e.lastSeen).toISOString(),
                e.url,
              ])}
            />
          </section>
          {summary.configViews > 0 && (
            <p className="cfg-muted">
              Back-office pages viewed {summary.configViews} times; not counted above.
            </p>
          )}
        </>
      )}
    </>
  );
}
