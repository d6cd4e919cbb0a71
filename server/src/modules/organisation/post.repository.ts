import { sql } from 'kysely';
import type { z } from 'zod';
import type { PostBrief, PostNode, UserBrief, postBody } from '@app/contracts';
import { fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';
import { prefixPattern, userBriefSelection } from './queries.js';
import type { Db } from './organisation.repository.js';

type PostValues = {
  company_id: string;
  department_id: string | null;
  parent_id: string;
  name: string;
  en_code: string;
  sort_code: number;
  description: string;
};

export function postValues(body: z.infer<typeof postBody>): PostValues {
  return {
    company_id: body.F_CompanyId,
    department_id: body.F_DepartmentId ?? null,
    parent_id: body.F_ParentId,
    name: body.F_Name,
    en_code: body.EnCode,
    sort_code: body.F_SortCode,
    description: body.F_Description,
  };
}

export class PostRepository {
  constructor(private readonly db: Db) {}

  async nodes(tenantId: string, companyId: string, departmentId?: string): Promise<PostNode[]> {
    let query = tenantScoped(this.db, 'posts', tenantId)
      .where('posts.company_id', '=', companyId)
      .select([
        'posts.id as F_PostId',
        'posts.parent_id as F_ParentId',
        'posts.name as F_Name',
        'posts.en_code as EnCode',
        'posts.company_id as F_CompanyId',
        'posts.department_id as F_DepartmentId',
      ]);
    if (departmentId) query = query.where('posts.department_id', '=', departmentId);
    const rows = await query.orderBy('posts.sort_code').orderBy('posts.name').execute();
    return rows.map((r) => ({ ...r, children: [] }));
  }

  /** The post list: company / department filters, keyword a prefix of name or code. */
  page(tenantId: string, filter: { page: number; size: number; keyword?: string; companyId?: string; departmentId?: string }) {
    let query = tenantScoped(this.db, 'posts', tenantId)
      .innerJoin('companies as c', 'c.id', 'posts.company_id')
      .leftJoin('departments as d', 'd.id', 'posts.department_id');
    if (filter.companyId) query = query.where('posts.company_id', '=', filter.companyId);
    if (filter.departmentId) query = query.where('posts.department_id', '=', filter.departmentId);
    if (filter.keyword) {
      const pattern = prefixPattern(filter.keyword);
      query = query.where((eb) => eb.or([eb('posts.name', 'like', pattern), eb('posts.en_code', 'like', pattern)]));
    }
    return fetchPage(
      query
        .select([
          'posts.id as F_PostId',
          'posts.parent_id as F_ParentId',
          'posts.name as F_Name',
          'posts.en_code as EnCode',
          'posts.company_id as F_CompanyId',
          'c.full_name as F_CompanyName',
          'posts.department_id as F_DepartmentId',
          'd.full_name as F_DepartmentName',
          'posts.sort_code as F_SortCode',
          'posts.description as F_Description',
          formatTime('posts.created_at').as('F_CreateDate'),
        ])
        .orderBy('posts.sort_code')
        .orderBy('posts.created_at')
        .orderBy('posts.id'),
      filter,
    );
  }

  find(tenantId: string, id: string) {
    return tenantScoped(this.db, 'posts', tenantId).select(['posts.id', 'posts.company_id']).where('posts.id', '=', id).executeTakeFirst();
  }

  holders(tenantId: string, postId: string): Promise<UserBrief[]> {
    return tenantScoped(this.db, 'users', tenantId)
      .innerJoin('user_posts as up', 'up.user_id', 'users.id')
      .where('up.post_id', '=', postId)
      .select(userBriefSelection())
      .orderBy('users.sort_code')
      .orderBy('users.account')
      .execute();
  }

  special(tenantId: string, type: number, objectId: string): Promise<PostBrief[]> {
    return tenantScoped(this.db, 'special_posts', tenantId)
      .innerJoin('posts as p', 'p.id', 'special_posts.post_id')
      .where('special_posts.object_type', '=', type)
      .where('special_posts.object_id', '=', objectId)
      .select(['p.id as F_PostId', 'p.name as F_Name', 'p.en_code as EnCode', 'p.company_id as F_CompanyId', 'p.department_id as F_DepartmentId'])
      .orderBy('p.sort_code')
      .orderBy('p.name')
      .execute();
  }

  async replaceSpecial(tenantId: string, type: number, objectId: string, postIds: string[]): Promise<void> {
    await this.db.deleteFrom('special_posts').where('tenant_id', '=', tenantId).where('object_type', '=', type).where('object_id', '=', objectId).execute();
    const unique = [...new Set(postIds)];
    if (unique.length) {
      await this.db
        .insertInto('special_posts')
        .values(unique.map((postId) => ({ tenant_id: tenantId, object_type: type, object_id: objectId, post_id: postId })))
        .execute();
    }
  }

  async insert(tenantId: string, id: string, values: PostValues): Promise<void> {
    await this.db
      .insertInto('posts')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  async update(tenantId: string, id: string, values: PostValues): Promise<void> {
    await this.db.updateTable('posts').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async childCount(tenantId: string, id: string): Promise<number> {
    const row = await sql<{ n: number }>`select count(*)::int as n from posts where tenant_id = ${tenantId} and parent_id = ${id}`.execute(this.db);
    return row.rows[0].n;
  }

  async delete(tenantId: string, id: string): Promise<void> {
    await this.db.deleteFrom('posts').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
