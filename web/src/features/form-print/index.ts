import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';
import { loadScreenTexts } from '../../lib/i18n';

/** The print view (bare page), /form-detail/index, /parser and system-form routes (`/system-form/<address>Form`). */
export const formPrintFeature: Feature = {
  name: 'formPrint',
  routes: [
    // Outside the shell: the print view and its PDF show the form only; its texts are fetched with its code, so the
    // PDF renderer never catches the page waiting for them.
    {
      path: '/form-print/index',
      page: lazyPage(async () => {
        const [m] = await Promise.all([import('./PrintPage'), loadScreenTexts()]);
        return m;
      }),
      titleKey: 'menu:formPrint',
      shell: false,
      isTab: false,
    },
    { path: '/form-detail/index', page: lazyPage(() => import('./FormDetailPage')), titleKey: 'menu:formDetail' },
    { path: '/parser', page: lazyPage(() => import('./ParserPage')), titleKey: 'menu:formParser' },
    { path: '/system-form/*', page: lazyPage(() => import('./SystemFormPage')), titleKey: 'menu:systemForm' },
  ],
  menuKeys: [],
  permissions: [],
};
