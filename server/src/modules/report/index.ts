import type { FastifyInstance } from 'fastify';
import { reportPermissions } from '@app/contracts';
import type { AppDeps } from '../../core/deps.js';
import { defineModule } from '../../core/module.js';
import { pdfRendererOf } from '../form-print/index.js';
import { ownAddress } from '../form-print/form-print.routes.js';
import { reportDeliveryTaskType } from './delivery-task.js';
import { ReportExportService } from './export.service.js';
import { messages } from './messages.js';
import { ReportReleaseService } from './release.service.js';
import { reportRoutes } from './report.routes.js';
import { ReportService } from './report.service.js';
import { ReportShareService } from './share.service.js';
import { reportViewRoutes } from './view.routes.js';
import { ReportViewService } from './view.service.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** The app the module's routes were registered on (PDFs need its Chromium and its own address). */
const apps = new WeakMap<AppDeps, FastifyInstance>();
const built = new WeakMap<AppDeps, { views: ReportViewService; exports: ReportExportService }>();

/** The viewing and export services of one app, made once (routes and scheduled deliveries share the expansion cache). */
function servicesOf(deps: AppDeps) {
  let services = built.get(deps);
  if (!services) {
    const views = new ReportViewService(deps);
    const exports = new ReportExportService(
      deps,
      views,
      () => pdfRendererOf(apps.get(deps)!, deps),
      () => {
        const app = apps.get(deps);
        return app ? ownAddress(app) : null;
      },
    );
    services = { views, exports };
    built.set(deps, services);
  }
  return services;
}

/** Reports: design, manage, release, view, share, export and scheduled delivery (docs/reports-design.md). */
export default defineModule({
  name: 'report',
  messages,
  permissions: Object.values(reportPermissions),
  taskTypes: (deps) => {
    const { views, exports } = servicesOf(deps);
    return [reportDeliveryTaskType(deps, views, exports)];
  },
  routes: async (app, deps) => {
    apps.set(deps, app);
    // Made (not launched) while hooks can still be added: its browser closes with the app.
    pdfRendererOf(app, deps);
    const { views, exports } = servicesOf(deps);
    reportRoutes(app, deps, new ReportService(deps), new ReportReleaseService(deps), views);
    reportViewRoutes(app, deps, views, exports, new ReportShareService(deps));
  },
});
