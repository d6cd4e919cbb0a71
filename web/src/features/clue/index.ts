import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';
import { cluePermissions } from './permissions';

/** Leads left on the sign-in page ("leave your contact": ClueLink there) and the administrators' list of them. */
export const clueFeature: Feature = {
  name: 'clue',
  routes: [{ path: '/system/clue/index', page: lazyWithTexts(() => import('./CluePage'), ['system']), titleKey: 'menu:clue', menuCode: 'system.clue' }],
  menuKeys: ['system.clue'],
  permissions: Object.values(cluePermissions),
  menuTexts: import.meta.glob<Record<string, unknown>>('./locales/*/menu.json', { eager: true, import: 'default' }),
};
