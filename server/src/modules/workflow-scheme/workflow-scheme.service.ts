import { randomBytes } from 'node:crypto';
import {
  type PermissionKey,
  type SchemeState,
  type WfAuthUser,
  type WfLaunchable,
  type WfNewModelBody,
  type WfSchemeBody,
  type WfSchemeForm,
  type WfSchemeInfo,
  type WfSchemePageQuery,
  type WfSchemeRow,
  type WfSchemeSaved,
  type WfSchemeUpdateBody,
  type WfVersionChangeTestRow,
  type WfVersionRow,
  workflowSchemePermissions,
} from '@app/contracts';
import type { Kysely } from 'kysely';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { isUniqueViolation } from '../../core/db/helpers.js';
import { AppError, forbidden, notFound } from '../../core/errors.js';
import { translate, type Lang, type MessageKey } from '../../core/i18n/index.js';
import { newId } from '../../core/ids.js';
import { graphFromJson } from '../workflow/engine/definition.js';
import { approverIssues, validateDefinition } from '../workflow/engine/validate.js';
import type { DefinitionIssue, WfGraph } from '../workflow/engine/types.js';
import { renderDiagramSvg } from '../workflow/engine/svg.js';
import { diagramUrl, verifyDiagram } from './diagram-links.js';
import { canLaunch } from '../workflow/launch-authority.repository.js';
import { WorkflowSchemeRepository, type RelationInput, type SchemeRecord } from './workflow-scheme.repository.js';
import { newModelXml } from './new-model.js';
import { withDiagram } from './layout.js';

type Db = Kysely<Database>;

/** Schemes, versions, diagrams, version changes and launch authority (docs/workflow-design.md "Schemes"). */
/** Validation keys a draft is saved with: people the designer has not chosen yet. */
const PEOPLE_NOT_CHOSEN_YET = new Set([
  'workflowScheme.invalidNoCandidate',
  'workflowScheme.invalidDepartmentHead',
  'workflowScheme.invalidFallbackUsers',
  'workflowScheme.invalidCirculateObjects',
]);

