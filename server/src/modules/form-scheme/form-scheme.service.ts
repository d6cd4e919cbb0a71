import {
  FORM_ADDRESS,
  FORM_TYPE,
  parseScheme,
  schemeSaveIssue,
  type FormSchemeBody,
  type FormSchemeContent,
  type FormSchemeDetail,
  type FormSchemePageQuery,
  type FormSchemeSaved,
  type FormTable,
  formPermissions,
} from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { refusingDuplicates } from '../../core/db/helpers.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { DataDesignRepository } from '../data-design/data-design.repository.js';
import { dialectOf, planRelease } from '../data-design/ddl.js';
import { DesignService } from '../data-design/design.service.js';
import { checkReleased, designOf, normaliseTableInfo, planStorage } from './form-tables.js';
import { FormSchemeRepository, type FormRow, type FormValues, type VersionRow } from './form-scheme.repository.js';

/** A form with one of its versions, checked: what the renderer, the data calls and the option calls work from. */
export interface LoadedForm {
  form: FormRow;
  version: VersionRow;
  scheme: FormSchemeContent;
  tableInfo: FormTable[];
}

/** The stored or posted F_Scheme checked with parseScheme; anything broken is 'forms.schemeInvalid' (400). */
export function checkedScheme(input: unknown): FormSchemeContent {
  const check = parseScheme(input);
  if (!check.ok) throw new AppError('forms.schemeInvalid', { reason: check.reason });
  return check.scheme;
}

/**
 * Refuses what a save must not store although parseScheme accepts it (schemeSaveIssue): field names of
 * Object.prototype members and patterns RE2 cannot run. Loading does not check this, so older versions still open.
 */
function checkSavable(scheme: FormSchemeContent): void {
  const issue = schemeSaveIssue(scheme.data);
  if (issue?.kind === 'fieldName') throw new AppError('forms.fieldNameReserved', { label: issue.label, name: issue.name });
  if (issue?.kind === 'pattern') throw new AppError('forms.patternUnsupported', { label: issue.label, pattern: issue.pattern });
}

/** F_Types whose F_Url is an address (unique per tenant, not taken by a route): system forms and address-based forms. */
const ADDRESSED_TYPES: readonly number[] = [FORM_TYPE.system, FORM_TYPE.address];

/**
 * The scheme a save stores. A system form (F_Type 1) has a scheme without fields (`{ data: [] }`) and no tables: its
 * fields are declared by its code (the web's registry); a stored copy would go stale next to it.
 */
function schemeOf(body: FormSchemeBody): FormSchemeContent {
  const scheme = checkedScheme(body.F_Scheme);
  checkSavable(scheme);
  if (body.F_Type !== FORM_TYPE.system) return scheme;
  if (scheme.data.length > 0) throw new AppError('forms.systemFormFields');
  if (body.tableInfo?.length) throw new AppError('forms.systemFormTables');
  return scheme;
}

/** Stored types a picker's F_Type asks for: 0 designed; 1 system and address-based (both have an address); 2 address-based only. */
function optionTypes(type: number): readonly number[] {
  if (type === FORM_TYPE.designed) return [FORM_TYPE.designed];
  return type === FORM_TYPE.system ? ADDRESSED_TYPES : [FORM_TYPE.address];
}

const saveTables = (released: { F_TableName: string; created: boolean; addedColumns: string[] }[]) =>
  released.map((r) => ({ name: r.F_TableName, created: r.created, addedColumns: r.addedColumns }));

/**
 * Form schemes and their versions (docs/forms-design.md "Calls"). Every save is a new version; /customtable first
 * releases the tables the fields need through the Data platform's release path (all checked before any DDL runs).
 */
export class FormSchemeService {
  readonly repo: FormSchemeRepository;
  private readonly designs: DataDesignRepository;
  private readonly design: DesignService;

  constructor(
    private readonly deps: AppDeps,
    /** Whether an address is taken by a registered route (POST /api/{address} would never reach the form). */
    private readonly reservedAddress: (url: string) => boolean,
  ) {
    this.repo = new FormSchemeRepository(deps.db);
    this.designs = new DataDesignRepository(deps.db);
    this.design = new DesignService(deps);
  }

  page(auth: AuthContext, q: FormSchemePageQuery) {
    return this.repo.page(auth.tenantId, {
      page: q.limit,
      size: q.size,
      keyword: q.keyword || undefined,
      formType: q.F_Type,
      category: q.F_Category || undefined,
      enabled: q.F_EnabledMark,
    });
  }

