/**
 * The back office's CSV exports (RFC 4180: CRLF, quoted fields), streamed a batch of rows at a time:
 * each batch is one keyset query, no more than one batch is in memory, and the event loop gets a
 * turn between batches, so a long export never keeps other requests waiting.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

/**
 * A text a spreadsheet would run as a formula (OWASP "CSV injection"), with any apostrophes before
 * it: guarding those too keeps the guard reversible, so a title that really starts with `'=` survives
 * an export and an import.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

/** The cell as exported: a leading =, +, -, @, tab or CR gets a `'`, so a spreadsheet shows it as text. */
export const guardedCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** The cell as it was before `guardedCell`: the one `'` the export added comes off, nothing else. */
export const unguardedCell = (text: string): string => (GUARDED.test(text) ? text.slice(1) : text);

/** A CSV field, guarded against running as a formula (numbers are written as numbers). */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'string' ? guardedCell(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (fields: readonly (string | number | null)[]) =>
  `${fields.map(csvField).join(',')}\r\n`;

export const EXPORT_BATCH = 500;

type Field = string | number | null;

/**
 * The CSV text: the header, then the rows of each batch `nextBatch` reads after the last row of the
 * one before (undefined: the first), until a batch comes back short.
 */
export function batchedCsv<R>(
  header: readonly string[],
  nextBatch: (after: R | undefined, size: number) => Promise<readonly R[]>,
  fieldsOf: (row: R) => readonly Field[],
): AsyncGenerator<string> {
  return batchedCsvRecords(header, nextBatch, (row) => [fieldsOf(row)]);
}

/** As batchedCsv, for records that are several rows each (an order: a row per line). */
export async function* batchedCsvRecords<R>(
  header: readonly string[],
  nextBatch: (after: R | undefined, size: number) => Promise<readonly R[]>,
  rowsOf: (record: R) => readonly (readonly Field[])[],
): AsyncGenerator<string> {
  yield csvRow(header);
  let after: R | undefined;
  for (;;) {
    const records = await nextBatch(after, EXPORT_BATCH);
    if (records.length === 0) return;
    let chunk = '';
    for (const record of records) for (const row of rowsOf(record)) chunk += csvRow(row);
    yield chunk;
    after = records[records.length - 1];
    if (records.length < EXPORT_BATCH) return;
    await nextTurn();
  }
}

/** Answers a CSV download (never cached). */
export const sendCsv = (reply: FastifyReply, filename: string, csv: AsyncGenerator<string>) =>
  reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .type('text/csv; charset=utf-8')
    .send(Readable.from(csv));
