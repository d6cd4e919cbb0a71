import type { LinkDriver } from '../../core/data-links.js';

/**
 * The few SQL differences the data-source wrappers need. Numbers spliced here are integers computed by the server;
 * names are validated identifiers quoted by the driver; everything from the caller is a bound parameter.
 */
export interface Dialect {
  /** A column as text, so a keyword filter works on numbers and dates too. */
  asText(expression: string): string;
  /** ORDER BY (if any) + one page. */
  page(orderBy: string | null, offset: number, limit: number): string;
}

const int = (n: number) => String(Math.max(0, Math.trunc(n)));

export function dialectOf(driver: Pick<LinkDriver, 'type'>): Dialect {
  switch (driver.type) {
    case 'sqlserver':
      return {
        asText: (e) => `cast(${e} as nvarchar(max))`,
        // OFFSET/FETCH needs an ORDER BY; (select null) keeps the query's own order.
        page: (orderBy, offset, limit) => ` order by ${orderBy ?? '(select null)'} offset ${int(offset)} rows fetch next ${int(limit)} rows only`,
      };
    case 'mysql':
      return {
        asText: (e) => `cast(${e} as char)`,
        page: (orderBy, offset, limit) => `${orderBy ? ` order by ${orderBy}` : ''} limit ${int(limit)} offset ${int(offset)}`,
      };
    default:
      return {
        asText: (e) => `cast(${e} as text)`,
        page: (orderBy, offset, limit) => `${orderBy ? ` order by ${orderBy}` : ''} limit ${int(limit)} offset ${int(offset)}`,
      };
  }
}

/** LIKE pattern for "contains", with '!' as the escape character (the same in every dialect, unlike '\'). */
export const containsLike = (keyword: string) => `%${keyword.toLowerCase().replace(/[!%_[\]]/g, '!$&')}%`;
