import { Permission } from '@app/contracts';
import { lazyPage } from '../../app/lazy';
import type { Feature } from '../../app/feature';

/**
 * The workflow screens (docs/workflow-screens.md). The approval screen and the progress viewer are not
 * routes: `openApproval` / `openProgress` (overlays.tsx) open them over any page.
 */
export const workflowFeature: Feature = {
  name: 'workflow',
  routes: [
    { path: '/workflow/launch/index', page: lazyPage(() => import('./tasks/LaunchPage')), titleKey: 'menu:workflowLaunch', menuCode: 'workflow.launch' },
    { path: '/workflow/process/index', page: lazyPage(() => import('./tasks/TaskCentrePage')), titleKey: 'menu:workflowProcess', menuCode: 'workflow.process' },
    { path: '/workflow/scheme/index', page: lazyPage(() => import('./scheme/SchemePage')), titleKey: 'menu:workflowScheme', menuCode: 'workflow.scheme' },
    { path: '/workflow/scheme/design/*', page: lazyPage(() => import('./designer/DesignerPage')), titleKey: 'menu:workflowDesigner', menuCode: 'workflow.scheme' },
    { path: '/workflow/relation/index', page: lazyPage(() => import('./scheme/RelationPage')), titleKey: 'menu:workflowRelation', menuCode: 'workflow.relation' },
    { path: '/workflow/monitor/index', page: lazyPage(() => import('./monitor/MonitorPage')), titleKey: 'menu:workflowMonitor', menuCode: 'workflow.monitor' },
    { path: '/workflow/stamp/index', page: lazyPage(() => import('./StampPage')), titleKey: 'menu:workflowStamp', menuCode: 'workflow.stamp' },
    { path: '/workflow/delegate/index', page: lazyPage(() => import('./DelegatePage')), titleKey: 'menu:workflowDelegate', menuCode: 'workflow.delegate' },
  ],
  menuKeys: ['workflow.launch', 'workflow.process', 'workflow.scheme', 'workflow.relation', 'workflow.monitor', 'workflow.stamp', 'workflow.delegate'],
  permissions: [
    Permission.workflowSchemeList,
    Permission.workflowSchemeAdd,
    Permission.workflowSchemeEdit,
    Permission.workflowSchemeDelete,
    Permission.workflowSchemeEnable,
    Permission.workflowSchemeVersion,
    Permission.workflowRelationList,
    Permission.workflowRelationAdd,
    Permission.workflowRelationEdit,
    Permission.workflowRelationDelete,
    Permission.workflowMonitorList,
    Permission.workflowMonitorSuspend,
    Permission.workflowMonitorAssign,
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
