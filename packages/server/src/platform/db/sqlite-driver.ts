import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  RawNode,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { cachingSqlite, type CachingSqlite } from './sqlite-statements.ts';

/**
 * Kysely's SQLite dialect on two connections to one file. better-sqlite3 has a single connection,
 * so Kysely queues every query of the process behind one mutex: while a long transaction (a catalogue
 * import) holds it, every page waits. In WAL mode a second, read-only connection reads the last
 * committed state without waiting for the writer, so a read outside a transaction runs there and
 * answers at once. Everything else (writes, PRAGMAs, streams, and every query of a transaction or of
 * a connection that has written) runs on the writer behind the mutex, as with Kysely's own driver.
 *
 * A write outside a transaction commits as it returns, so a read that follows it, on the reader,
 * sees it. Without a reader (an in-memory database, no WAL) everything runs on the writer.
 */
export function sqliteDialect(
  writer: SqliteDatabase.Database,
  reader?: SqliteDatabase.Database,
): SqliteDialect {
  const writerStatements = cachingSqlite(writer);
  const readerStatements = reader ? cachingSqlite(reader) : undefined;
  return new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new TwoConnectionDriver(writer, writerStatements, readerStatements);
    }
  })({ database: writerStatements });
}

/** Only these may go to the reader; anything unsure goes to the writer. */
const STARTS_AS_QUERY = /^\s*(?:(?:--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)\s*)*(?:select|with)\b/i;

class TwoConnectionDriver implements Driver {
  readonly #writerTurn = new Turn();

  constructor(
    private readonly writer: SqliteDatabase.Database,
    private readonly writerStatements: CachingSqlite,
    private readonly readerStatements: CachingSqlite | undefined,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.#writerTurn, this.writerStatements, this.readerStatements);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).holdWriter();
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  /**
   * A transaction SQLite already rolled back by itself (it does on SQLITE_FULL, SQLITE_IOERR,
   * SQLITE_BUSY, SQLITE_NOMEM) is not rolled back again: that ROLLBACK would fail ("no transaction
   * is active") and its error hide the one saying why.
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.writer.inTransaction) await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).release();
  }

  async destroy(): Promise<void> {
    // The reader first: the last connection to close checkpoints the WAL into the file.
    this.readerStatements?.close();
    this.writerStatements.close();
  }
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/**
 * What Kysely holds from acquiring to releasing: one query, a transaction, or a `db.connection()`.
 * Once it has used the writer it keeps the writer's turn until released, so that the queries after
 * a write (or a BEGIN sent by hand) see what it wrote and no other query slips in between.
 */
class RoutedConnection implements DatabaseConnection {
  #holdsWriter = false;

  constructor(
    private readonly writerTurn: Turn,
    private readonly writer: CachingSqlite,
    private readonly reader: CachingSqlite | undefined,
  ) {}

  async holdWriter(): Promise<void> {
    if (this.#holdsWriter) return;
    await this.writerTurn.take();
    this.#holdsWriter = true;
  }

  release(): void {
    if (!this.#holdsWriter) return;
    this.#holdsWriter = false;
    this.writerTurn.give();
  }

  async executeQuery<Row>(compiled: CompiledQuery): Promise<QueryResult<Row>> {
    const parameters = compiled.parameters as unknown[];
    if (!this.#holdsWriter) {
      const read = this.readerStatement(compiled);
      if (read) return { rows: read.all(parameters) as Row[] };
      await this.holdWriter();
    }
    const statement = this.writer.prepare(compiled.sql);
    if (statement.reader) return { rows: statement.all(parameters) as Row[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId:
        lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
      rows: [],
    };
  }

  /**
   * Streams stay on the writer: a statement left open on the reader would hold its snapshot, and
   * the reader's next queries would not see later commits.
   */
  async *streamQuery<Row>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<Row>> {
    if (!SelectQueryNode.is(compiled.query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    await this.holdWriter();
    for (const row of this.writer.prepare(compiled.sql).iterate(compiled.parameters as unknown[]))
      yield { rows: [row as Row] };
  }

  /** The reader's statement for a query that surely only reads, else undefined. */
  private readerStatement(compiled: CompiledQuery) {
    if (!this.reader) return undefined;
    const query = compiled.query;
    const select = SelectQueryNode.is(query) || (RawNode.is(query) && STARTS_AS_QUERY.test(compiled.sql));
    if (!select) return undefined;
    let statement;
    try {
      statement = this.reader.prepare(compiled.sql);
    } catch {
      // The writer prepares it again and reports the error, as without a reader.
      return undefined;
    }
    return statement.reader && statement.readonly ? statement : undefined;
  }
}

/** Kysely's SQLite mutex: who holds the writer now; the others wait their turn. */
class Turn {
  #held: Promise<void> | undefined;
  #give: (() => void) | undefined;

  async take(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#give = resolve));
  }

  give(): void {
    const give = this.#give;
    this.#held = undefined;
    this.#give = undefined;
    give?.();
  }
}
