import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';
import { formPermissions } from './permissions';

/** Form engine (docs/forms-design.md): form scheme list, designer and the fill-in page. */
export const formsFeature: Feature = {
  name: 'forms',
  routes: [
    {
      path: '/quick-development/form-design/index',
      page: lazyWithTexts(() => import('./FormSchemePage'), ['files', 'formFields', 'formParser', 'formRenderer', 'forms', 'oa', 'pickers']),
      titleKey: 'menu:formDesign',
      menuCode: 'forms.scheme',
    },
    {
      path: '/quick-development/form-design/designer',
      page: lazyWithTexts(() => import('./designer/FormDesignerPage'), ['files', 'formDesigner', 'formFields', 'formRenderer', 'layout', 'pickers']),
      titleKey: 'menu:formDesigner',
      menuCode: 'forms.scheme',
    },
    {
      path: '/quick-development/form-design/fill',
      page: lazyWithTexts(() => import('./FormFillPage'), ['files', 'formFields', 'formParser', 'formRenderer', 'forms', 'oa', 'pickers']),
      titleKey: 'menu:formFill',
      menuCode: 'forms.scheme',
    },
  ],
  menuKeys: ['forms.scheme'],
  permissions: Object.values(formPermissions),
};
