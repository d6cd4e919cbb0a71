import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';
import { formPermissions } from './permissions';

/** Form engine (docs/forms-design.md): form scheme list, designer and the fill-in page. */
export const formsFeature: Feature = {
  name: 'forms',
  routes: [
    { path: '/quick-development/form-design/index', page: lazyPage(() => import('./FormSchemePage')), titleKey: 'menu:formDesign', menuCode: 'forms.scheme' },
    { path: '/quick-development/form-design/designer', page: lazyPage(() => import('./designer/FormDesignerPage')), titleKey: 'menu:formDesigner', menuCode: 'forms.scheme' },
    { path: '/quick-development/form-design/fill', page: lazyPage(() => import('./FormFillPage')), titleKey: 'menu:formFill', menuCode: 'forms.scheme' },
  ],
  menuKeys: ['forms.scheme'],
  permissions: Object.values(formPermissions),
};
