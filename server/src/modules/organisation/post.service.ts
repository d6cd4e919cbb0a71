import type { z } from 'zod';
import {
  type PostBrief,
  type PostNode,
  type UserBrief,
  type postBody,
  type postPageQuery,
  type specialPostBody,
  organisationPermissions,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { CompanyRepository } from './company.repository.js';
import { DepartmentRepository } from './department.repository.js';
import { PostRepository, postValues } from './post.repository.js';
import { buildTree, requireIds, requirePermission, type Db } from './shared.js';
import { OrganisationRepository } from './organisation.repository.js';

type Body = z.infer<typeof postBody>;

/** Posts (CRUD, holders, the post tree of a company) and special posts of companies and departments. */
export class PostService {
  private readonly repo: PostRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new PostRepository(deps.db);
  }

  async tree(auth: AuthContext, companyId: string, departmentId?: string): Promise<PostNode[]> {
    if (!(await new CompanyRepository(this.deps.db).exists(auth.tenantId, companyId))) throw notFound('organisation.companyNotFound');
    return buildTree(
      await this.repo.nodes(auth.tenantId, companyId, departmentId),
      (n) => n.F_PostId,
      (n) => n.F_ParentId,
    );
  }

  page(auth: AuthContext, query: z.infer<typeof postPageQuery>) {
    return this.repo.page(auth.tenantId, { ...query, page: query.limit });
  }

  async holders(auth: AuthContext, id: string): Promise<UserBrief[]> {
    if (!(await this.repo.find(auth.tenantId, id))) throw notFound('organisation.postNotFound');
    return this.repo.holders(auth.tenantId, id);
  }

  private async checkBody(trx: Db, auth: AuthContext, body: Body, id?: string): Promise<void> {
    if (!(await new CompanyRepository(trx).exists(auth.tenantId, body.F_CompanyId))) throw new AppError('organisation.companyNotFound');
    if (body.F_DepartmentId) {
      const department = await new DepartmentRepository(trx).find(auth.tenantId, body.F_DepartmentId);
      if (!department) throw new AppError('organisation.departmentNotFound');
      if (department.company_id !== body.F_CompanyId) throw new AppError('organisation.postDepartmentMismatch');
    }
    if (body.F_ParentId !== '0') {
      if (id && (await new OrganisationRepository(trx).isSelfOrDescendant('posts', auth.tenantId, id, body.F_ParentId)))
        throw new AppError('organisation.postUnderItself');
      if (!(await new PostRepository(trx).find(auth.tenantId, body.F_ParentId))) throw new AppError('organisation.parentPostNotFound');
    }
  }

  async create(auth: AuthContext, body: Body): Promise<string> {
    const id = newId();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.checkBody(trx, auth, body);
      await new PostRepository(trx).insert(auth.tenantId, id, postValues(body));
    });
    return id;
  }

  async update(auth: AuthContext, id: string, body: Body): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new PostRepository(trx);
      if (!(await repo.find(auth.tenantId, id))) throw notFound('organisation.postNotFound');
      await this.checkBody(trx, auth, body, id);
      await repo.update(auth.tenantId, id, postValues(body));
    });
  }

  /** Holders and special-post links of the post go with it; a post with sub-posts is kept. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new PostRepository(trx);
      if (!(await repo.find(auth.tenantId, id))) throw notFound('organisation.postNotFound');
      if (await repo.childCount(auth.tenantId, id)) throw new AppError('organisation.postHasChildren');
      await repo.delete(auth.tenantId, id);
    });
  }

  async setHolders(auth: AuthContext, postId: string, userIds: string[]): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await new PostRepository(trx).find(auth.tenantId, postId))) throw notFound('organisation.postNotFound');
      await requireIds(trx, 'users', auth.tenantId, userIds, 'organisation.unknownUsers');
      await new OrganisationRepository(trx).replaceMembers('user_posts', 'post_id', auth.tenantId, postId, userIds);
    });
  }

  private async objectExists(db: Db, auth: AuthContext, type: number, objectId: string): Promise<boolean> {
    return type === 1 ? new CompanyRepository(db).exists(auth.tenantId, objectId) : !!(await new DepartmentRepository(db).find(auth.tenantId, objectId));
  }

  private specialPermission(type: number) {
    return type === 1 ? organisationPermissions.companySpecialPost : organisationPermissions.departmentSpecialPost;
  }

  /** The special posts of a company (type 1) or department (type 2). */
  async special(auth: AuthContext, type: 1 | 2, objectId: string, checkPermission = true): Promise<PostBrief[]> {
    if (checkPermission) await requirePermission(this.deps, auth, this.specialPermission(type));
    if (!(await this.objectExists(this.deps.db, auth, type, objectId)))
      throw notFound(type === 1 ? 'organisation.companyNotFound' : 'organisation.departmentNotFound');
    return this.repo.special(auth.tenantId, type, objectId);
  }

  /** The special posts of the company or department become exactly postList. */
  async setSpecial(auth: AuthContext, body: z.infer<typeof specialPostBody>): Promise<void> {
    await requirePermission(this.deps, auth, this.specialPermission(body.F_Type));
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.objectExists(trx, auth, body.F_Type, body.F_ObjectId))) throw new AppError('organisation.specialObjectNotFound');
      await requireIds(trx, 'posts', auth.tenantId, body.postList, 'organisation.unknownPosts');
      await new PostRepository(trx).replaceSpecial(auth.tenantId, body.F_Type, body.F_ObjectId, body.postList);
    });
  }
}
