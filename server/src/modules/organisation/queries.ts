import { sql, type Expression, type RawBuilder } from 'kysely';

/** Pieces of SQL the organisation's repositories share. */

/** 1 when the boolean column is true, else 0. */
export function mark(column: string): RawBuilder<0 | 1> {
  return sql<0 | 1>`(case when ${sql.ref(column)} then 1 else 0 end)`;
}

/** The UserBrief columns of a query over `users`. */
export function userBriefSelection(table = 'users') {
  const ref = (col: string) => sql.ref(`${table}.${col}`);
  return [
    sql<string>`${ref('id')}`.as('F_UserId'),
    sql<string>`${ref('account')}`.as('F_Account'),
    sql<string>`${ref('real_name')}`.as('F_RealName'),
    sql<number>`${ref('gender')}`.as('F_Gender'),
    sql<string | null>`${ref('head_icon')}`.as('F_HeadIcon'),
    mark(`${table}.enabled`).as('F_EnabledMark'),
    sql<string | null>`${ref('company_id')}`.as('F_CompanyId'),
    sql<string>`coalesce((select d.full_name from user_departments ud join departments d on d.id = ud.department_id
      where ud.user_id = ${ref('id')} order by d.sort_code, d.id limit 1), '')`.as('F_DepartmentName'),
  ] as const;
}

/** `lower(account) = lower(keyword) or real_name = keyword` (the pickers' exact match). */
export function exactAccountOrName(keyword: string, table = 'users'): Expression<boolean> {
  return sql<boolean>`(lower(${sql.ref(`${table}.account`)}) = lower(${keyword}) or ${sql.ref(`${table}.real_name`)} = ${keyword})`;
}

/** `x%` for LIKE, with the keyword's own wildcards escaped. */
export function prefixPattern(keyword: string): string {
  return `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
