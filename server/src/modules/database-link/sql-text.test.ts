import { describe, expect, it } from 'vitest';
import { MissingParamError, bindNamedParams, jsonSafe, takeRows } from './sql-text.js';
import { PasswordCipher } from './password-cipher.js';
import { buildTree } from './database-link.service.js';

const dollar = (n: number) => `$${n}`;
const question = () => '?';

describe('bindNamedParams', () => {
  it.each([
    ['select * from t where a = @a and b = @b', { a: 1, b: 'x' }, 'select * from t where a = $1 and b = $2', [1, 'x']],
    ['select @a, @a', { a: 1 }, 'select $1, $2', [1, 1]],
    ['select @a_1+@b2', { a_1: 1, b2: 2 }, 'select $1+$2', [1, 2]],
    ["select '@a' || @a", { a: 1 }, "select '@a' || $1", [1]],
    ["select 'it''s @a' , @a", { a: 1 }, "select 'it''s @a' , $1", [1]],
    ['select "@a" from t where x = @a', { a: 1 }, 'select "@a" from t where x = $1', [1]],
    ['select 1 -- @a\n, @b', { b: 2 }, 'select 1 -- @a\n, $1', [2]],
    ['select /* @a */ @b', { b: 2 }, 'select /* @a */ $1', [2]],
    ['select $$ @a $$, $tag$ @a $tag$, @b', { b: 2 }, 'select $$ @a $$, $tag$ @a $tag$, $1', [2]],
    ["select E'\\' @a', @b", { b: 2 }, "select E'\\' @a', $1", [2]],
    ['select @@version, @a', { a: 1 }, 'select @@version, $1', [1]],
    ["select to_tsvector('x') @@ to_tsquery('y')", {}, "select to_tsvector('x') @@ to_tsquery('y')", []],
    ['select array[1] <@ array[1,2], array[1,2] @> array[@a]', { a: 1 }, 'select array[1] <@ array[1,2], array[1,2] @> array[$1]', [1]],
    ['select user@host', {}, 'select user@host', []],
    ['select @ -5', {}, 'select @ -5', []],
    ['select `@a` from t', {}, 'select `@a` from t', []],
  ] as [string, Record<string, unknown>, string, unknown[]][])('%s', (sql, values, expected, params) => {
    expect(bindNamedParams(sql, values, dollar)).toEqual({ sql: expected, params });
  });

  it('uses the driver placeholder', () => {
    expect(bindNamedParams('select @a, @b', { a: 1, b: null }, question)).toEqual({ sql: 'select ?, ?', params: [1, null] });
    expect(bindNamedParams('select @a, [@b] from t', { a: 1 }, (n) => `@p${n}`, { bracketQuotes: true })).toEqual({
      sql: 'select @p1, [@b] from t',
      params: [1],
    });
  });

  it('honours backslash escapes in MySQL strings only when asked', () => {
    expect(bindNamedParams("select 'a\\' @x', @y", { y: 2 }, question, { backslashEscapes: true })).toEqual({ sql: "select 'a\\' @x', ?", params: [2] });
    // In standard strings the backslash is a character: the literal ends at the second quote.
    expect(bindNamedParams("select 'a\\', @y", { y: 2 }, dollar)).toEqual({ sql: "select 'a\\', $1", params: [2] });
  });

  it('an unterminated literal or comment swallows the rest (the database reports the syntax error)', () => {
    expect(bindNamedParams("select 'abc @a", {}, dollar)).toEqual({ sql: "select 'abc @a", params: [] });
    expect(bindNamedParams('select /* @a', {}, dollar)).toEqual({ sql: 'select /* @a', params: [] });
  });

  it('a name without a value is an error, not null', () => {
    expect(() => bindNamedParams('select @missing', {}, dollar)).toThrow(MissingParamError);
    expect(() => bindNamedParams('select @toString', {}, dollar)).toThrow(MissingParamError);
  });

  it('never splices values into the text', () => {
    const evil = "'); drop table t; --";
    const bound = bindNamedParams('select * from t where a = @a', { a: evil }, dollar);
    expect(bound.sql).not.toContain('drop');
    expect(bound.params).toEqual([evil]);
  });
});

describe('password cipher', () => {
  const secret = new Uint8Array(48).fill(7);
  it('round-trips, differs per encryption and never contains the text', () => {
    const cipher = new PasswordCipher(secret);
    const a = cipher.encrypt('p@ss 密码');
    const b = cipher.encrypt('p@ss 密码');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('p@ss');
    expect(cipher.decrypt(a)).toBe('p@ss 密码');
    expect(cipher.encrypt('')).toBe('');
    expect(cipher.decrypt('')).toBe('');
  });

  it('refuses another key and tampered text', () => {
    const stored = new PasswordCipher(secret).encrypt('secret');
    expect(() => new PasswordCipher(new Uint8Array(48).fill(8)).decrypt(stored)).toThrow();
    const raw = Buffer.from(stored.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => new PasswordCipher(secret).decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => new PasswordCipher(secret).decrypt('plain')).toThrow();
  });
});

describe('helpers', () => {
  it('makes values JSON-safe', () => {
    expect(jsonSafe(12n)).toBe('12');
    expect(jsonSafe(Buffer.from([1, 255]))).toBe('\\x01ff');
    expect(jsonSafe('x')).toBe('x');
  });

  it('builds trees, roots for missing parents, no endless loop on cycles', () => {
    const rows = [
      { id: 1, pid: null },
      { id: 2, pid: 1 },
      { id: 3, pid: 2 },
      { id: 4, pid: 99 },
      { id: 5, pid: 6 },
      { id: 6, pid: 5 },
      { id: 7, pid: 7 },
    ];
    const tree = buildTree(rows, 'id', 'pid');
    expect(tree.map((n) => n.id)).toEqual([1, 4, 7]);
    expect(tree[0].children[0]).toMatchObject({ id: 2, children: [{ id: 3, children: [] }] });
  });
});

describe('takeRows', () => {
  it("answers the rows JSON-safe in an array of its own and leaves the driver's array empty", () => {
    const driverRows: Record<string, unknown>[] = [
      { id: 1n, raw: new Uint8Array([1, 2]) },
      { id: 2n, raw: null },
      { id: 3n, raw: null },
    ];
    const first = driverRows[0];
    const own = takeRows(driverRows, 2);
    expect(own).toEqual([
      { id: '1', raw: jsonSafe(new Uint8Array([1, 2])) },
      { id: '2', raw: null },
    ]);
    expect(own[0]).toBe(first);
    expect(driverRows).toHaveLength(0);
    expect(takeRows([])).toEqual([]);
  });
});
