import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ActionResult,
  actionResult,
  assignBody,
  changeCandidateQuery,
  circulationRow,
  createProcessBody,
  createProcessFormQuery,
  workflowDraftBody,
  workflowDraftRow,
  emptyData,
  envelope,
  historyTaskRow,
  idParams,
  instanceRow,
  manualInfo,
  nodeInfoAnswer,
  nodeInfoQuery,
  pageResult,
  processInstanceQuery,
  publicLaunchBody,
  relationTaskRow,
  signatureBody,
  signedAddress,
  taskAttachment,
  taskFormAnswer,
  taskFormQuery,
  taskHandleBody,
  taskIdQuery,
  taskInfoAnswer,
  taskInfoQuery,
  timelineRecord,
  transferBody,
  upcomingTaskRow,
  validSignation,
  validateSignationBody,
  workflowCounts,
  workflowMonitorPageQuery,
  workflowTaskPageQuery,
  workflowMonitorPermissions,
} from '@app/contracts';
import { authOf } from '../../core/auth/plugin.js';
import { ok } from '../../core/envelope.js';
import { AppError } from '../../core/errors.js';
import { langOf } from '../../core/i18n/index.js';
import { idempotencyKeyOf } from '../../core/idempotency.js';
import { renderDiagramSvg, diagramHeaders } from './engine-port.js';
import type { WorkflowTaskService } from './workflow-task.service.js';
import type { AppMetrics, WorkflowAction } from '../../core/metrics.js';
import { isReplayedAnswer } from '../../core/idempotency.js';

const processBody = z.object({ processInstanceId: z.string().trim().min(1).max(64) });
const candidateUser = z.object({
  taskId: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  F_UserId: z.string(),
  F_RealName: z.string(),
  F_Account: z.string(),
  departmentName: z.string(),
});
const signerRow = z.object({ taskId: z.string(), F_UserId: z.string(), F_RealName: z.string(), F_Account: z.string() });
const taskIdParams = z.object({ id: z.string().trim().min(1).max(64) });
const relationInfo = z.object({
  processInstanceId: z.string(),
  processName: z.string(),
  F_SchemeId: z.string(),
  schemeName: z.string(),
  state: z.string(),
  startUser: z.string(),
  related: z.array(z.string()),
  formKeys: z.array(z.unknown()),
});

