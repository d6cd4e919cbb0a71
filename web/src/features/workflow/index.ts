import { Permission } from '@app/contracts';
import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';

/** Issue 11 (docs/workflow-design.md): workflow screens. Stamps and delegation first; the rest follows. */
export const workflowFeature: Feature = {
  name: 'workflow',
  routes: [
    { path: '/workflow/stamp/index', page: lazyPage(() => import('./StampPage')), titleKey: 'menu:workflowStamp', menuCode: 'workflow.stamp' },
    { path: '/workflow/delegate/index', page: lazyPage(() => import('./DelegatePage')), titleKey: 'menu:workflowDelegate', menuCode: 'workflow.delegate' },
  ],
  menuKeys: ['workflow.stamp', 'workflow.delegate'],
  permissions: [
    Permission.stampList,
    Permission.stampAdd,
    Permission.stampEdit,
    Permission.stampDelete,
    Permission.stampEnable,
    Permission.stampMember,
    Permission.workflowDelegateList,
    Permission.workflowDelegateAdd,
    Permission.workflowDelegateEdit,
    Permission.workflowDelegateDelete,
  ],
};
