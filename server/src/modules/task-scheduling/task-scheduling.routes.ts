import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyData,
  envelope,
  pageResult,
  taskLogIdParams,
  taskLogQuery,
  taskLogRow,
  taskRunStarted,
  taskSchedulePreview,
  taskSchedulePreviewBody,
  taskSchedulingBody,
  taskSchedulingDetail,
  taskSchedulingIdParams,
  taskSchedulingPermissions as P,
  taskSchedulingQuery,
  taskSchedulingRow,
  taskSchedulingSaved,
  taskTypeInfo,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import { langOf } from '../../core/i18n/index.js';
import type { ImportTemplateUpdate, TaskSchedulingService } from './task-scheduling.service.js';

/** GET/POST /task-scheduling, GET/PUT/DELETE /task-scheduling/{id}, PATCH start/stop, run now, preview; the run log. */
export function taskSchedulingRoutes(app: FastifyInstance, service: TaskSchedulingService, importTemplates: ImportTemplateUpdate): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Scheduled tasks'];

  r.get('/task-scheduling', {
    config: { permission: P.list },
    schema: {
      tags,
      summary: 'Scheduled tasks: keyword, state (1 started, 0 stopped), type',
      querystring: taskSchedulingQuery,
      response: { 200: envelope(pageResult(taskSchedulingRow)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/task-scheduling/types', {
    config: { permission: P.list },
    schema: { tags, summary: 'The task types this server runs', response: { 200: envelope(z.array(taskTypeInfo)) } },
    handler: async (request) => ok(request, service.types(), 'common.fetched'),
  });

  r.post('/task-scheduling/preview', {
    config: { permission: P.list },
    schema: {
      tags,
      summary: 'The next five run times of a schedule, or why it is refused',
      body: taskSchedulePreviewBody,
      response: { 200: envelope(taskSchedulePreview) },
    },
    handler: async (request) => ok(request, service.preview(request.body), 'common.fetched'),
  });

  r.post('/task-scheduling', {
    config: { permission: P.add },
    schema: { tags, summary: 'Add a scheduled task', body: taskSchedulingBody, response: { 200: envelope(taskSchedulingSaved) } },
    handler: async (request) => ok(request, { F_Id: await service.add(authOf(request), request.body) }, 'common.added'),
  });

  r.get('/task-scheduling/:id', {
    config: { permission: P.list },
    schema: { tags, summary: 'One scheduled task with its settings', params: taskSchedulingIdParams, response: { 200: envelope(taskSchedulingDetail) } },
    handler: async (request) => ok(request, await service.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  // The spec's client also sends import-template updates here: the service decides by the id (docs/jobs-design.md).
  r.put('/task-scheduling/:id', {
    schema: {
      tags,
      summary: 'Update a scheduled task (body TaskSchedulingBody), or an import template when the id is one (body ExcelImportBody)',
      params: taskSchedulingIdParams,
      body: z.record(z.string(), z.unknown()),
      response: { 200: envelope(taskSchedulingSaved) },
    },
    handler: async (request) => {
      await service.updateTaskOrImportTemplate(authOf(request), request.params.id, request.body, importTemplates);
      return ok(request, { F_Id: request.params.id }, 'common.updated');
    },
  });

  r.delete('/task-scheduling/:id', {
    config: { permission: P.delete },
    schema: { tags, summary: 'Delete a scheduled task (its log stays)', params: taskSchedulingIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.patch('/task-scheduling/:id/start', {
    config: { permission: P.toggle },
    schema: { tags, summary: 'Start: runs on schedule from now on', params: taskSchedulingIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.start(authOf(request), request.params.id);
      return ok(request, null, 'task.started');
    },
  });

  r.patch('/task-scheduling/:id/stop', {
    config: { permission: P.toggle },
    schema: { tags, summary: 'Stop: no further runs', params: taskSchedulingIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.stop(authOf(request), request.params.id);
      return ok(request, null, 'task.stopped');
    },
  });

  r.post('/task-scheduling/:id/run', {
    config: { permission: P.run },
    schema: { tags, summary: 'Run once now, outside the schedule', params: taskSchedulingIdParams, response: { 200: envelope(taskRunStarted) } },
    handler: async (request) => ok(request, { logId: await service.runNow(authOf(request), request.params.id) }, 'task.runQueued'),
  });

  r.get('/task-scheduling-log', {
    config: { permission: P.logList },
    schema: { tags, summary: 'Runs, newest first: task, state, time range', querystring: taskLogQuery, response: { 200: envelope(pageResult(taskLogRow)) } },
    handler: async (request) => ok(request, await service.logPage(authOf(request), langOf(request), request.query), 'common.fetched'),
  });

  r.delete('/task-scheduling-log/:id', {
    config: { permission: P.logDelete },
    schema: { tags, summary: 'Delete a log row', params: taskLogIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.removeLog(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
