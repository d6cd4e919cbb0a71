import { excelExportPermissions, excelImportPermissions } from '@app/contracts';
import { defineModule } from '../../core/module.js';
import { FormSchemeService } from '../form-scheme/form-scheme.service.js';
import { PublishedListService } from '../form-relation/published-list.service.js';
import { RelationAccess } from '../form-relation/relation-access.js';
import { ExcelExportService } from './excel-export.service.js';
import { ExcelImportService } from './excel-import.service.js';
import { excelTemplateRoutes } from './excel-template.routes.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';
export { ExcelImportService } from './excel-import.service.js';
export { ExcelExportService } from './excel-export.service.js';

/** Excel import and export templates (docs/excel-templates.md). */
export default defineModule({
  name: 'excel-template',
  messages,
  permissions: [...Object.values(excelImportPermissions), ...Object.values(excelExportPermissions)],
  routes: async (app, deps) => {
    // Templates never save form schemes, so no address is ever checked here.
    const schemes = new FormSchemeService(deps, () => false);
    const access = new RelationAccess(deps, schemes);
    const imports = new ExcelImportService(deps, access);
    const exports = new ExcelExportService(deps, access, new PublishedListService(deps, access));
    app.addHook('onClose', () => imports.idle());
    excelTemplateRoutes(app, deps, imports, exports);
  },
});