  options(auth: AuthContext, q: { F_Type: number; F_Category?: string; keyword?: string }) {
    return this.repo.options(auth.tenantId, { formTypes: optionTypes(q.F_Type), category: q.F_Category || undefined, keyword: q.keyword || undefined });
  }

  /** GET /form-scheme/systemform: the enabled system (1) and address-based (2) forms, for the workflow's form pickers. */
  systemForms(auth: AuthContext) {
    return this.repo.options(auth.tenantId, { formTypes: ADDRESSED_TYPES });
  }

  private async form(auth: AuthContext, id: string): Promise<FormRow> {
    const form = await this.repo.find(auth.tenantId, id);
    if (!form) throw notFound('forms.notFound', { id });
    return form;
  }

  /** A version of the form (default: the current one), its scheme checked. */
  async load(auth: AuthContext, form: FormRow, versionId?: string): Promise<LoadedForm> {
    const version = await this.repo.version(auth.tenantId, versionId || form.F_SchemeId);
    if (!version || version.scheme_id !== form.F_Id) throw notFound('forms.versionNotFound', { id: versionId || form.F_SchemeId });
    return { form, version, scheme: checkedScheme(version.content), tableInfo: normaliseTableInfo(version.table_info) };
  }

  /**
   * For callers that render or fill a form (signed in, any button): an enabled form of the caller's tenant;
   * holders of forms.scheme.list also reach disabled ones (designer preview). Others get the same 404.
   */
  async forUse(auth: AuthContext, id: string, versionId?: string): Promise<LoadedForm> {
    const form = await this.form(auth, id);
    if (!form.F_EnabledMark && !(await this.deps.grants.hasAny(auth, [formPermissions.formList]))) throw notFound('forms.notFound', { id });
    return this.load(auth, form, versionId);
  }

  /** An enabled address-based form of the caller's tenant by its address, or undefined. */
  async byAddress(auth: AuthContext, address: string): Promise<LoadedForm | undefined> {
    const form = await this.repo.findByAddress(auth.tenantId, address);
    return form ? this.load(auth, form) : undefined;
  }

  detailOf(loaded: LoadedForm): FormSchemeDetail {
    return { ...loaded.form, F_SchemeId: loaded.version.id, F_Version: loaded.version.version, F_Scheme: loaded.scheme, tableInfo: loaded.tableInfo };
  }

  /** Any form of the caller's tenant, enabled or not (callers holding a forms.scheme button). */
  async forAdmin(auth: AuthContext, id: string, versionId?: string): Promise<LoadedForm> {
    return this.load(auth, await this.form(auth, id), versionId);
  }

  async detail(auth: AuthContext, id: string): Promise<FormSchemeDetail> {
    return this.detailOf(await this.forAdmin(auth, id));
  }

  async info(auth: AuthContext, id: string): Promise<FormSchemeDetail> {
    return this.detailOf(await this.forUse(auth, id));
  }

  /** A version by its id (workflow instances keep the version they started with). */
  async byVersion(auth: AuthContext, versionId: string): Promise<FormSchemeDetail> {
    const version = await this.repo.version(auth.tenantId, versionId);
    if (!version) throw notFound('forms.versionNotFound', { id: versionId });
    return this.detailOf(await this.forUse(auth, version.scheme_id, versionId));
  }

  async history(auth: AuthContext, id: string, q: { limit: number; size: number }) {
    await this.form(auth, id);
    return this.repo.history(auth.tenantId, id, { page: q.limit, size: q.size });
  }

  /**
   * The form's own fields; a system or address-based form needs a free address that no route takes. A system form
   * stays one: its type cannot be changed to or from 1 (its versions have no fields, a designed form's have no code).
   */
  private async values(auth: AuthContext, body: FormSchemeBody, existing?: FormRow): Promise<FormValues> {
    if (existing && (existing.F_Type === FORM_TYPE.system) !== (body.F_Type === FORM_TYPE.system)) throw new AppError('forms.typeFixed');
    let url = '';
    const exceptId = existing?.F_Id;
    if (ADDRESSED_TYPES.includes(body.F_Type)) {
      url = body.F_Url.trim();
      if (!url) throw new AppError('forms.addressRequired');
      if (!FORM_ADDRESS.test(url)) throw new AppError('forms.addressInvalid', { url });
      if (this.reservedAddress(url)) throw new AppError('forms.addressReserved', { url });
      if (await this.repo.addressTaken(auth.tenantId, url, exceptId)) throw new AppError('forms.addressTaken', { url }, 409);
    }
    return { name: body.F_Name, form_type: body.F_Type, category: body.F_Category, url, description: body.F_Description, sort_code: body.F_SortCode };
  }

