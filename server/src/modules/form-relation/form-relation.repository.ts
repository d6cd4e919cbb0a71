import type { Kysely } from 'kysely';
import type { FormRelationSetting } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';

/** A stored form relation as the services use it. */
export interface RelationRecord {
  id: string;
  tenantId: string;
  name: string;
  formId: string;
  moduleId: string;
  parentModuleId: string;
  enabled: boolean;
  setting: FormRelationSetting;
}

/** The module code of a published page: its buttons are `<code>.<button>`, its columns `<code>.<field>`. */
export const moduleCodeOf = (relationId: string) => `forms.app.${relationId}`;
/** The menu entry (modules.id) of a published page. */
export const moduleIdOf = (relationId: string) => `form-app-${relationId}`;

/** The only Kysely code of form relations and data relations. Issue 9 helpers extend this class. */
export class FormRelationRepository {
  constructor(readonly db: Kysely<Database>) {}

  async find(tenantId: string, id: string): Promise<RelationRecord | undefined> {
    const row = await this.db
      .selectFrom('form_relations')
      .select(['id', 'tenant_id', 'name', 'form_id', 'module_id', 'parent_module_id', 'enabled', 'setting'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      name: row.name,
      formId: row.form_id,
      moduleId: row.module_id,
      parentModuleId: row.parent_module_id,
      enabled: row.enabled,
      setting: row.setting,
    };
  }
}