/** /workflow-task/… (signed-in; object rules in the service) and /nwfschemeinfo/createProcess (public, signed launch key). */
export function workflowTaskRoutes(app: FastifyInstance, tasks: WorkflowTaskService, metrics: AppMetrics): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Counted here, after the engine's transaction has committed: a rolled-back action never counts, nor an answer
  // repeated for a repeated Idempotency-Key.
  const counted = (action: WorkflowAction, result: ActionResult) => {
    if (!isReplayedAnswer(result)) metrics.workflowDone(action, result);
    return result;
  };
  const tags = ['Workflow: tasks'];
  const P = '/workflow-task';
  const page = workflowTaskPageQuery;

  // ---------- actions ----------

  r.post(`${P}/create-process`, {
    schema: {
      tags,
      summary:
        'Launch a process (ActionResult: retCode 2 asks for next-node approvers and changes nothing); an Idempotency-Key header makes a repeat answer the first result',
      body: createProcessBody,
      response: { 200: envelope(actionResult) },
    },
    handler: async (request) =>
      ok(request, counted('create_process', await tasks.start(authOf(request), request.body, idempotencyKeyOf(request))), 'common.ok'),
  });

  r.post(`${P}/create-processform`, {
    schema: {
      tags,
      summary: 'Launch over an existing record of one of the scheme forms (form_keys point to it)',
      querystring: createProcessFormQuery,
      response: { 200: envelope(actionResult) },
    },
    handler: async (request) => ok(request, counted('create_process', await tasks.startOverRecord(authOf(request), request.query)), 'common.ok'),
  });

  r.post(`${P}/task-handle`, {
    schema: {
      tags,
      summary:
        'Handle a task (retCode 1 wrong signature password, 2 choose approvers: success envelopes, nothing changed); an Idempotency-Key header makes a repeat answer the first result',
      body: taskHandleBody,
      response: { 200: envelope(actionResult) },
    },
    handler: async (request) =>
      ok(request, counted('task_handle', await tasks.engine.handle(authOf(request), request.body, idempotencyKeyOf(request))), 'common.ok'),
  });

  r.post(`${P}/recall-process`, {
    schema: { tags, summary: 'The starter recalls a running instance', body: processBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await tasks.engine.recall(authOf(request), request.body.processInstanceId);
      return ok(request, null, 'workflowTask.recalled');
    },
  });

  r.post(`${P}/reinitiate-process`, {
    schema: {
      tags,
      summary: 'The starter starts a recalled (or rejected-to-start) instance again',
      body: processBody,
      response: { 200: envelope(actionResult) },
    },
    handler: async (request) => ok(request, await tasks.engine.reinitiate(authOf(request), request.body.processInstanceId), 'common.ok'),
  });

  r.post(`${P}/signature`, {
    schema: {
      tags,
      summary: 'Add or subtract countersign signers (userListStr: comma-joined user ids)',
      body: signatureBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      const userIds = request.body.userListStr
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const input = { taskId: request.body.taskId, userIds };
      if (request.body.type === 'add') await tasks.engine.addSigners(authOf(request), input);
      else await tasks.engine.removeSigners(authOf(request), input);
      return ok(request, null, 'workflowTask.signatureDone');
    },
  });

  r.get(`${P}/signature-users`, {
    schema: {
      tags,
      summary: 'The current signers of the countersign node of a task (open tasks of that node)',
      querystring: taskIdQuery,
      response: { 200: envelope(z.array(signerRow)) },
    },
    handler: async (request) => ok(request, await tasks.signers(authOf(request), request.query.taskId), 'common.fetched'),
  });

  r.put(`${P}/change-candidate`, {
    schema: {
      tags,
      summary: 'Replace one candidate of an open task by another user',
      querystring: changeCandidateQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await tasks.engine.changeCandidate(authOf(request), request.query);
      return ok(request, null, 'workflowTask.candidateChanged');
    },
  });

  r.post(`${P}/transfer`, {
    schema: { tags, summary: 'Transfer the task to another user (msg 转办成功)', body: transferBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      if (!request.body.userId) throw new AppError('workflow.noTransferUser');
      await tasks.engine.transfer(authOf(request), request.body);
      return ok(request, null, 'workflow.transferDone');
    },
  });

  r.post(`${P}/again-candidate`, {
    schema: {
      tags,
      summary: 'Work out the candidates of an open task again (after organisation changes); answers the users who may now act',
      body: taskIdQuery,
      response: { 200: envelope(z.array(z.object({ F_UserId: z.string(), F_RealName: z.string(), F_Account: z.string() }))) },
    },
    handler: async (request) => ok(request, await tasks.againCandidate(authOf(request), request.body.taskId), 'workflowTask.candidatesRefreshed'),
  });

  r.delete(`${P}/to-recyclebin/:id`, {
    schema: { tags, summary: 'The starter moves a finished or recalled instance to the recycle bin', params: idParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await tasks.toRecycleBin(authOf(request), request.params.id, true);
      return ok(request, null, 'workflowTask.recycled');
    },
  });

  r.post(`${P}/restore-recyclebin/:id`, {
    schema: { tags, summary: 'The starter takes an instance back out of the recycle bin', params: idParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await tasks.toRecycleBin(authOf(request), request.params.id, false);
      return ok(request, null, 'workflowTask.restored');
    },
  });

  r.delete(`${P}/delete-processinstance/:id`, {
    schema: {
      tags,
      summary: 'Delete a recycled instance for good (its starter, or a holder of workflow.monitor.suspend)',
      params: idParams,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await tasks.deleteInstance(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  // ---------- drafts ----------

  r.post(`${P}/saveOrEditTempfiledInfo`, {
    schema: {
      tags,
      summary: 'Save a launch draft (F_Id given: change the own draft)',
      body: workflowDraftBody,
      response: { 200: envelope(z.object({ F_Id: z.string() })) },
    },
    handler: async (request) => ok(request, await tasks.saveDraft(authOf(request), request.body), 'workflowTask.draftSaved'),
  });

  r.get(`${P}/getTempfiledInfoList`, {
    schema: { tags, summary: "The caller's drafts, newest change first", querystring: page, response: { 200: envelope(pageResult(workflowDraftRow)) } },
    handler: async (request) => ok(request, await tasks.drafts(authOf(request), request.query), 'common.fetched'),
  });

  r.delete(`${P}/delete-tempfiledInfo/:id`, {
    schema: { tags, summary: 'Delete an own draft', params: idParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await tasks.deleteDraft(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  // ---------- lists ----------

  r.get(`${P}/upcoming-task`, {
    schema: {
      tags,
      summary: 'Open tasks the caller may act on (wf_task_users_todo)',
      querystring: page,
      response: { 200: envelope(pageResult(upcomingTaskRow)) },
    },
    handler: async (request) => ok(request, await tasks.upcoming(authOf(request), request.query), 'common.fetched'),
  });
  r.get(`${P}/history-task`, {
    schema: { tags, summary: 'Tasks the caller completed (wf_history_done)', querystring: page, response: { 200: envelope(pageResult(historyTaskRow)) } },
    handler: async (request) => ok(request, await tasks.history(authOf(request), request.query), 'common.fetched'),
  });
  r.get(`${P}/my-task`, {
    schema: {
      tags,
      summary: 'Instances the caller started (not recycled), with state and current nodes',
      querystring: page,
      response: { 200: envelope(pageResult(instanceRow)) },
    },
    handler: async (request) => ok(request, await tasks.mine(authOf(request), request.query), 'common.fetched'),
  });
  r.get(`${P}/recycle-task`, {
    schema: { tags, summary: "The caller's instances in the recycle bin", querystring: page, response: { 200: envelope(pageResult(instanceRow)) } },
    handler: async (request) => ok(request, await tasks.recycled(authOf(request), request.query), 'common.fetched'),
  });
  r.get(`${P}/manual-task`, {
    schema: {
      tags,
      summary: 'Instances circulated to the caller, with read receipts',
      querystring: page,
      response: { 200: envelope(pageResult(circulationRow)) },
    },
    handler: async (request) => ok(request, await tasks.circulated(authOf(request), request.query), 'common.fetched'),
  });
  r.post(`${P}/circulation-read/:id`, {
    schema: { tags, summary: 'Mark a circulation read (the read receipt; once)', params: idParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await tasks.markRead(authOf(request), request.params.id);
      return ok(request, null, 'workflowTask.read');
    },
  });
  r.get(`${P}/counts`, {
    schema: { tags, summary: 'Menu badges: open tasks, unread circulations, drafts', response: { 200: envelope(workflowCounts) } },
    handler: async (request) => ok(request, await tasks.counts(authOf(request)), 'common.fetched'),
  });
  r.get(`${P}/relationTask`, {
    schema: {
      tags,
      summary: 'Finished instances the caller started or handled (to link as preceding)',
      querystring: page,
      response: { 200: envelope(pageResult(relationTaskRow)) },
    },
    handler: async (request) => ok(request, await tasks.relatable(authOf(request), request.query), 'common.fetched'),
  });

  // ---------- reads of the approval screen ----------

  r.get(`${P}/task-form`, {
    schema: {
      tags,
      summary: "The instance's forms (the node's field authority) and process info; by taskId, or processInstanceId read-only",
      querystring: taskFormQuery,
      response: { 200: envelope(taskFormAnswer) },
    },
    handler: async (request) => ok(request, await tasks.taskForm(authOf(request), langOf(request), request.query), 'common.fetched'),
  });
  r.get(`${P}/history-taskList`, {
    schema: {
      tags,
      summary: 'Timeline records with their sentence (zh / en by Accept-Language)',
      querystring: processInstanceQuery,
      response: { 200: envelope(z.array(timelineRecord)) },
    },
    handler: async (request) => ok(request, await tasks.timelineOf(authOf(request), langOf(request), request.query.processInstanceId), 'common.fetched'),
  });
  r.get(`${P}/node-info`, {
    schema: { tags, summary: 'One node of an instance: its records and approvers', querystring: nodeInfoQuery, response: { 200: envelope(nodeInfoAnswer) } },
    handler: async (request) =>
      ok(request, await tasks.nodeInfo(authOf(request), langOf(request), request.query.processInstanceId, request.query.nodeId), 'common.fetched'),
  });
  r.get(`${P}/get-manualinfo`, {
    schema: {
      tags,
      summary: 'Approvers of an instance (or one node) with their department: who acted and who may act',
      querystring: processInstanceQuery.extend({ nodeId: z.string().trim().max(100).optional() }),
      response: { 200: envelope(z.array(manualInfo)) },
    },
    handler: async (request) =>
      ok(request, await tasks.approvers(authOf(request), request.query.processInstanceId, request.query.nodeId || undefined), 'common.fetched'),
  });
  for (const path of ['task-attachments', 'getAnnexInfo']) {
    r.get(`${P}/${path}`, {
      schema: {
        tags,
        summary: 'Files attached during approval (signed addresses)',
        querystring: processInstanceQuery,
        response: { 200: envelope(z.array(taskAttachment)) },
      },
      handler: async (request) => ok(request, await tasks.attachments(authOf(request), request.query.processInstanceId), 'common.fetched'),
    });
  }
  r.get(`${P}/relationTask-Info`, {
    schema: {
      tags,
      summary: 'A linked (preceding) instance: summary and form keys',
      querystring: processInstanceQuery,
      response: { 200: envelope(relationInfo) },
    },
    handler: async (request) => ok(request, await tasks.relationInfo(authOf(request), request.query.processInstanceId), 'common.fetched'),
  });
  r.get(`${P}/getTaskInfo`, {
    schema: { tags, summary: 'Task and instance summary', querystring: taskInfoQuery, response: { 200: envelope(taskInfoAnswer) } },
    handler: async (request) => ok(request, await tasks.taskInfo(authOf(request), request.query.taskId), 'common.fetched'),
  });
  r.get(`${P}/candidate-users`, {
    schema: { tags, summary: 'Users of the open tasks of an instance', querystring: processInstanceQuery, response: { 200: envelope(z.array(candidateUser)) } },
    handler: async (request) =>
      ok(request, await tasks.candidateUsers(authOf(request), { processInstanceId: request.query.processInstanceId }), 'common.fetched'),
  });
  r.get(`${P}/get-taskcanditeusers/taskId=:id`, {
    schema: { tags, summary: 'Users who may act on one open task', params: taskIdParams, response: { 200: envelope(z.array(candidateUser)) } },
    handler: async (request) => ok(request, await tasks.candidateUsers(authOf(request), { taskId: request.params.id }), 'common.fetched'),
  });
  r.get(`${P}/validate-signation`, {
    schema: {
      tags,
      summary: 'May the caller sign with the stamp, and is the password right',
      querystring: validateSignationBody,
      response: { 200: envelope(validSignation) },
    },
    handler: async (request) => ok(request, await tasks.validateSignation(authOf(request), request.query.stampId, request.query.password), 'common.fetched'),
  });
  r.post(`${P}/validate-signation`, {
    schema: { tags, summary: 'As GET, with the password in the body', body: validateSignationBody, response: { 200: envelope(validSignation) } },
    handler: async (request) => ok(request, await tasks.validateSignation(authOf(request), request.body.stampId, request.body.password), 'common.fetched'),
  });
  r.get(`${P}/view-process-url`, {
    schema: {
      tags,
      summary: 'A signed address of the diagram (valid one hour) for <img src>',
      querystring: processInstanceQuery,
      response: { 200: envelope(signedAddress) },
    },
    handler: async (request) => {
      const instance = await tasks.visibleInstance(authOf(request), request.query.processInstanceId);
      return ok(request, { url: tasks.diagrams.url(instance.id) }, 'common.fetched');
    },
  });
  r.get(`${P}/view-process`, {
    config: { public: true },
    schema: {
      tags,
      summary: 'The diagram (SVG) with done and current nodes; address-only: expires and sig from view-process-url',
      querystring: processInstanceQuery.extend({ expires: z.coerce.number().int(), sig: z.string().max(100) }),
    },
    handler: async (request, reply) => {
      const { processInstanceId, expires, sig } = request.query;
      if (!tasks.diagrams.verify(processInstanceId, expires, sig)) throw new AppError('workflowTask.badLink', {}, 403);
      const diagram = await tasks.diagram(processInstanceId);
      if (!diagram) throw new AppError('workflow.instanceNotFound', {}, 404);
      const svg = await renderDiagramSvg(diagram.xml, { done: diagram.done, current: diagram.current });
      return reply.type('image/svg+xml; charset=utf-8').headers(diagramHeaders(60)).send(svg);
    },
  });

  // ---------- tokenless launch ----------

  r.post('/nwfschemeinfo/createProcess', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Launch without a token: form-encoded, sign = hex HMAC-SHA256(tenantCode:schemeCode:account:timestamp, launch key); 5 minutes, once',
      body: publicLaunchBody,
      response: { 200: envelope(actionResult) },
    },
    handler: async (request) => ok(request, counted('create_process', await tasks.publicLaunch(request.body)), 'common.ok'),
  });

  // ---------- monitor ----------

  const mtags = ['Workflow: monitor'];
  r.get('/workflow-monitor/finished-tasks', {
    config: { permission: workflowMonitorPermissions.workflowMonitorList },
    schema: {
      tags: mtags,
      summary: 'Finished instances of the tenant',
      querystring: workflowMonitorPageQuery,
      response: { 200: envelope(pageResult(instanceRow)) },
    },
    handler: async (request) => ok(request, await tasks.monitor(authOf(request), true, request.query), 'common.fetched'),
  });
  r.get('/workflow-monitor/unfinished-tasks', {
    config: { permission: workflowMonitorPermissions.workflowMonitorList },
    schema: {
      tags: mtags,
      summary: 'Running and suspended instances of the tenant',
      querystring: workflowMonitorPageQuery,
      response: { 200: envelope(pageResult(instanceRow)) },
    },
    handler: async (request) => ok(request, await tasks.monitor(authOf(request), false, request.query), 'common.fetched'),
  });
  r.post('/workflow-monitor/suspend-process', {
    config: { permission: workflowMonitorPermissions.workflowMonitorSuspend },
    schema: { tags: mtags, summary: 'Suspend a running instance (its tasks cannot be handled)', body: processBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await tasks.engine.suspend(authOf(request), request.body.processInstanceId, true);
      return ok(request, null, 'workflowTask.suspended');
    },
  });
  r.post('/workflow-monitor/resume-process', {
    config: { permission: workflowMonitorPermissions.workflowMonitorSuspend },
    schema: { tags: mtags, summary: 'Resume a suspended instance', body: processBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await tasks.engine.suspend(authOf(request), request.body.processInstanceId, false);
      return ok(request, null, 'workflowTask.resumed');
    },
  });
  r.patch('/workflow-monitor/assign', {
    config: { permission: workflowMonitorPermissions.workflowMonitorAssign },
    schema: { tags: mtags, summary: 'Give an open task to a user (replaces its candidates)', body: assignBody, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await tasks.engine.assign(authOf(request), request.body);
      return ok(request, null, 'workflowTask.assigned');
    },
  });
}
