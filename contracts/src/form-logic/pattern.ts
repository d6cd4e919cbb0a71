import { RE2JS } from 're2js';

/**
 * The regList patterns of form fields, run with RE2 (the re2js port): their authors are form designers, their
 * input anyone who submits the form, and the server tests them at every save. A backtracking engine (JS RegExp)
 * takes exponential time on patterns like `^(a+)+$`, blocking the whole process; RE2 matches in linear time. It
 * has no backreferences or lookaround: patterns using them are refused when the form is saved
 * (schemeSaveIssue).
 */

/** Anything that answers whether a text contains a match, as RegExp.test does. */
export interface CompiledPattern {
  test(text: string): boolean;
}

const FLAGS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

/**
 * JS `\uXXXX` and `\u{X…}` escapes as RE2's `\x{…}`: RE2 has no `\u`, and Chinese forms commonly use
 * `[\u4e00-\u9fa5]`. An escaped backslash (`\\u`) is kept as it is.
 */
function translateEscapes(source: string): string {
  return source.replace(/\\(?:u([0-9A-Fa-f]{4})|u\{([0-9A-Fa-f]{1,6})\}|[\s\S])/g, (escape, four?: string, braced?: string) => {
    const hex = four ?? braced;
    return hex === undefined ? escape : `\\x{${hex}}`;
  });
}

/**
 * Compiles a regList pattern. The original's form generator stored patterns as regex literals
 * ('/^1(3|4|5|7|8|9)\\d{9}$/', later eval'd); those are read as source and flags: i, m and s kept, g and y
 * dropped (a test must not depend on the previous one), d, u and v without effect (RE2 always matches code
 * points). Anything else is the source itself. Throws on a pattern RE2 cannot compile.
 */
export function compilePattern(pattern: string): CompiledPattern {
  let compiled = cache.get(pattern);
  if (compiled) return compiled;
  compiled = compile(pattern);
  // Compiling takes about a millisecond; a form checks the same few patterns on every sub-table row.
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

const CACHE_SIZE = 500;
const cache = new Map<string, CompiledPattern>();

function compile(pattern: string): CompiledPattern {
  const literal = /^\/([\s\S]+)\/([dgimsuvy]*)$/.exec(pattern);
  const source = literal ? literal[1] : pattern;
  let flags = 0;
  for (const flag of literal?.[2] ?? '') flags |= FLAGS[flag] ?? 0;
  return RE2JS.compile(translateEscapes(source), flags);
}

/** Whether RE2 can run the pattern (no backreferences, no lookaround, valid syntax). */
export function isPatternSupported(pattern: string): boolean {
  try {
    compilePattern(pattern);
    return true;
  } catch {
    return false;
  }
}
