/**
 * Products in and out as CSV (Squarespace's or Shopify's columns): a dry run says what an import
 * would change, an import writes all of the file or, when any row is wrong, nothing, and lists every
 * problem by line and column. The file is sent as it is read from disk (the bar follows the upload),
 * then the server's progress lines follow the writing.
 */
import { useRef, useState, type FormEvent } from 'react';
import type {
  ProductCsvFormat,
  ProductCsvProblem,
  ProductImportLine,
  ProductImportResult,
} from '@storefront/core/wire';
import { writeHeaders } from '../cookies.ts';
import { Outcome, RecordsTable } from './parts.tsx';

const FORMATS: readonly (readonly [ProductCsvFormat, string])[] = [
  ['squarespace', 'Squarespace'],
  ['shopify', 'Shopify'],
];

interface Progress {
  label: string;
  /** 0 to 1; null while the server checks the file (no measure of it). */
  fraction: number | null;
}

interface Answer {
  status: number;
  lines: ProductImportLine[];
  json: { message?: string; problems?: ProductCsvProblem[] } | null;
}

/** Sends the file; `onUpload` hears the share sent, `onLine` each progress line the server writes. */
function sendImport(
  file: File,
  format: ProductCsvFormat,
  dryRun: boolean,
  onUpload: (fraction: number) => void,
  onLine: (line: ProductImportLine) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/config/products/import?format=${format}${dryRun ? '&dryRun=1' : ''}`);
    request.setRequestHeader('content-type', 'text/csv');
    request.setRequestHeader('accept', 'application/x-ndjson, application/json');
    for (const [name, value] of Object.entries(writeHeaders(document.cookie)))
      request.setRequestHeader(name, value);
    const lines: ProductImportLine[] = [];
    let read = 0;
    const readLines = () => {
      if (!(request.getResponseHeader('content-type') ?? '').startsWith('application/x-ndjson')) return;
      const text = request.responseText;
      let end = text.indexOf('\n', read);
      while (end !== -1) {
        const line = JSON.parse(text.slice(read, end)) as ProductImportLine;
        lines.push(line);
        onLine(line);
        read = end + 1;
        end = text.indexOf('\n', read);
      }
    };
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onUpload(event.loaded / event.total);
    };
    request.onprogress = readLines;
    request.onload = () => {
      readLines();
      let json: Answer['json'] = null;
      if (lines.length === 0)
        try {
          json = JSON.parse(request.responseText) as Answer['json'];
        } catch {
          json = null;
        }
      resolve({ status: request.status, lines, json });
    };
    request.onerror = () =>
      reject(new Error('The file could not be sent. Check the connection and try again.'));
    request.send(file);
  });
}

const summary = (result: ProductImportResult) => {
  const counts = `${result.created} new, ${result.updated} updated, ${result.unchanged} unchanged (${result.variants} variants)`;
  return result.dryRun
    ? `Checked: the file is ready to import. It would make ${counts}. Nothing was written.`
    : `Imported: ${counts}.`;
};

export function ProductsCsvScreen() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [problems, setProblems] = useState<ProductCsvProblem[]>([]);
  const [notFetched, setNotFetched] = useState<ProductImportResult['notFetched']>([]);
  const [busy, setBusy] = useState(false);
  const dryRun = useRef(true);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    const format = String(data.get('format')) as ProductCsvFormat;
    setDone('');
    setError('');
    setProblems([]);
    setNotFetched([]);
    if (!(file instanceof File) || file.size === 0) {
      setError('Choose a CSV file first.');
      return;
    }
    setBusy(true);
    setProgress({ label: 'Sending the file', fraction: 0 });
    try {
      const answer = await sendImport(
        file,
        format,
        dryRun.current,
        (fraction) =>
          setProgress(
            fraction < 1
              ? { label: 'Sending the file', fraction }
              : { label: 'Checking every row', fraction: null },
          ),
        (line) => {
          if ('progress' in line)
            setProgress({
              label: `Writing products: ${line.progress.written} of ${line.progress.total}`,
              fraction: line.progress.total === 0 ? 1 : line.progress.written / line.progress.total,
            });
        },
      );
      const last = answer.lines.at(-1);
      const result =
        last && 'result' in last
          ? last.result
          : answer.status === 200
            ? (answer.json as ProductImportResult)
            : null;
      if (result) {
        setDone(summary(result));
        setNotFetched(result.notFetched);
      } else if (last && 'error' in last) setError(last.error.message);
      else {
        setError(answer.json?.message ?? `The server answered ${answer.status}.`);
        setProblems(answer.json?.problems ?? []);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <>
      <h1>Import and export products</h1>
      <section className="cfg-panel" aria-labelledby="csv-export-title">
        <h2 id="csv-export-title">Export</h2>
        <p>Every product, one row per variant, in the columns of the platform you choose.</p>
        <p className="cfg-actions">
          {FORMATS.map(([format, name]) => (
            <a
              key={format}
              className="cfg-button-secondary"
              href={`/api/config/products/export?format=${format}`}
              download
            >
              Export as {name} CSV
            </a>
          ))}
        </p>
      </section>
      <section className="cfg-panel" aria-labelledby="csv-import-title">
        <h2 id="csv-import-title">Import</h2>
        <p>
          Products are updated by their Product ID (Squarespace) or Handle (Shopify), and created otherwise. A
          file with any problem imports nothing. Images are kept only when they are this site&apos;s own
          media; other addresses are listed, not fetched.
        </p>
        <form onSubmit={onSubmit} aria-busy={busy}>
          <fieldset>
            <legend>Columns of</legend>
            {FORMATS.map(([format, name], index) => (
              <p key={format}>
                <input
                  type="radio"
                  id={`csv-format-${format}`}
                  name="format"
                  value={format}
                  defaultChecked={index === 0}
                />{' '}
                <label htmlFor={`csv-format-${format}`}>{name}</label>
              </p>
            ))}
          </fieldset>
          <p>
            <label htmlFor="csv-file">CSV file</label>
            <br />
            <input id="csv-file" name="file" type="file" accept=".csv,text/csv" />
          </p>
          <p className="cfg-actions">
            <button
              type="submit"
              className="cfg-button-secondary"
              disabled={busy}
              onClick={() => (dryRun.current = true)}
            >
              Check the file
            </button>
            <button type="submit" disabled={busy} onClick={() => (dryRun.current = false)}>
              Import
            </button>
          </p>
        </form>
        {progress && (
          <p>
            <label htmlFor="csv-progress">{progress.label}</label>
            <br />
            {progress.fraction === null ? (
              <progress id="csv-progress" />
            ) : (
              <progress id="csv-progress" max={1} value={progress.fraction} />
            )}
          </p>
        )}
        <Outcome done={done} error={error} />
        {problems.length > 0 && (
          <RecordsTable
            caption="Problems in the file"
            emptyText=""
            columns={[
              { header: 'Line', numeric: true, cell: (p) => p.line },
              { header: 'Column', cell: (p) => p.column || 'Whole line' },
              { header: 'Problem', cell: (p) => p.message },
            ]}
            rows={problems}
            rowKey={(p) => `${p.line} ${p.column} ${p.message}`}
          />
        )}
        {notFetched.length > 0 && (
          <RecordsTable
            caption="Images not fetched (not this site's media): upload them to the media library, then import again"
            emptyText=""
            columns={[
              { header: 'Line', numeric: true, cell: (i) => i.line },
              { header: 'Address', cell: (i) => i.url },
            ]}
            rows={notFetched}
            rowKey={(i) => `${i.line} ${i.url}`}
          />
        )}
      </section>
    </>
  );
}
