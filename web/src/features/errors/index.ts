import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';

const ErrorPage = lazyWithTexts(() => import('./ErrorPage'));

export const errorsFeature: Feature = {
  name: 'errors',
  routes: ['404', '403', '500'].map((code) => ({ path: `/${code}`, page: ErrorPage, titleKey: `errors:page${code}`, shell: false, public: true })),
  menuKeys: [],
  permissions: [],
};