export class WorkflowSchemeService {
  readonly repo: WorkflowSchemeRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new WorkflowSchemeRepository(deps.db);
  }

  private async has(auth: AuthContext, permission: PermissionKey): Promise<boolean> {
    return (await this.deps.grants.of(auth.tenantId, auth.userId)).permissions.has(permission);
  }

  page(auth: AuthContext, q: WfSchemePageQuery): Promise<{ Rows: WfSchemeRow[]; Total: number }> {
    return this.repo.page(auth.tenantId, {
      page: q.limit,
      size: q.size,
      keyword: q.keyword,
      category: q.F_Category,
      enabled: q.EnabledMark === undefined ? undefined : q.EnabledMark === 1,
    });
  }

  /** Parses and validates; an invalid definition is a 400 whose data lists the issues with their element ids. */
  private async checkedGraph(db: Db, auth: AuthContext, lang: Lang, xml: string, ownCode: string, draft = false): Promise<WfGraph> {
    const codes = await this.repo.codes(db, auth.tenantId);
    const { graph, issues } = await validateDefinition(xml, { knownSchemeCodes: [...new Set([...codes, ownCode])] });
    // A draft may still miss the people it names (approvers, department heads, fallback administrators, CC
    // readers): it is not what launches use, and publishing it checks them.
    const blocking = issues.filter((i) => i.severity !== 'warning' && !(draft && PEOPLE_NOT_CHOSEN_YET.has(i.key)));
    if (graph && blocking.length === 0) return graph;
    throw invalidDefinition(lang, issues);
  }

  /** A scheme may be launched only when every user task of its (current) version names approvers. */
  private async checkApprovers(db: Db, auth: AuthContext, lang: Lang, id: string, versionId: string | null): Promise<void> {
    const version = versionId ? await this.repo.version(db, auth.tenantId, id, versionId) : undefined;
    const issues = version ? approverIssues(version.graph as WfGraph) : [];
    if (issues.length > 0) throw invalidDefinition(lang, issues);
  }

  private async checkCode(db: Db, auth: AuthContext, code: string, exceptId?: string): Promise<void> {
    if (await this.repo.codeTaken(db, auth.tenantId, code, exceptId)) throw new AppError('workflowScheme.codeTaken', { code }, 409);
  }

  /**
   * A new scheme with its first version. Published (the API's default): launches may use it at once. Otherwise a
   * draft: stored stopped, checked leniently (approvers may still be missing), started by publishing it.
   */
  async create(auth: AuthContext, lang: Lang, body: WfSchemeBody): Promise<WfSchemeSaved> {
    const id = newId();
    const versionId = newId();
    const draft = !body.publish;
    // A file without diagram data is stored laid out, so the diagram (SVG, progress viewer, designer) shows it.
    const { xml } = await withDiagram(body.xml);
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        await this.checkCode(trx, auth, body.F_Code);
        const graph = await this.checkedGraph(trx, auth, lang, xml, body.F_Code, draft);
        const relations = body.forms ? await this.checkedForms(trx, auth, body.forms) : [];
        await this.repo.insertScheme(trx, {
          id,
          tenant_id: auth.tenantId,
          code: body.F_Code,
          name: body.F_Name,
          category: body.F_Category,
          icon: body.F_Icon,
          description: body.F_Description,
          enabled: !draft,
          auth_type: body.F_AuthType,
          auth_objects: body.F_AuthType === 1 ? body.F_AuthObjects : [],
          launch_key: randomBytes(24).toString('base64url'),
          sort_code: body.F_Sort,
          created_by: auth.userId,
          published_at: draft ? null : new Date(),
        });
        const version = await this.repo.insertVersion(trx, { id: versionId, tenant_id: auth.tenantId, scheme_id: id, xml, graph, created_by: auth.userId });
        await this.repo.setCurrentVersion(trx, auth.tenantId, id, versionId);
        for (const r of relations) await this.repo.insertRelation(trx, { id: newId(), tenant_id: auth.tenantId, scheme_id: id, created_by: auth.userId, ...r });
        return { F_Id: id, F_Version: version, versionId, newVersion: true, F_State: draft ? 'draft' : 'published' };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('workflowScheme.codeTaken', { code: body.F_Code }, 409);
      throw err;
    }
  }

  /**
   * A scheme with a minimal model (start → a user task → end, with DI) to open in the designer. The task has no
   * approver (none is assumed: the starter would approve their own request), so the scheme is stored stopped;
   * starting it is refused until the designer has saved approvers for every user task.
   */
  newModel(auth: AuthContext, lang: Lang, body: WfNewModelBody): Promise<WfSchemeSaved> {
    const taskName = translate(lang, 'workflowScheme.newModelTask');
    return this.create(auth, lang, { ...body, xml: newModelXml(body.F_Code, body.F_Name, taskName), publish: false });
  }

  async info(auth: AuthContext, id: string): Promise<WfSchemeInfo> {
    const row = await this.repo.row(auth.tenantId, id);
    const scheme = await this.repo.scheme(this.deps.db, auth.tenantId, id);
    if (!row || !scheme) throw notFound('workflowScheme.notFound');
    // The designer edits the newest saved design: the draft when there is one.
    const editedId = scheme.draft_version_id ?? scheme.current_version_id;
    const version = editedId ? await this.repo.version(this.deps.db, auth.tenantId, id, editedId) : undefined;
    const forms = await this.repo.relationsOf(this.deps.db, auth.tenantId, id);
    const info: WfSchemeInfo = {
      ...row,
      F_AuthObjects: scheme.auth_objects,
      forms: forms.map((f) => ({
        F_Id: f.F_Id,
        F_FormId: f.F_FormId,
        F_Type: f.F_Type,
        F_Url: f.F_Url,
        F_Name: f.F_Name,
        F_FormName: f.F_FormName,
        F_Sort: f.F_Sort,
      })),
      F_VersionId: version?.id ?? null,
      xml: version?.xml ?? '',
      F_PublishedVersionId: scheme.published_at ? scheme.current_version_id : null,
      F_DiagramUrl: version ? diagramUrl(this.deps, id, version.id) : null,
    };
    if (await this.has(auth, workflowSchemePermissions.workflowSchemeEdit)) info.F_LaunchKey = scheme.launch_key;
    return info;
  }

  async update(auth: AuthContext, lang: Lang, id: string, body: WfSchemeUpdateBody): Promise<WfSchemeSaved> {
    // Laid out before the comparison: the same file without diagram data sent twice makes one version.
    const xml = body.xml === undefined ? undefined : (await withDiagram(body.xml)).xml;
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const scheme = await this.repo.scheme(trx, auth.tenantId, id, true);
        if (!scheme) throw notFound('workflowScheme.notFound');
        const code = body.F_Code ?? scheme.code;
        if (body.F_Code !== undefined && body.F_Code.toLowerCase() !== scheme.code.toLowerCase()) await this.checkCode(trx, auth, body.F_Code, id);
        const authType = body.F_AuthType ?? scheme.auth_type;
        await this.repo.updateScheme(trx, auth.tenantId, id, {
          code,
          name: body.F_Name ?? scheme.name,
          category: body.F_Category ?? scheme.category,
          icon: body.F_Icon ?? scheme.icon,
          description: body.F_Description ?? scheme.description,
          sort_code: body.F_Sort ?? scheme.sort_code,
          auth_type: authType,
          auth_objects: authType === 1 ? (body.F_AuthObjects ?? scheme.auth_objects) : [],
        });
        if (body.forms) {
          const relations = await this.checkedForms(trx, auth, body.forms);
          await this.repo.deleteRelationsOf(trx, auth.tenantId, id);
          for (const r of relations)
            await this.repo.insertRelation(trx, { id: newId(), tenant_id: auth.tenantId, scheme_id: id, created_by: auth.userId, ...r });
        }
        // The newest saved design: the draft when there is one. The same XML again adds no version.
        const latestId = scheme.draft_version_id ?? scheme.current_version_id;
        const latest = latestId ? await this.repo.version(trx, auth.tenantId, id, latestId) : undefined;
        let saved = latest;
        let newVersion = false;
        if (xml !== undefined && xml !== latest?.xml) {
          const graph = await this.checkedGraph(trx, auth, lang, xml, code, !body.publish);
          const versionId = newId();
          saved = {
            id: versionId,
            scheme_id: id,
            version: await this.repo.insertVersion(trx, { id: versionId, tenant_id: auth.tenantId, scheme_id: id, xml, graph, created_by: auth.userId }),
            xml,
            graph,
          };
          newVersion = true;
        }
        if (!saved) throw notFound('workflowScheme.versionNotFound');
        let state: SchemeState;
        if (xml === undefined) {
          // Only the scheme's fields changed: what is published stays as it is.
          state = !scheme.published_at ? 'draft' : scheme.draft_version_id ? 'changed' : 'published';
        } else if (body.publish) {
          if (saved.id !== scheme.current_version_id || !scheme.published_at || scheme.draft_version_id)
            await this.publishVersion(trx, auth, lang, scheme, saved.id);
          state = 'published';
        } else if (!scheme.published_at) {
          // Never published: the draft is the scheme's only design, nothing launches it meanwhile.
          if (newVersion) await this.repo.setCurrentVersion(trx, auth.tenantId, id, saved.id);
          state = 'draft';
        } else {
          const pending = saved.id === scheme.current_version_id ? null : saved.id;
          await this.repo.updateScheme(trx, auth.tenantId, id, { draft_version_id: pending });
          state = pending ? 'changed' : 'published';
        }
        return { F_Id: id, F_Version: saved.version, versionId: saved.id, newVersion, F_State: state };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('workflowScheme.codeTaken', { code: body.F_Code ?? '' }, 409);
      throw err;
    }
  }

  /**
   * Refused while running or suspended instances exist. Otherwise the scheme goes with its versions, relations,
   * drafts and its finished instances (with their tasks and history). To keep the records, stop the scheme instead.
   */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      // The row lock queues behind a start that is inserting an instance (its foreign key check shares the row).
      const scheme = await this.repo.scheme(trx, auth.tenantId, id, true);
      if (!scheme) throw notFound('workflowScheme.notFound');
      const count = await this.repo.activeInstanceCount(trx, auth.tenantId, id);
      if (count > 0) throw new AppError('workflowScheme.hasRunning', { name: scheme.name, count }, 409);
      await this.repo.deleteScheme(trx, auth.tenantId, id);
    });
  }

  /**
   * Makes a saved version the one launches use: it must name approvers for every user task (the full check a
   * published design gets). The first publication starts the scheme; later ones keep it started or stopped.
   */
  private async publishVersion(trx: Db, auth: AuthContext, lang: Lang, scheme: SchemeRecord, versionId: string): Promise<void> {
    const version = await this.repo.version(trx, auth.tenantId, scheme.id, versionId);
    if (!version) throw notFound('workflowScheme.versionNotFound');
    await this.checkedGraph(trx, auth, lang, version.xml, scheme.code);
    await this.repo.setCurrentVersion(trx, auth.tenantId, scheme.id, versionId);
    await this.repo.updateScheme(trx, auth.tenantId, scheme.id, {
      draft_version_id: null,
      ...(scheme.published_at ? {} : { published_at: new Date(), enabled: true }),
    });
  }

  /** 发布: publishes the unpublished draft (or a never-published scheme's design). */
  async publish(auth: AuthContext, lang: Lang, id: string): Promise<WfSchemeSaved> {
    return this.deps.db.transaction().execute(async (trx) => {
      const scheme = await this.repo.scheme(trx, auth.tenantId, id, true);
      if (!scheme) throw notFound('workflowScheme.notFound');
      const versionId = scheme.draft_version_id ?? scheme.current_version_id;
      if (!versionId) throw notFound('workflowScheme.versionNotFound');
      if (scheme.published_at && !scheme.draft_version_id) throw new AppError('workflowScheme.nothingToPublish', { name: scheme.name }, 409);
      await this.publishVersion(trx, auth, lang, scheme, versionId);
      const version = await this.repo.version(trx, auth.tenantId, id, versionId);
      return { F_Id: id, F_Version: version?.version ?? 0, versionId, newVersion: false, F_State: 'published' };
    });
  }

  async setEnabled(auth: AuthContext, lang: Lang, id: string, enabled: boolean): Promise<void> {
    const scheme = await this.repo.scheme(this.deps.db, auth.tenantId, id);
    if (!scheme) throw notFound('workflowScheme.notFound');
    // A draft starts by being published (its design gets the full check then).
    if (enabled && !scheme.published_at) throw new AppError('workflowScheme.notPublished', { name: scheme.name }, 409);
    if (enabled) await this.checkApprovers(this.deps.db, auth, lang, id, scheme.current_version_id);
    await this.repo.updateScheme(this.deps.db, auth.tenantId, id, { enabled });
  }

  async versions(auth: AuthContext, q: { schemeId: string; limit: number; size: number }): Promise<{ Rows: WfVersionRow[]; Total: number }> {
    const scheme = await this.repo.scheme(this.deps.db, auth.tenantId, q.schemeId);
    if (!scheme) throw notFound('workflowScheme.notFound');
    const page = await this.repo.versions(auth.tenantId, q.schemeId, scheme.current_version_id, { page: q.limit, size: q.size });
    return { Total: page.Total, Rows: page.Rows.map((r) => ({ ...r, F_DiagramUrl: diagramUrl(this.deps, q.schemeId, r.F_Id) })) };
  }

  async makeCurrent(auth: AuthContext, lang: Lang, id: string, versionId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const scheme = await this.repo.scheme(trx, auth.tenantId, id, true);
      if (!scheme) throw notFound('workflowScheme.notFound');
      if (!(await this.repo.version(trx, auth.tenantId, id, versionId))) throw notFound('workflowScheme.versionNotFound');
      // Setting a version current publishes it (a pending draft stays pending unless it is this version).
      if (scheme.enabled) await this.checkApprovers(trx, auth, lang, id, versionId);
      await this.repo.setCurrentVersion(trx, auth.tenantId, id, versionId);
      if (scheme.draft_version_id === versionId) await this.repo.updateScheme(trx, auth.tenantId, id, { draft_version_id: null });
      if (!scheme.published_at) await this.repo.updateScheme(trx, auth.tenantId, id, { published_at: new Date() });
    });
  }

  /**
   * read-resource: with a valid `sig` (F_DiagramUrl) no token is needed; otherwise a bearer token with
   * workflow.scheme.list. A bad signature and a missing scheme look the same (404).
   */
  async resource(
    auth: AuthContext | null,
    q: { F_Id: string; versionId?: string; format: 'svg' | 'xml'; sig?: string },
  ): Promise<{ type: string; body: string }> {
    let xml: string | undefined;
    if (q.sig !== undefined && verifyDiagram(this.deps.config, q.F_Id, q.versionId, q.sig)) {
      xml = (await this.repo.versionBySignedIds(q.F_Id, q.versionId))?.xml;
    } else if (auth && q.sig === undefined) {
      if (!(await this.has(auth, workflowSchemePermissions.workflowSchemeList))) throw forbidden(workflowSchemePermissions.workflowSchemeList);
      const scheme = await this.repo.scheme(this.deps.db, auth.tenantId, q.F_Id);
      const versionId = q.versionId ?? scheme?.current_version_id;
      if (scheme && versionId) xml = (await this.repo.version(this.deps.db, auth.tenantId, q.F_Id, versionId))?.xml;
    }
    if (xml === undefined) throw notFound('workflowScheme.notFound');
    if (q.format === 'xml') return { type: 'application/xml; charset=utf-8', body: xml };
    return { type: 'image/svg+xml; charset=utf-8', body: await renderDiagramSvg(xml) };
  }

  // ---------------------------------------------------------------- version change

  private async target(db: Db, auth: AuthContext, schemeId: string, versionId: string): Promise<{ scheme: SchemeRecord; version: number; graph: WfGraph }> {
    const scheme = await this.repo.scheme(db, auth.tenantId, schemeId, true);
    if (!scheme) throw notFound('workflowScheme.notFound');
    const version = await this.repo.version(db, auth.tenantId, schemeId, versionId);
    if (!version) throw notFound('workflowScheme.versionNotFound');
    return { scheme, version: version.version, graph: version.graph as WfGraph };
  }

  /**
   * The nodes an instance is at that the target version cannot take it at: absent there, or there as another kind of
   * node or in another sub-process (a token's scope cannot be rebuilt, e.g. from a version that flattened it).
   */
  private async missingNodes(db: Db, auth: AuthContext, schemeId: string, graph: WfGraph, instance: { id: string; version_id: string }): Promise<string[]> {
    const from = await this.repo.version(db, auth.tenantId, schemeId, instance.version_id);
    const source = from ? graphFromJson(from.graph) : null;
    return (await this.repo.activeNodes(db, instance.id)).filter((node) => {
      const there = graph.nodes[node];
      const here = source?.nodes[node];
      return !there || !here || there.type !== here.type || (there.scope ?? '') !== (here.scope ?? '');
    });
  }

  /** Per running / suspended instance on another version: may it move to the target version, and what is missing. */
  async versionChangeTest(auth: AuthContext, schemeId: string, versionId: string): Promise<WfVersionChangeTestRow[]> {
    return this.deps.db.transaction().execute(async (trx) => {
      const { graph } = await this.target(trx, auth, schemeId, versionId);
      const out: WfVersionChangeTestRow[] = [];
      for (const i of await this.repo.instancesOffVersion(trx, auth.tenantId, schemeId, versionId)) {
        const missing = await this.missingNodes(trx, auth, schemeId, graph, i);
        out.push({ processInstanceId: i.id, name: i.name, state: i.state, F_Version: i.version, movable: missing.length === 0, missingNodes: missing });
      }
      return out;
    });
  }

  /**
   * Moves every movable instance to the target version in one transaction: each instance row is locked (its root
   * first, the engine's lock order), checked again, moved, and a 'migrate' history row written.
   */
  async versionChange(auth: AuthContext, schemeId: string, versionId: string): Promise<{ moved: number; skipped: number }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const { graph, version } = await this.target(trx, auth, schemeId, versionId);
      let moved = 0;
      let skipped = 0;
      for (const i of await this.repo.instancesOffVersion(trx, auth.tenantId, schemeId, versionId)) {
        const locked = await this.repo.lockInstance(trx, auth.tenantId, i.id, i.root_id);
        if (!locked || !(locked.state === 'running' || locked.state === 'suspended') || locked.version_id === versionId) continue;
        if ((await this.missingNodes(trx, auth, schemeId, graph, { id: i.id, version_id: locked.version_id })).length > 0) {
          skipped++;
          continue;
        }
        await this.repo.moveInstance(trx, auth.tenantId, i.id, versionId, { id: newId(), userId: auth.userId, message: `v${locked.version} → v${version}` });
        moved++;
      }
      return { moved, skipped };
    });
  }

  // ---------------------------------------------------------------- launch authority

  async authUser(auth: AuthContext, schemeId: string): Promise<WfAuthUser> {
    const scheme = await this.repo.scheme(this.deps.db, auth.tenantId, schemeId);
    if (!scheme) throw notFound('workflowScheme.notFound');
    return { F_AuthType: scheme.auth_type, objects: scheme.auth_objects, canLaunch: await canLaunch(this.deps.db, auth, scheme) };
  }

  async launchable(auth: AuthContext, q: { F_Category?: string; keyword?: string }): Promise<WfLaunchable> {
    const rows = (await this.repo.launchable(auth, { category: q.F_Category, keyword: q.keyword })).map(({ categorySort: _, ...r }) => r);
    const categories: WfLaunchable['categories'] = [];
    for (const r of rows) {
      let group = categories.find((c) => c.F_Category === r.F_Category);
      if (!group) categories.push((group = { F_Category: r.F_Category, F_CategoryName: r.F_CategoryName, schemes: [] }));
      group.schemes.push(r);
    }
    return { Rows: rows, categories };
  }

  // ---------------------------------------------------------------- forms of a scheme

  /** Checks each form against the tenant's form schemes; fills name and address from the form when not given. */
  async checkedForms(db: Db, auth: AuthContext, forms: WfSchemeForm[]): Promise<RelationInput[]> {
    const seen = new Set<string>();
    const out: RelationInput[] = [];
    for (const [index, f] of forms.entries()) {
      if (seen.has(f.F_FormId)) throw new AppError('workflowScheme.relationExists', {}, 409);
      seen.add(f.F_FormId);
      out.push({ ...(await this.checkedForm(db, auth, f)), sort: index });
    }
    return out;
  }

  async checkedForm(db: Db, auth: AuthContext, f: WfSchemeForm): Promise<Omit<RelationInput, 'sort'>> {
    const form = await this.repo.form(db, auth.tenantId, f.F_FormId);
    if (!form) throw new AppError('workflowScheme.formNotFound', { form: f.F_Name || f.F_FormId }, 400);
    if (form.form_type !== f.F_Type) throw new AppError('workflowScheme.formTypeMismatch', { form: form.name }, 400);
    return { formId: form.id, formType: f.F_Type, url: f.F_Url || form.url, name: f.F_Name || form.name };
  }
}

/** The 400 of a save: the message names the errors; the data lists every issue, warnings too, with its severity. */
function invalidDefinition(lang: Lang, issues: DefinitionIssue[]): AppError {
  const described = issues.map((i) => ({
    elementId: i.elementId,
    message: translate(lang, i.key as MessageKey, i.params ?? {}),
    severity: i.severity ?? 'error',
  }));
  const detail = described
    .filter((i) => i.severity === 'error')
    .map((i) => i.message)
    .join('；');
  return new AppError('workflowScheme.invalidDefinition', { detail }, 400, { issues: described });
}
