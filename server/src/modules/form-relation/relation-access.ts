import { formRelationSetting, type ListButton } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { forbidden, notFound } from '../../core/errors.js';
import type { FormSchemeService, LoadedForm } from '../form-scheme/form-scheme.service.js';
import { FormRelationRepository, moduleCodeOf, type RelationRecord } from './form-relation.repository.js';

export interface OpenedRelation {
  relation: RelationRecord;
  /** The module code: buttons `<moduleCode>.<button>`, columns `<moduleCode>.<field>`. */
  moduleCode: string;
  /** The form's current version. */
  loaded: LoadedForm;
}

/**
 * The one access check of a published page (docs/form-publishing-design.md "Permissions"): the relation of the
 * caller's tenant, enabled, its menu entry granted to the caller; a button also configured on the page and granted
 * (`<moduleCode>.<button>`). Anything else answers like a missing relation (404) or a missing button (403).
 */
export class RelationAccess {
  readonly repo: FormRelationRepository;

  constructor(
    private readonly deps: AppDeps,
    private readonly schemes: FormSchemeService,
  ) {
    this.repo = new FormRelationRepository(deps.db);
  }

  async open(auth: AuthContext, id: string, button: ListButton | null): Promise<OpenedRelation> {
    const relation = await this.repo.find(auth.tenantId, id);
    if (!relation || !relation.enabled) throw notFound('formRelation.notFound', { id });
    const grants = await this.deps.grants.of(auth.tenantId, auth.userId);
    if (!grants.moduleIds.has(relation.moduleId)) throw notFound('formRelation.notFound', { id });
    const moduleCode = moduleCodeOf(relation.id);
    if (button) {
      const permission = `${moduleCode}.${button}`;
      if (!relation.setting.buttons.includes(button) || !grants.permissions.has(permission)) throw forbidden(permission);
    }
    // Settings stored by an older shape get today's defaults.
    const setting = formRelationSetting.parse(relation.setting);
    return { relation: { ...relation, setting }, moduleCode, loaded: await this.schemes.forUse(auth, relation.formId) };
  }

  /** The page's configured buttons the caller may use. */
  async allowedButtons(auth: AuthContext, opened: OpenedRelation): Promise<ListButton[]> {
    const grants = await this.deps.grants.of(auth.tenantId, auth.userId);
    return opened.relation.setting.buttons.filter((b) => grants.permissions.has(`${opened.moduleCode}.${b}`));
  }

  /** Fields of the page's columns the caller may not see (column permissions). */
  hiddenFields(auth: AuthContext, opened: OpenedRelation): Promise<string[]> {
    return this.deps.columns.hidden(auth, opened.moduleCode);
  }
}
