import {
  LIST_BUTTONS,
  formRelationSetting,
  type DataConditionList,
  type FormField,
  type FormRelationBody,
  type FormRelationDetail,
  type FormRelationPageQuery,
  type FormRelationSaved,
  type FormRelationSetting,
  type ListButton,
  type PublishedPageInfo,
  formRelationPermissions,
} from '@app/contracts';
import type { AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { LoadedForm } from '../form-scheme/form-scheme.service.js';
import { checkEntryParent, publisherHolders } from '../menu/published-entries.repository.js';
import { isDefaultTenant } from '../tenant/platform.js';
import {
  FormRelationRepository,
  ITEM_BUTTON,
  ITEM_COLUMN,
  ITEM_MODULE,
  moduleCodeOf,
  moduleIdOf,
  type PageItem,
  type RelationRecord,
  type RelationValues,
} from './form-relation.repository.js';
import type { RelationServices } from './index.js';
import { checkConditionFields, checkSettingFields, fieldLabelOf, listableFields } from './publish-fields.js';

/** Shown names of the page's module buttons (Organisation › role authorisation lists them). */
const BUTTON_NAMES: Record<ListButton, string> = {
  add: '新增',
  edit: '编辑',
  view: '查看',
  delete: '删除',
  export: '导出',
  import: '导入',
  print: '打印',
  workflow: '发起流程',
};

/** The group published pages go under when the relation names no other entry. */
const FORM_APPS_GROUP = 'form-apps';

/**
 * Form relations (docs/form-publishing-design.md "Form relations", "Publishing", "Data conditions"): a designed form
 * published as a menu page. A save writes the relation, its menu entry, the entry's buttons and columns and their
 * grants in one transaction, then makes the indexes the list configuration implies.
 */
export class FormRelationService {
  private readonly repo: FormRelationRepository;

  constructor(private readonly services: RelationServices) {
    this.repo = new FormRelationRepository(services.deps.db);
  }

  private get deps() {
    return this.services.deps;
  }

  page(auth: AuthContext, q: FormRelationPageQuery) {
    return this.repo.page(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined, formId: q.F_FormId, enabled: q.F_EnabledMark });
  }

  async detail(auth: AuthContext, id: string): Promise<FormRelationDetail> {
    const row = await this.repo.detail(auth.tenantId, id);
    if (!row) throw notFound('formRelation.notFound', { id });
    const { setting, ...rest } = row;
    // Settings stored by an older shape get today's defaults.
    return { ...rest, F_Setting: formRelationSetting.parse(setting) };
  }

  private async relation(auth: AuthContext, id: string): Promise<RelationRecord> {
    const relation = await this.repo.find(auth.tenantId, id);
    if (!relation) throw notFound('formRelation.notFound', { id });
    return relation;
  }

  async create(auth: AuthContext, body: FormRelationBody): Promise<FormRelationSaved> {
    const loaded = await this.services.schemes.forAdmin(auth, body.F_FormId);
    const setting = normalised(body.F_Setting);
    const fields = checkSettingFields(loaded, setting);
    const id = newId();
    const moduleId = moduleIdOf(id);
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new FormRelationRepository(trx);
      await this.checkParent(repo, auth, body.F_ParentId, null);
      await repo.insertRelation(auth.tenantId, auth.userId, id, moduleId, relationValues(body, setting));
      await repo.insertModule(moduleId, moduleCodeOf(id), `/form-publish/${id}`, moduleValues(body));
      if (!(await isDefaultTenant(trx, auth.tenantId))) await repo.addTenantModule(auth.tenantId, moduleId);
      const buttons = await repo.syncItems(moduleId, ITEM_BUTTON, buttonItems(setting));
      const columns = await repo.syncItems(moduleId, ITEM_COLUMN, columnItems(setting, fields));
      const items = [
        { type: ITEM_MODULE, id: moduleId },
        ...buttons.map((b) => ({ type: ITEM_BUTTON, id: b })),
        ...columns.map((c) => ({ type: ITEM_COLUMN, id: c })),
      ];
      await repo.grant(auth.tenantId, await publisherHolders(repo, auth), items);
    });
    this.changed();
    return this.saved(auth, await this.relation(auth, id), loaded);
  }

  /**
   * Same checks as an add, against the (possibly other) form's current version. Buttons no longer configured go with
   * their grants; new buttons are granted to the publisher's roles only; new columns to every holder of the page.
   */
  async update(auth: AuthContext, id: string, body: FormRelationBody): Promise<FormRelationSaved> {
    await this.relation(auth, id);
    const loaded = await this.services.schemes.forAdmin(auth, body.F_FormId);
    const setting = normalised(body.F_Setting);
    const fields = checkSettingFields(loaded, setting);
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new FormRelationRepository(trx);
      if (!(await repo.lock(auth.tenantId, id))) throw notFound('formRelation.notFound', { id });
      const moduleId = moduleIdOf(id);
      await this.checkParent(repo, auth, body.F_ParentId, moduleId);
      await repo.updateRelation(auth.tenantId, id, relationValues(body, setting));
      // An entry deleted on the menu administration screen is made again (its grants went with it).
      if (!(await repo.updateModule(moduleId, moduleValues(body)))) {
        await repo.insertModule(moduleId, moduleCodeOf(id), `/form-publish/${id}`, moduleValues(body));
        if (!(await isDefaultTenant(trx, auth.tenantId))) await repo.addTenantModule(auth.tenantId, moduleId);
        await repo.grant(auth.tenantId, await publisherHolders(repo, auth), [{ type: ITEM_MODULE, id: moduleId }]);
      }
      const buttons = await repo.syncItems(moduleId, ITEM_BUTTON, buttonItems(setting));
      await repo.grant(
        auth.tenantId,
        await publisherHolders(repo, auth),
        buttons.map((b) => ({ type: ITEM_BUTTON, id: b })),
      );
      const columns = await repo.syncItems(moduleId, ITEM_COLUMN, columnItems(setting, fields));
      await repo.grant(
        auth.tenantId,
        await repo.holdersOf(auth.tenantId, moduleId),
        columns.map((c) => ({ type: ITEM_COLUMN, id: c })),
      );
    });
    this.changed();
    return this.saved(auth, await this.relation(auth, id), loaded);
  }

  /** The relation, its menu entry, buttons, columns and every grant of them. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new FormRelationRepository(trx);
      if (!(await repo.lock(auth.tenantId, id))) throw notFound('formRelation.notFound', { id });
      const moduleId = moduleIdOf(id);
      if (await repo.moduleHasChildren(moduleId)) throw new AppError('formRelation.hasChildren');
      await repo.deleteModule(moduleId);
      await repo.deleteRelation(auth.tenantId, id);
    });
    this.changed();
  }

  /**
   * What the published page renders: the form and the setting cut to the caller (granted columns and buttons; the
   * data conditions are never shown to the page's users; launching a workflow needs a process).
   */
  async pageInfo(auth: AuthContext, id: string): Promise<PublishedPageInfo> {
    const { access, schemes } = this.services;
    const opened = await access.open(auth, id, null);
    const [buttons, hidden] = await Promise.all([access.allowedButtons(auth, opened), access.hiddenFields(auth, opened)]);
    const setting = opened.relation.setting;
    const visible = (field: string) => !hidden.includes(field);
    return {
      F_Id: opened.relation.id,
      F_Name: opened.relation.name,
      F_ModuleId: opened.relation.moduleId,
      F_EnCode: opened.moduleCode,
      form: schemes.detailOf(opened.loaded),
      setting: {
        ...setting,
        columns: setting.columns.filter((c) => visible(c.field)),
        queryFields: setting.queryFields.filter((q) => visible(q.field)),
        buttons: buttons.filter((b) => b !== 'workflow' || setting.workflowSchemeId !== ''),
        conditions: [],
      },
    };
  }

  /** GET /data-condition/{id}: holders of forms.relation.list read any relation of the tenant, others a page they may open. */
  async conditions(auth: AuthContext, id: string): Promise<DataConditionList> {
    if (await this.deps.grants.hasAny(auth, [formRelationPermissions.formRelationList])) {
      return { conditions: formRelationSetting.parse((await this.relation(auth, id)).setting).conditions };
    }
    const opened = await this.services.access.open(auth, id, null);
    return { conditions: opened.relation.setting.conditions };
  }

  /** Replaces the relation's data conditions (fields checked against the form's current version). */
  async saveConditions(auth: AuthContext, id: string, body: DataConditionList): Promise<void> {
    const formId = (await this.relation(auth, id)).formId;
    const loaded = await this.services.schemes.forAdmin(auth, formId);
    checkConditionFields(listableFields(loaded), body.conditions);
    // The rest of the setting is read under the relation's lock, so a concurrent edit of the relation is not undone.
    const relation = await this.deps.db.transaction().execute(async (trx) => {
      const repo = new FormRelationRepository(trx);
      if (!(await repo.lock(auth.tenantId, id))) throw notFound('formRelation.notFound', { id });
      const current = (await repo.find(auth.tenantId, id))!;
      if (current.formId !== formId) throw new AppError('formRelation.changedMeanwhile', {}, 409);
      const setting = { ...formRelationSetting.parse(current.setting), conditions: body.conditions };
      await repo.updateRelation(auth.tenantId, id, { setting });
      return { ...current, setting };
    });
    await this.ensureIndexes(auth, relation, loaded);
  }

  // ---------------------------------------------------------------- helpers

  private checkParent(repo: FormRelationRepository, auth: AuthContext, parentId: string, selfModuleId: string | null): Promise<void> {
    return checkEntryParent(repo, auth.tenantId, parentId, selfModuleId, {
      ownGroup: FORM_APPS_GROUP,
      notFound: 'formRelation.parentNotFound',
      cycle: 'formRelation.parentCycle',
    });
  }

  private changed(): void {
    this.deps.catalog.invalidate();
    this.deps.columns.invalidate();
    this.deps.grants.invalidate();
  }

  private async saved(auth: AuthContext, relation: RelationRecord, loaded: LoadedForm): Promise<FormRelationSaved> {
    const indexes = await this.ensureIndexes(auth, relation, loaded);
    return { F_Id: relation.id, F_ModuleId: relation.moduleId, F_EnCode: moduleCodeOf(relation.id), indexes };
  }

  /** The indexes the setting implies; the relation is saved already, so a failure is logged rather than answered. */
  private async ensureIndexes(auth: AuthContext, relation: RelationRecord, loaded: LoadedForm): Promise<string[]> {
    try {
      return await this.services.lists.ensureIndexes(auth, relation, loaded);
    } catch (error) {
      this.deps.log.warn({ err: error, relationId: relation.id }, 'form relation: indexes not made');
      return [];
    }
  }
}

/** Buttons once each, in the order LIST_BUTTONS lists them. */
function normalised(setting: FormRelationSetting): FormRelationSetting {
  return { ...setting, buttons: LIST_BUTTONS.filter((b) => setting.buttons.includes(b)) };
}

function relationValues(body: FormRelationBody, setting: FormRelationSetting): RelationValues {
  return {
    name: body.F_Name,
    form_id: body.F_FormId,
    parent_module_id: body.F_ParentId,
    icon: body.F_Icon,
    sort_code: body.F_SortCode,
    enabled: body.F_EnabledMark === 1,
    description: body.F_Description,
    setting,
  };
}

function moduleValues(body: FormRelationBody) {
  return { parent_id: body.F_ParentId, full_name: body.F_Name, icon: body.F_Icon, sort_code: body.F_SortCode, enabled: body.F_EnabledMark === 1 };
}

function buttonItems(setting: FormRelationSetting): PageItem[] {
  return setting.buttons.map((b) => ({ code: b, name: BUTTON_NAMES[b] }));
}

function columnItems(setting: FormRelationSetting, fields: Map<string, FormField | null>): PageItem[] {
  return setting.columns.map((c) => ({ code: c.field, name: c.label || fieldLabelOf(fields, c.field) }));
}
