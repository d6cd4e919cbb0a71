import type { Migration } from 'kysely';
import * as foundation from './20261123000000_foundation.js';
import * as foundationMenu from './20261123000100_foundation_menu.js';
import * as organisation from './20261123010000_organisation.js';
import * as areas from './20261123010100_areas.js';
import * as organisationMenu from './20261123010200_organisation_menu.js';
import * as organisationIndexes from './20261123012100_organisation_indexes.js';
import * as access from './20261123012000_access.js';
import * as oa from './20261123021000_oa.js';
import * as oaMenu from './20261123021100_oa_menu.js';
import * as dataPlatform from './20261123040000_data_platform.js';
import * as dataPlatformMenu from './20261123040100_data_platform_menu.js';
import * as files from './20261123030000_files.js';
import * as filesMenu from './20261123030100_files_menu.js';
import * as newsAttachments from './20261123040500_news_attachments.js';
import * as forms from './20261123050000_forms.js';
import * as formsMenu from './20261123050100_forms_menu.js';
import * as formRelations from './20261124120000_form_relations.js';
import * as formRelationsMenu from './20261124120100_form_relations_menu.js';
import * as workflow from './20261124150000_workflow.js';
import * as workflowMenu from './20261124150100_workflow_menu.js';
import * as workflowLaunchSigns from './20261124150400_workflow_launch_signs.js';
import * as system from './20261123020000_system.js';
import * as systemMenu from './20261123020100_system_menu.js';

import * as workflowMenuStampDelegate from './20261124170000_workflow_menu_stamp_delegate.js';
import * as workflowMenuScreens from './20261124190000_workflow_menu_screens.js';
import * as workflowScopes from './20261126180000_workflow_scopes.js';
import * as idempotencyKeys from './20261127090000_idempotency_keys.js';
import * as refreshReuse from './20261127100000_refresh_reuse.js';
import * as clues from './20261127130000_clues.js';
import * as departmentNature from './20261127130100_department_nature.js';
import * as dropAccountLockColumns from './20261127110000_drop_account_lock_columns.js';
import * as historyFieldChanges from './20261128090000_history_field_changes.js';
import * as schemePublishState from './20261128100000_scheme_publish_state.js';
import * as excelTemplates from './20261128110000_excel_templates.js';
import * as jobEngine from './20261128115000_job_engine.js';
import * as taskScheduling from './20261128120000_task_scheduling.js';
import * as reports from './20261207090000_reports.js';

/** Every migration, by its timestamped name. Append only; a landed migration is never edited. */
export const migrations: Record<string, Migration> = {
  '20261123000000_foundation': foundation,
  '20261123000100_foundation_menu': foundationMenu,
  '20261123010000_organisation': organisation,
  '20261123010100_areas': areas,
  '20261123010200_organisation_menu': organisationMenu,
  '20261123012000_access': access,
  '20261123012100_organisation_indexes': organisationIndexes,
  '20261123021000_oa': oa,
  '20261123021100_oa_menu': oaMenu,
  '20261123020000_system': system,
  '20261123020100_system_menu': systemMenu,
  '20261123030000_files': files,
  '20261123030100_files_menu': filesMenu,
  '20261123040000_data_platform': dataPlatform,
  '20261123040100_data_platform_menu': dataPlatformMenu,
  '20261123040500_news_attachments': newsAttachments,
  '20261123050000_forms': forms,
  '20261123050100_forms_menu': formsMenu,
  '20261124120000_form_relations': formRelations,
  '20261124120100_form_relations_menu': formRelationsMenu,
  '20261124150000_workflow': workflow,
  '20261124150100_workflow_menu': workflowMenu,
  '20261124150400_workflow_launch_signs': workflowLaunchSigns,
  '20261124170000_workflow_menu_stamp_delegate': workflowMenuStampDelegate,
  '20261124190000_workflow_menu_screens': workflowMenuScreens,
  '20261126180000_workflow_scopes': workflowScopes,
  '20261127090000_idempotency_keys': idempotencyKeys,
  '20261127100000_refresh_reuse': refreshReuse,
  '20261127110000_drop_account_lock_columns': dropAccountLockColumns,
  '20261127130000_clues': clues,
  '20261127130100_department_nature': departmentNature,
  '20261128090000_history_field_changes': historyFieldChanges,
  '20261128100000_scheme_publish_state': schemePublishState,
  '20261128110000_excel_templates': excelTemplates,
  '20261128115000_job_engine': jobEngine,
  '20261128120000_task_scheduling': taskScheduling,
  '20261207090000_reports': reports,
};
