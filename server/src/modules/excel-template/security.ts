import { DEFAULT_LINK_ID } from '@app/contracts';
import type { ModuleSecurity } from '../../security/module-security.js';

/**
 * Tenant B's import and export templates (bound to B's released table victim_orders, made by the two-tenant
 * fixture), attacked by the default tenant's administrator on every route with a path parameter.
 */
const target = { F_ModuleId: 'system-excel-import', F_TargetKind: 'table', F_DbId: DEFAULT_LINK_ID, F_TableName: 'victim_orders' };

export const security: ModuleSecurity = {
  fixtures: async (victim, mark) => {
    const imported = (await victim('POST', '/api/excel-import', { ...target, F_Name: `${mark} 导入`, F_Columns: [{ header: '标题', field: 'F_Title' }] })) as {
      F_Id: string;
    };
    const exported = (await victim('POST', '/api/excel-export', { ...target, F_Name: `${mark} 导出`, F_Columns: [{ header: '标题', field: 'F_Title' }] })) as {
      F_Id: string;
    };
    return { excelImport: imported.F_Id, excelExport: exported.F_Id };
  },
  idor: {
    'GET /api/excel-import/:id': (ids) => ({ url: `/api/excel-import/${ids.excelImport}` }),
    'PUT /api/excel-import/:id': (ids) => ({
      url: `/api/excel-import/${ids.excelImport}`,
      body: { ...target, F_Name: 'attacked', F_Columns: [{ header: '标题', field: 'F_Title' }] },
    }),
    'DELETE /api/excel-import/:id': (ids) => ({ url: `/api/excel-import/${ids.excelImport}` }),
    'PATCH /api/excel-import/start/:id': (ids) => ({ url: `/api/excel-import/start/${ids.excelImport}` }),
    'PATCH /api/excel-import/stop/:id': (ids) => ({ url: `/api/excel-import/stop/${ids.excelImport}` }),
    'GET /api/excel-import/download/:a/:b': (ids) => ({ url: `/api/excel-import/download/system-excel-import/${ids.excelImport}` }),
    'GET /api/excel-import/module/:moduleId': () => ({ url: '/api/excel-import/module/system-excel-import', ownTenant: true }),
    'GET /api/excel-import/:id/runs/:runId': {
      exempt:
        "a run is made by an upload (multipart), which fixtures cannot send; it is read by tenant, template and the caller's own user id (excel-template.test.ts: another user's run is 404)",
    },
    'GET /api/excel-import/:id/runs/:runId/errors': { exempt: 'as the run above: tenant, template and own user id' },
    'POST /api/excel-import/:id/import': (ids) => ({ url: `/api/excel-import/${ids.excelImport}/import`, upload: true }),
    'GET /api/excel-export/progress/:progressId': () => ({ url: '/api/excel-export/progress/attack-progress', empty: true }),
    'GET /api/excel-export/:id': (ids) => ({ url: `/api/excel-export/${ids.excelExport}` }),
    'PUT /api/excel-export/:id': (ids) => ({
      url: `/api/excel-export/${ids.excelExport}`,
      body: { ...target, F_Name: 'attacked', F_Columns: [{ header: '标题', field: 'F_Title' }] },
    }),
    'DELETE /api/excel-export/:id': (ids) => ({ url: `/api/excel-export/${ids.excelExport}` }),
    'PATCH /api/excel-export/start/:id': (ids) => ({ url: `/api/excel-export/start/${ids.excelExport}` }),
    'PATCH /api/excel-export/stop/:id': (ids) => ({ url: `/api/excel-export/stop/${ids.excelExport}` }),
    'GET /api/excel-export/:id/file': (ids) => ({ url: `/api/excel-export/${ids.excelExport}/file` }),
  },
};
