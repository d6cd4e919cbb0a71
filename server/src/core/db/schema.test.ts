import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The table types (core's in schema.ts, each module's in its tables.ts, merged into `Database`) are written by hand;
 * the migrations are the truth. This reads both: the merged `Database` interface through the TypeScript compiler (each column's select type, after Kysely's ColumnType / Generated),
 * and the live schema after every migration (information_schema, on PGlite or PostgreSQL), and fails on any table,
 * column or nullability that differs.
 */
const schemaFile = path.resolve(import.meta.dirname, 'schema.ts');
const modulesDir = path.resolve(import.meta.dirname, '../../modules');
const moduleTableFiles = fs
  .readdirSync(modulesDir)
  .map((name) => path.join(modulesDir, name, 'tables.ts'))
  .filter((file) => fs.existsSync(file));

interface ColumnShape {
  /** null: typed `unknown` (a JSON column read as is), which says nothing either way. */
  nullable: boolean | null;
}
type Shape = Map<string, Map<string, ColumnShape>>;

function typedShape(): Shape {
  const program = ts.createProgram([schemaFile, ...moduleTableFiles], {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database');
  if (!database) throw new Error('schema.ts has no Database interface');
  const shape: Shape = new Map();
  const includesNull = (type: ts.Type) => {
    if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return null;
    return (type.isUnion() ? type.types : [type]).some((t) => (t.flags & ts.TypeFlags.Null) !== 0);
  };
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const columns = new Map<string, ColumnShape>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbolAtLocation(table, database))) {
      const type = checker.getTypeOfSymbolAtLocation(column, database);
      // ColumnType<S, I, U> and Generated<T> carry the read type as __select__; a plain type is read as itself.
      const select = checker.getPropertyOfType(type, '__select__');
      columns.set(column.name, { nullable: includesNull(select ? checker.getTypeOfSymbolAtLocation(select, database) : type) });
    }
    shape.set(table.name, columns);
  }
  return shape;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function liveShape(): Promise<Shape> {
  const rows = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    select c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(t.deps.db);
  const shape: Shape = new Map();
  for (const row of rows.rows) {
    if (!shape.has(row.table_name)) shape.set(row.table_name, new Map());
    shape.get(row.table_name)!.set(row.column_name, { nullable: row.is_nullable === 'YES' });
  }
  return shape;
}

describe('table types against the migrated schema', () => {
  it('name the same tables and columns, with the same nullability', async () => {
    const typed = typedShape();
    const live = await liveShape();
    const differences: string[] = [];
    for (const [table, columns] of typed) {
      const actual = live.get(table);
      if (!actual) {
        differences.push(`${table}: typed, but no such table`);
        continue;
      }
      for (const [column, shape] of columns) {
        const found = actual.get(column);
        if (!found) differences.push(`${table}.${column}: typed, but no such column`);
        else if (shape.nullable !== null && found.nullable !== shape.nullable)
          differences.push(
            `${table}.${column}: ${found.nullable ? 'nullable' : 'not null'} in the database, typed ${shape.nullable ? 'nullable' : 'not null'}`,
          );
      }
      for (const column of actual.keys()) if (!columns.has(column)) differences.push(`${table}.${column}: in the database, not typed`);
    }
    // Tables only the migrator or a module's own code reads (Kysely's bookkeeping) need no type.
    const untypedAllowed = new Set(['kysely_migration', 'kysely_migration_lock']);
    for (const table of live.keys()) if (!typed.has(table) && !untypedAllowed.has(table)) differences.push(`${table}: in the database, not typed`);
    expect(differences).toEqual([]);
    expect(typed.size).toBeGreaterThan(50);
  });
});
