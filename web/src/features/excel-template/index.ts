import { lazyWithTexts } from '../../lib/lazy';
import { registerListToolbarExtra } from '../../components/list-toolbar-extras';
import type { Feature } from '../../app/feature';
import { excelExportPermissions, excelImportPermissions } from './permissions';

// Every list screen shows the 导入 / 导出 buttons of its menu entry's enabled templates (docs/excel-templates.md).
registerListToolbarExtra(lazyWithTexts(() => import('./ScreenTemplateButtons'), ['excelTemplate']));

/** Excel import and export templates (系统管理 › 导入模板 / 导出模板) and their buttons on the bound screens. */
export const excelTemplateFeature: Feature = {
  name: 'excelTemplate',
  routes: [
    {
      path: '/system/excel-import/index',
      page: lazyWithTexts(() => import('./ImportTemplatesPage'), ['excelTemplate']),
      titleKey: 'menu:excelImport',
      menuCode: 'system.excelImport',
    },
    {
      path: '/system/excel-export/index',
      page: lazyWithTexts(() => import('./ExportTemplatesPage'), ['excelTemplate']),
      titleKey: 'menu:excelExport',
      menuCode: 'system.excelExport',
    },
  ],
  menuKeys: ['system.excelImport', 'system.excelExport'],
  permissions: [...Object.values(excelImportPermissions), ...Object.values(excelExportPermissions)],
  locales: import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/*/menu.json'], { import: 'default' }),
  menuTexts: import.meta.glob<Record<string, unknown>>('./locales/*/menu.json', { eager: true, import: 'default' }),
};
