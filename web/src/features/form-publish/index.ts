import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';

/**
 * Every published form page (menu entries `forms.app.<relationId>`, url `/form-publish/<relationId>`).
 * The page checks its own menu entry and buttons through GET /form-relation/{id}/page-info.
 */
export const formPublishFeature: Feature = {
  name: 'formPublish',
  routes: [
    {
      path: '/form-publish/*',
      page: lazyWithTexts(() => import('./PublishedListPage'), ['files', 'formFields', 'formPrint', 'formPublish', 'formRenderer', 'pickers']),
      titleKey: 'menu:formApps',
    },
  ],
  menuKeys: [],
  permissions: [],
  locales: import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' }),
};
