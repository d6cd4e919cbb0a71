import type { ModuleSecurity } from '../../security/module-security.js';

/** B's folder, report (with its version 1), release and share link; every id route is attacked with them. */
export const security: ModuleSecurity = {
  fixtures: async (victim, mark) => {
    const folder = (await victim('POST', '/api/reports-file-info', { F_Name: `目录 ${mark}` })) as { F_Id: string };
    const report = (await victim('POST', '/api/report-info', {
      F_Name: `报表 ${mark}`,
      F_Code: `r${mark.replace(/[^A-Za-z0-9]/g, '')}`,
      F_FolderId: folder.F_Id,
    })) as {
      F_Id: string;
    };
    const saved = (await victim('POST', '/api/report-content', {
      F_ReportId: report.F_Id,
      F_Design: { sheet: { rows: 2, cols: 2, cells: [{ r: 0, c: 0, kind: 'text', text: mark }] } },
    })) as { F_Id: string };
    const release = (await victim('POST', '/api/reports-release', { F_ReportId: report.F_Id, F_Name: `发布 ${mark}` })) as { F_Id: string };
    const share = (await victim('POST', '/api/report-share', {
      F_ReportId: report.F_Id,
      F_ExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })) as { F_Id: string };
    return { folder: folder.F_Id, report: report.F_Id, content: saved.F_Id, release: release.F_Id, share: share.F_Id };
  },
  idor: {
    'PUT /api/reports-file-info/:id': (ids) => ({ url: `/api/reports-file-info/${ids.folder}`, body: { F_Name: 'ATTACKED' } }),
    'DELETE /api/reports-file-info/:id': (ids) => ({ url: `/api/reports-file-info/${ids.folder}` }),
    'GET /api/report-info/:id': (ids) => ({ url: `/api/report-info/${ids.report}` }),
    'PUT /api/report-info/:id': (ids) => ({ url: `/api/report-info/${ids.report}`, body: { F_Name: 'ATTACKED', F_Code: 'attacked' } }),
    'DELETE /api/report-info/:id': (ids) => ({ url: `/api/report-info/${ids.report}` }),
    'GET /api/report-content/:id': (ids) => ({ url: `/api/report-content/${ids.content}` }),
    'PUT /api/report-content/:id': (ids) => ({ url: `/api/report-content/${ids.content}`, body: {} }),
    'DELETE /api/report-content/:id': (ids) => ({ url: `/api/report-content/${ids.content}` }),
    'PUT /api/reports-release/:id': (ids) => ({ url: `/api/reports-release/${ids.release}`, body: { F_ReportId: ids.report, F_Name: 'ATTACKED' } }),
    'DELETE /api/reports-release/:id': (ids) => ({ url: `/api/reports-release/${ids.release}` }),
    'DELETE /api/report-share/:id': (ids) => ({ url: `/api/report-share/${ids.share}` }),
    'GET /api/report-view/:id/meta': (ids) => ({ url: `/api/report-view/${ids.report}/meta` }),
    'GET /api/report-view/release/:id/meta': (ids) => ({ url: `/api/report-view/release/${ids.release}/meta` }),
    'POST /api/report-view/:id/pages': (ids) => ({ url: `/api/report-view/${ids.report}/pages`, body: { params: {} } }),
    'POST /api/report-view/:id/export': (ids) => ({ url: `/api/report-view/${ids.report}/export`, body: { params: {}, format: 'xlsx' } }),
    'GET /api/report-frame/:id/meta': { exempt: 'public: the share token is the credential (a token of another report is refused; report.test.ts)' },
    'POST /api/report-frame/:id/unlock': { exempt: 'public: the share token is the credential (report.test.ts)' },
    'POST /api/report-frame/:id/pages': { exempt: 'public: the share token is the credential (report.test.ts)' },
    'POST /api/report-frame/:id/export': { exempt: 'public: the share token is the credential (report.test.ts)' },
  },
};
