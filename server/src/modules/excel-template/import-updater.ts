import { excelImportBody, type ExcelImportBody } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { FormSchemeService } from '../form-scheme/form-scheme.service.js';
import { RelationAccess } from '../form-relation/relation-access.js';
import { ExcelImportService } from './excel-import.service.js';

/**
 * The import-template update for callers outside this module: the spec's client sends it to
 * PUT /task-scheduling/{id}, which forwards a template's id here (docs/excel-templates.md, docs/jobs-design.md).
 * The template is looked up first (an unknown id is 404 whatever the body), then the body is checked as
 * PUT /excel-import/{id} checks it.
 */
export function importTemplateUpdater(
  deps: AppDeps,
): (auth: AuthContext, id: string, body: unknown, parse: (schema: typeof excelImportBody, body: unknown) => ExcelImportBody) => Promise<void> {
  const imports = new ExcelImportService(deps, new RelationAccess(deps, new FormSchemeService(deps, () => false)));
  return async (auth, id, body, parse) => {
    await imports.detail(auth, id);
    await imports.update(auth, id, parse(excelImportBody, body));
  };
}
