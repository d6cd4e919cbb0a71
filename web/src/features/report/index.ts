import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';
import { reportPermissions } from './permissions';
import { DESIGNER_ROUTE, DESIGN_PATH, FRAME_ROUTE, MANAGE_PATH, PRINT_ROUTE, RELEASE_PATH, VIEW_ROUTE } from './paths';

/**
 * Reports (报表, docs/reports-design.md): 报表设计 (the designer, web/src/features/report/designer), 报表管理 (folders,
 * reports, share links), 报表发布 (menu entries), the released pages (`/report/view/<releaseId>`), the report frame
 * (the design preview signed in; a share link's page without sign-in) and the print view the server's PDF is taken from.
 */
export const reportFeature: Feature = {
  name: 'report',
  routes: [
    {
      path: DESIGN_PATH,
      page: lazyWithTexts(() => import('./designer/DesignListPage'), ['layout', 'report', 'reportDesigner']),
      titleKey: 'menu:reportDesign',
      menuCode: 'report.design',
    },
    {
      path: DESIGNER_ROUTE,
      page: lazyWithTexts(() => import('./DesignerRoute'), ['layout', 'report', 'reportDesigner']),
      titleKey: 'menu:reportDesigner',
      menuCode: 'report.design',
    },
    {
      path: MANAGE_PATH,
      page: lazyWithTexts(() => import('./manage/ManagePage'), ['pickers', 'report']),
      titleKey: 'menu:reportManage',
      menuCode: 'report.manage',
    },
    {
      path: RELEASE_PATH,
      page: lazyWithTexts(() => import('./release/ReleasePage'), ['report']),
      titleKey: 'menu:reportRelease',
      menuCode: 'report.release',
    },
    // Each release is a menu entry of its own; the page asks the server whether the caller may view it.
    { path: VIEW_ROUTE, page: lazyWithTexts(() => import('./view/ReleasedPage'), ['report']), titleKey: 'menu:reportView' },
    // In the shell (a tab) when signed in; with a share link's token also signed out, bare (guard-rules.ts).
    { path: FRAME_ROUTE, page: lazyWithTexts(() => import('./view/FramePage'), ['report']), titleKey: 'menu:reportFrame', public: true },
    // Outside the shell: the pages only, for the server's PDF (headless Chromium).
    {
      path: PRINT_ROUTE,
      page: lazyWithTexts(() => import('./view/PrintPage'), ['report']),
      titleKey: 'menu:reportPrint',
      shell: false,
      isTab: false,
      public: true,
    },
  ],
  menuKeys: ['report.design', 'report.manage', 'report.release'],
  permissions: Object.values(reportPermissions),
  locales: import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/*/menu.json'], { import: 'default' }),
  menuTexts: import.meta.glob<Record<string, unknown>>('./locales/*/menu.json', { eager: true, import: 'default' }),
};
