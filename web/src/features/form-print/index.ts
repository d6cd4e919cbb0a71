import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';

/** The print view (bare page), /form-detail/index, /parser and system-form routes (`/system-form/<address>Form`). */
export const formPrintFeature: Feature = {
  name: 'formPrint',
  routes: [
    // Outside the shell: the print view and its PDF show the form only.
    {
      path: '/form-print/index',
      page: lazyWithTexts(() => import('./PrintPage'), ['files', 'formFields', 'formPrint', 'formRenderer', 'pickers']),
      titleKey: 'menu:formPrint',
      shell: false,
      isTab: false,
    },
    {
      path: '/form-detail/index',
      page: lazyWithTexts(() => import('./FormDetailPage'), ['files', 'formFields', 'formParser', 'formPrint', 'formRenderer', 'pickers']),
      titleKey: 'menu:formDetail',
    },
    {
      path: '/parser',
      page: lazyWithTexts(() => import('./ParserPage'), ['files', 'formFields', 'formParser', 'formRenderer', 'forms', 'oa', 'pickers']),
      titleKey: 'menu:formParser',
    },
    {
      path: '/system-form/*',
      page: lazyWithTexts(() => import('./SystemFormPage'), ['files', 'formFields', 'formParser', 'formRenderer', 'forms', 'oa', 'pickers']),
      titleKey: 'menu:systemForm',
    },
  ],
  menuKeys: [],
  permissions: [],
  locales: import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' }),
};
