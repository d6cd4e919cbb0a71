/**
 * SQL scripts for PGlite, which runs one statement per query with parameters (as Kysely sends them): the job
 * engine's construction script and its maintenance scripts are split into statements and run one after another.
 */

/**
 * The statements of a script, split at semicolons outside quotes and $$ bodies (PGlite runs one statement per
 * query with parameters, as Kysely sends them).
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (quote) {
      current += c;
      if (quote === '$$' ? script.startsWith('$$', i) : c === quote) {
        if (quote === '$$') current += script[++i];
        quote = null;
      }
    } else if (c === "'" || c === '"') {
      quote = c;
      current += c;
    } else if (script.startsWith('$$', i)) {
      quote = '$$';
      current += script[++i] === '$' ? '$$' : '$';
    } else if (c === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
