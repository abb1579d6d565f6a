/**
 * Test support: the statements the database drivers are sent, recorded while the database itself
 * stays real (a statement count is what a test of query cost asserts).
 */
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/**
 * Records the text of every statement the database drivers send (better-sqlite3's statements and
 * node-postgres's queries, each a round trip), while the database itself stays real.
 */
export function recordStatements(): { statements: string[]; stop(): void } {
  const statements: string[] = [];
  const restore: (() => void)[] = [];
  const watch = (
    target: Record<string, unknown>,
    method: string,
    textOf: (self: unknown, args: unknown[]) => string,
  ) => {
    const original = target[method] as (...args: unknown[]) => unknown;
    target[method] = function (this: unknown, ...args: unknown[]) {
      statements.push(textOf(this, args));
      return original.apply(this, args);
    };
    restore.push(() => (target[method] = original));
  };
  const probe = new SqliteDatabase(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'all', 'get', 'iterate'])
    watch(statement, method, (self) => (self as { source: string }).source);
  watch(pg.Client.prototype as unknown as Record<string, unknown>, 'query', (_self, args) => {
    const query = args[0];
    return typeof query === 'string' ? query : String((query as { text?: unknown }).text);
  });
  return { statements, stop: () => restore.forEach((undo) => undo()) };
}

/** The statements sent outside a transaction (each commits on its own). */
export function outsideTransactions(statements: string[]): string[] {
  let inside = false;
  const outside: string[] = [];
  for (const text of statements) {
    if (/^\s*begin/i.test(text)) inside = true;
    else if (/^\s*(commit|rollback)/i.test(text)) inside = false;
    else if (!inside) outside.push(text);
  }
  return outside;
}
