import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';

export const authFeature: Feature = {
  name: 'auth',
  routes: [{ path: '/login', page: lazyWithTexts(() => import('./LoginPage')), titleKey: 'login:title', shell: false, public: true }],
  menuKeys: [],
  permissions: [],
};
