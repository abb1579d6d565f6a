import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Which folder owns each table, and where its queries may live.
 *
 * A module (`modules/<m>/`, and `backoffice/` while it still declares tables) owns the tables its
 * `export interface XTables { table_name: ... }` declares; only its store files query them: `store.ts`,
 * `store/**`, `*-store.ts`. A platform folder (`platform/<x>/`) may have no store: there the file
 * declaring the table and the files named for it or for that file (`idempotency.ts` for
 * `idempotency_keys`, `mail.ts` for `mail_outbox`, `session.ts` for what `session-tables.ts` declares)
 * query it too.
 */

const OWNER_FOLDER = /^(modules\/[^/]+|platform\/[^/]+|backoffice)\//;
const TABLES_INTERFACE = /export\s+interface\s+\w+Tables\b/;

/** The methods of Kysely whose first argument names a table (`'orders'` or `'orders as o'`). */
const TABLE_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'using',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'with',
  'withRecursive',
  'withMaterialized',
  'withNotMaterialized',
  'withRecursiveMaterialized',
  'withRecursiveNotMaterialized',
]);

/** Raw SQL names a table after one of these words. */
const RAW_SQL_TABLE =
  /\b(?:from|join|into|update|table)\s+(?:if\s+(?:not\s+)?exists\s+)?["`]?([a-z_][a-z0-9_]*)/gi;

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function propertyName(name) {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

/** The tables that `export interface XTables { ... }` declarations in `text` list. */
export function declaredTables(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const tables = [];
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement) || !statement.name.text.endsWith('Tables')) continue;
    if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const member of statement.members) {
      const name = member.name && propertyName(member.name);
      if (name) tables.push(name);
    }
  }
  return tables;
}

/**
 * Reads every owner folder under `serverSource` (packages/server/src) at config time, so a new module's
 * tables are covered without editing the config. Returns `{ table: { owner, declaredIn } }`, paths
 * relative to `serverSource`; a table declared twice keeps its first owner and is listed in `conflicts`.
 */
export function readTableOwners(serverSource) {
  const owners = {};
  const conflicts = [];
  const roots = ['modules', 'platform', 'backoffice']
    .map((root) => path.join(serverSource, root))
    .filter((root) => existsSync(root));
  for (const file of roots.flatMap(sourceFiles).sort()) {
    const relative = path.relative(serverSource, file).split(path.sep).join('/');
    const owner = OWNER_FOLDER.exec(relative)?.[1];
    if (!owner || relative.includes('/migrations/')) continue;
    const text = readFileSync(file, 'utf8');
    if (!TABLES_INTERFACE.test(text)) continue;
    for (const table of declaredTables(file, text)) {
      if (owners[table]) conflicts.push({ table, owners: [owners[table].declaredIn, relative] });
      else owners[table] = { owner, declaredIn: relative };
    }
  }
  return { owners, conflicts };
}

function isStoreFile(relativeToOwner) {
  const base = path.posix.basename(relativeToOwner);
  return base === 'store.ts' || base.endsWith('-store.ts') || relativeToOwner.split('/').includes('store');
}

/** A platform file is named for a table when their names start with one word: `mail.ts` and `mail_outbox`. */
function firstWord(name) {
  return name.split(/[-_.]/)[0];
}

function mayTouch(relativeFile, table, { owner, declaredIn }) {
  if (!relativeFile.startsWith(`${owner}/`)) return false;
  const insideOwner = relativeFile.slice(owner.length + 1);
  if (isStoreFile(insideOwner)) return true;
  if (!owner.startsWith('platform/')) return false;
  const file = path.posix.basename(insideOwner);
  return (
    relativeFile === declaredIn ||
    firstWord(file) === firstWord(table) ||
    firstWord(file) === firstWord(tablesFileStem(declaredIn))
  );
}

/** `session-tables.ts` declares what `session.ts` keeps: the declaring file's name without `-tables`. */
function tablesFileStem(declaredIn) {
  return path.posix.basename(declaredIn).replace(/-?tables\.ts$/, '');
}

function whereItMayBeTouched(table, { owner, declaredIn }) {
  if (!owner.startsWith('platform/')) return `the store of ${owner} (store.ts, store/, *-store.ts)`;
  const stem = firstWord(tablesFileStem(declaredIn));
  const named =
    stem && stem !== firstWord(table) ? `${firstWord(table)}*.ts, ${stem}*.ts` : `${firstWord(table)}*.ts`;
  return `${declaredIn}, the files of ${owner} named for it (${named}) or its store`;
}

function tableOf(argument) {
  if (argument?.type === 'Literal' && typeof argument.value === 'string') return [argument.value];
  if (argument?.type === 'TemplateLiteral' && argument.expressions.length === 0) {
    return [argument.quasis[0].value.cooked];
  }
  if (argument?.type === 'ArrayExpression') return argument.elements.flatMap(tableOf);
  return [];
}

/** `'orders as o'` -> `orders`; `'recent(id, created)'` (a CTE) -> `recent`; `'public.orders'` -> `orders`. */
function tableName(reference) {
  const name = reference.trim().split(/\s+as\s+|\s|\(/i)[0] ?? '';
  return name.split('.').pop();
}

function isSqlTag(node) {
  return node.type === 'Identifier' && node.name === 'sql';
}

const tableOwner = {
  meta: {
    type: 'problem',
    docs: { description: "A table is queried only in its owner's store." },
    schema: [
      {
        type: 'object',
        properties: {
          serverSource: { type: 'string' },
          owners: { type: 'object' },
        },
        required: ['serverSource', 'owners'],
        additionalProperties: false,
      },
    ],
    messages: {
      outsideOwner:
        "Table '{{table}}' belongs to {{owner}}: only {{where}} may query it. Elsewhere, call the API in {{owner}}/index.ts.",
    },
  },
  create(context) {
    const { serverSource, owners } = context.options[0];
    const relativeFile = path.relative(serverSource, context.physicalFilename).split(path.sep).join('/');
    if (relativeFile.startsWith('..')) return {};

    function check(node, names) {
      for (const table of new Set(names)) {
        const owner = Object.hasOwn(owners, table) ? owners[table] : undefined;
        if (!owner || mayTouch(relativeFile, table, owner)) continue;
        context.report({
          node,
          messageId: 'outsideOwner',
          data: { table, owner: owner.owner, where: whereItMayBeTouched(table, owner) },
        });
      }
    }

    function rawSqlTables(text) {
      return [...text.matchAll(RAW_SQL_TABLE)].map((match) => match[1]);
    }

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier')
          return;
        const method = callee.property.name;
        if (isSqlTag(callee.object) && (method === 'table' || method === 'raw')) {
          const texts = tableOf(node.arguments[0]);
          check(node, method === 'table' ? texts.map(tableName) : texts.flatMap(rawSqlTables));
        } else if (TABLE_METHODS.has(method)) {
          check(node, tableOf(node.arguments[0]).map(tableName));
        }
      },
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        check(
          node,
          node.quasi.quasis.flatMap((quasi) => rawSqlTables(quasi.value.cooked ?? quasi.value.raw)),
        );
      },
    };
  },
};

export default { meta: { name: 'storefront-architecture' }, rules: { 'table-owner': tableOwner } };