  /**
   * The tables of a version. /customtable: the designs derived from the fields are checked against what is
   * released (type changes, foreign tables) for every table first, then released one by one (create, or add the
   * new columns). Otherwise every table must be released already with the bound columns (no DDL).
   */
  private async prepareTables(auth: AuthContext, scheme: FormSchemeContent, tableInfo: FormTable[], customTable: boolean): Promise<FormSchemeSaved['tables']> {
    if (!tableInfo.length) return [];
    const storage = planStorage(scheme, tableInfo);
    const plans = [storage.main, ...storage.subs];
    const released = await Promise.all(plans.map((p) => this.designs.released(auth.tenantId, storage.linkId, p.table.name)));
    if (!customTable) {
      plans.forEach((p, i) => {
        const table = released[i];
        if (!table) throw new AppError('forms.tableNotReleased', { name: p.table.name });
        checkReleased(p, table.F_Design);
      });
      return [];
    }
    const driver = await this.deps.links.forLink(auth.tenantId, storage.linkId);
    const designs = plans.map((p, i) => designOf(p, released[i]?.F_Design ?? null));
    for (const [i, design] of designs.entries()) {
      planRelease(dialectOf(driver.type), released[i]?.F_Design ?? null, design);
      if (!released[i] && (await driver.tableExists(design.tableName))) throw new AppError('dataDesign.tableExists', { name: design.tableName }, 409);
    }
    const results = [];
    for (const design of designs) results.push(await this.design.release(auth, { linkId: storage.linkId, design }));
    return saveTables(results);
  }

  /** Add (no id) or a new version of a form; nothing is stored when the scheme, the address or the tables are refused. */
  async save(auth: AuthContext, body: FormSchemeBody, options: { id?: string; customTable: boolean }): Promise<FormSchemeSaved> {
    const scheme = schemeOf(body);
    const existing = options.id ? await this.form(auth, options.id) : undefined;
    const values = await this.values(auth, body, existing);
    const tableInfo = body.F_Type === FORM_TYPE.system ? [] : normaliseTableInfo(body.tableInfo);
    const tables = await this.prepareTables(auth, scheme, tableInfo, options.customTable);
    const versionId = newId();
    return refusingDuplicates(
      async () => {
        if (!options.id) {
          const id = newId();
          await this.repo.insert(auth.tenantId, auth.userId, { form: id, version: versionId }, values, scheme, tableInfo);
          return { F_Id: id, F_SchemeId: versionId, F_Version: 1, tables };
        }
        const version = await this.repo.addVersion(auth.tenantId, auth.userId, options.id, versionId, values, scheme, tableInfo);
        if (version === null) throw notFound('forms.notFound', { id: options.id });
        return { F_Id: options.id, F_SchemeId: versionId, F_Version: version, tables };
      },
      () => new AppError('forms.addressTaken', { url: values.url }, 409),
    );
  }

  /** A new version copying an old one; a form with tables releases them again (add-only: columns a newer version added stay). */
  async restore(auth: AuthContext, id: string, versionId: string): Promise<FormSchemeSaved> {
    const loaded = await this.load(auth, await this.form(auth, id), versionId);
    checkSavable(loaded.scheme);
    const tables = await this.prepareTables(auth, loaded.scheme, loaded.tableInfo, true);
    const newVersion = newId();
    const version = await this.repo.addVersion(auth.tenantId, auth.userId, id, newVersion, null, loaded.scheme, loaded.tableInfo);
    if (version === null) throw notFound('forms.notFound', { id });
    return { F_Id: id, F_SchemeId: newVersion, F_Version: version, tables };
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    // A published page would lose its form and leave a menu entry leading nowhere: unpublish first.
    const pages = await this.repo.publishedAs(auth.tenantId, id);
    if (pages.length) throw new AppError('forms.published', { names: pages.join('、') }, 409);
    if (!(await this.repo.remove(auth.tenantId, id))) throw notFound('forms.notFound', { id });
  }

  async setEnabled(auth: AuthContext, id: string, value: number): Promise<void> {
    if (!(await this.repo.setEnabled(auth.tenantId, id, value === 1))) throw notFound('forms.notFound', { id });
  }

  async setDefault(auth: AuthContext, id: string, value: number): Promise<void> {
    if (!(await this.repo.setDefault(auth.tenantId, id, value === 1))) throw notFound('forms.notFound', { id });
  }
}
