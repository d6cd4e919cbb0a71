import { formRelationPermissions } from '@app/contracts';
import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';

/** Form publishing (docs/form-publishing-design.md): form relations (publishing) and data relations (cascades). */
export const formRelationFeature: Feature = {
  name: 'formRelation',
  routes: [
    {
      path: '/quick-development/form-relation/index',
      page: lazyWithTexts(() => import('./FormRelationPage'), ['formRelation']),
      titleKey: 'menu:formRelation',
      menuCode: 'forms.relation',
    },
    {
      path: '/quick-development/data-relation/index',
      page: lazyWithTexts(() => import('./DataRelationPage'), ['formRelation']),
      titleKey: 'menu:dataRelation',
      menuCode: 'forms.dataRelation',
    },
  ],
  menuKeys: ['forms.relation', 'forms.dataRelation'],
  permissions: [
    formRelationPermissions.formRelationList,
    formRelationPermissions.formRelationAdd,
    formRelationPermissions.formRelationEdit,
    formRelationPermissions.formRelationDelete,
    formRelationPermissions.dataRelationList,
    formRelationPermissions.dataRelationEdit,
    formRelationPermissions.dataRelationDelete,
  ],
  locales: import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' }),
};
