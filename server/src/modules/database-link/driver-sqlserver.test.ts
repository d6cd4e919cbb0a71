import { describe, expect, it } from 'vitest';
import { testConfig } from '../../core/config.js';
import { SqlServerDriver, msListTablesSql, msPageSql, msQuote, msReadSql, msRunAsSql } from './driver-sqlserver.js';

/** SQL Server is not installed here: the SQL text is unit-tested; the live check runs only with TEST_SQLSERVER_URL. */
describe('SQL Server SQL text', () => {
  it('quotes names with brackets', () => {
    expect(msQuote('items')).toBe('[items]');
    expect(msQuote('a]b')).toBe('[a]]b]');
  });

  it('wraps user SQL as a capped derived table in a transaction that is rolled back', () => {
    expect(msReadSql('select * from t -- note', 1001)).toBe(
      'SET NOCOUNT ON; BEGIN TRANSACTION; SELECT TOP (1001) * FROM (select * from t -- note\n) q; ROLLBACK TRANSACTION;',
    );
    expect(() => msReadSql('select 1', -1)).toThrow();
    expect(() => msReadSql('select 1', 1.5)).toThrow();
  });

  it('switches read connections to the query role for good', () => {
    expect(msRunAsSql('reader')).toBe("EXECUTE AS USER = N'reader' WITH NO REVERT");
    expect(msRunAsSql("o'brien")).toBe("EXECUTE AS USER = N'o''brien' WITH NO REVERT");
  });

  it('pages by primary key: keyset after a cursor, OFFSET/FETCH otherwise', () => {
    expect(msPageSql('dbo', 'items', ['id'], { offset: 0, limit: 20, after: '40' })).toBe(
      'SELECT TOP (20) * FROM [dbo].[items] WHERE [id] > @p1 ORDER BY [id]',
    );
    expect(msPageSql('dbo', 'items', ['id'], { offset: 40, limit: 20 })).toBe(
      'SELECT * FROM [dbo].[items] ORDER BY [id] OFFSET 40 ROWS FETCH NEXT 20 ROWS ONLY',
    );
    expect(msPageSql('s', 'pairs', ['a', 'b'], { offset: 0, limit: 5, after: 'x' })).toBe(
      'SELECT * FROM [s].[pairs] ORDER BY [a], [b] OFFSET 0 ROWS FETCH NEXT 5 ROWS ONLY',
    );
    expect(msPageSql('dbo', 'heap', [], { offset: 10, limit: 5 })).toBe(
      'SELECT * FROM [dbo].[heap] ORDER BY (SELECT NULL) OFFSET 10 ROWS FETCH NEXT 5 ROWS ONLY',
    );
    expect(() => msPageSql('dbo', 'items', ['id'], { offset: -1, limit: 5 })).toThrow();
  });

  it('lists tables with bound schema and pattern', () => {
    const q = msListTablesSql({ offset: 20, limit: 10 });
    expect(q.rows).toMatch(/WHERE s\.name = @p1 AND o\.type IN \('U','V'\) AND o\.name LIKE @p2 ORDER BY o\.name OFFSET 20 ROWS FETCH NEXT 10 ROWS ONLY$/);
    expect(q.count).toMatch(/^SELECT COUNT\(\*\) AS total FROM sys\.objects/);
  });

  it('refuses user SQL without a query role (no read-only transactions on SQL Server)', async () => {
    const driver = new SqlServerDriver(
      { id: 'x', dbType: 'sqlserver', host: '192.0.2.1', port: 1433, database: 'x', schema: '', user: 'u', password: 'p', queryRole: '' },
      { host: '192.0.2.1', address: '192.0.2.1', family: 4 },
      testConfig(),
    );
    await expect(driver.readQuery('select 1', { params: [], maxRows: 10, timeoutMs: 1000 })).rejects.toMatchObject({ key: 'dataLink.needQueryRole' });
    expect(driver.placeholder(3)).toBe('@p3');
    await driver.close();
  });
});

const url = process.env.TEST_SQLSERVER_URL;
describe.skipIf(!url)('SQL Server link (TEST_SQLSERVER_URL)', () => {
  it('connects and reads under the query role', async () => {
    const u = new URL(url!);
    const driver = new SqlServerDriver(
      {
        id: 'live',
        dbType: 'sqlserver',
        host: u.hostname,
        port: Number(u.port || 1433),
        database: u.pathname.slice(1) || 'master',
        schema: '',
        user: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
        queryRole: u.searchParams.get('queryRole') ?? 'guest',
      },
      { host: u.hostname, address: u.hostname, family: 4 },
      testConfig(),
    );
    try {
      await driver.ping();
      const result = await driver.readQuery('select 1 as a union all select 2', { params: [], maxRows: 1, timeoutMs: 5000 });
      expect(result).toMatchObject({ truncated: true, rows: [{ a: 1 }] });
      await expect(
        driver.readQuery('select 1 as a) q; create table evil (a int); select * from (select 1 as a', { params: [], maxRows: 1, timeoutMs: 5000 }),
      ).rejects.toBeDefined();
    } finally {
      await driver.close();
    }
  });
});
