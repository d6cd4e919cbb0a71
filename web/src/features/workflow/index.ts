import { stampPermissions, workflowMonitorPermissions, workflowSchemePermissions } from '@app/contracts';
import { lazyWithTexts } from '../../lib/lazy';
import type { Feature } from '../../app/feature';

/**
 * The workflow screens (docs/workflow-screens.md). The approval screen and the progress viewer are not
 * routes: `openApproval` / `openProgress` (overlays.tsx) open them over any page.
 */
export const workflowFeature: Feature = {
  name: 'workflow',
  routes: [
    {
      path: '/workflow/launch/index',
      page: lazyWithTexts(
        () => import('./tasks/LaunchPage'),
        ['files', 'formFields', 'formParser', 'formRenderer', 'oa', 'pickers', 'wfApproval', 'wfShared', 'wfTask'],
      ),
      titleKey: 'menu:workflowLaunch',
      menuCode: 'workflow.launch',
    },
    {
      path: '/workflow/process/index',
      page: lazyWithTexts(
        () => import('./tasks/TaskCentrePage'),
        ['files', 'formFields', 'formParser', 'formRenderer', 'oa', 'pickers', 'wfApproval', 'wfShared', 'wfTask'],
      ),
      titleKey: 'menu:workflowProcess',
      menuCode: 'workflow.process',
    },
    {
      path: '/workflow/scheme/index',
      page: lazyWithTexts(() => import('./scheme/SchemePage'), ['layout', 'pickers', 'wfDesigner', 'wfScheme']),
      titleKey: 'menu:workflowScheme',
      menuCode: 'workflow.scheme',
    },
    {
      path: '/workflow/scheme/design/*',
      page: lazyWithTexts(() => import('./designer/DesignerPage'), ['layout', 'pickers', 'wfDesigner']),
      titleKey: 'menu:workflowDesigner',
      menuCode: 'workflow.scheme',
    },
    {
      path: '/workflow/scheme/simple/*',
      page: lazyWithTexts(() => import('./simple/SimpleDesignerPage'), ['layout', 'pickers', 'wfDesigner', 'wfSimple']),
      titleKey: 'menu:workflowSimpleDesigner',
      menuCode: 'workflow.scheme',
    },
    {
      path: '/workflow/relation/index',
      page: lazyWithTexts(() => import('./scheme/RelationPage'), ['wfScheme']),
      titleKey: 'menu:workflowRelation',
      menuCode: 'workflow.relation',
    },
    {
      path: '/workflow/monitor/index',
      page: lazyWithTexts(() => import('./monitor/MonitorPage'), ['pickers', 'wfMonitor']),
      titleKey: 'menu:workflowMonitor',
      menuCode: 'workflow.monitor',
    },
    {
      path: '/workflow/stamp/index',
      page: lazyWithTexts(() => import('./StampPage'), ['files', 'pickers', 'stamp']),
      titleKey: 'menu:workflowStamp',
      menuCode: 'workflow.stamp',
    },
    {
      path: '/workflow/delegate/index',
      page: lazyWithTexts(() => import('./DelegatePage'), ['delegate', 'pickers']),
      titleKey: 'menu:workflowDelegate',
      menuCode: 'workflow.delegate',
    },
  ],
  menuKeys: ['workflow.launch', 'workflow.process', 'workflow.scheme', 'workflow.relation', 'workflow.monitor', 'workflow.stamp', 'workflow.delegate'],
  permissions: [...Object.values(workflowSchemePermissions), ...Object.values(workflowMonitorPermissions), ...Object.values(stampPermissions)],
  locales: import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' }),
};
