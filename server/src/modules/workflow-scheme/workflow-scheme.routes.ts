import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyData,
  envelope,
  pageResult,
  simpleFromBpmnAnswer,
  simpleFromBpmnBody,
  simpleSimulateAnswer,
  simpleSimulateBody,
  wfAuthUser,
  wfAuthUserParams,
  wfCurrentVersionQuery,
  wfFormInfoQuery,
  wfHistoryQuery,
  wfLaunchable,
  wfLayoutResult,
  wfLaunchableQuery,
  wfNewModelBody,
  wfReadResourceQuery,
  wfRelationBody,
  wfRelationIdParams,
  wfRelationInfoParams,
  wfRelationPageQuery,
  wfRelationRow,
  wfRelationSaved,
  wfSchemeBody,
  wfSchemeIdParams,
  wfSchemeInfo,
  wfSchemePageQuery,
  wfSchemeRow,
  wfSchemeSaved,
  wfSchemeUpdateBody,
  wfTestConditionBody,
  wfTestConditionResult,
  wfValidateBody,
  wfValidateResult,
  wfVersionChangeQuery,
  wfVersionChangeResult,
  wfVersionChangeTestRow,
  wfVersionRow,
  workflowSchemePermissions,
} from '@app/contracts';
import type { AppDeps } from '../../core/deps.js';
import { authenticate, authOf } from '../../core/auth/plugin.js';
import { ok } from '../../core/envelope.js';
import { langOf } from '../../core/i18n/index.js';
import { WorkflowSchemeService } from './workflow-scheme.service.js';
import { diagramHeaders } from '../workflow/engine/svg.js';
import { WorkflowRelationService } from './workflow-relation.service.js';
import { checkDesign, testCondition } from './design-check.js';
import { withDiagram } from './layout.js';
import { simpleFromBpmn, simulateSimple } from './simple-flow.js';

/** /workflow-scheme-info…, /workflow-relation…, /workflow-Auth… (docs/workflow-design.md "Schemes"). */
export function workflowSchemeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schemes = new WorkflowSchemeService(deps);
  const relations = new WorkflowRelationService(deps, schemes);
  const tags = ['Workflow: schemes'];
  const params = wfSchemeIdParams;
  const base = '/workflow-scheme-info';

  r.get(base, {
    config: { permission: workflowSchemePermissions.workflowSchemeList },
    schema: {
      tags,
      summary: 'Workflow schemes, paged; keyword on name and code',
      querystring: wfSchemePageQuery,
      response: { 200: envelope(pageResult(wfSchemeRow)) },
    },
    handler: async (request) => ok(request, await schemes.page(authOf(request), request.query), 'common.fetched'),
  });

  r.post(base, {
    config: { permission: workflowSchemePermissions.workflowSchemeAdd },
    schema: {
      tags,
      summary: 'Create a scheme with version 1 (the XML is validated; problems come back in data.issues with element ids)',
      body: wfSchemeBody,
      response: { 200: envelope(wfSchemeSaved) },
    },
    handler: async (request) => {
      const saved = await schemes.create(authOf(request), langOf(request), request.body);
      return ok(request, saved, saved.F_State === 'draft' ? 'workflowScheme.savedDraft' : 'workflowScheme.saved');
    },
  });

  r.post(`${base}/new-model`, {
    config: { permission: workflowSchemePermissions.workflowSchemeAdd },
    schema: {
      tags,
      summary: 'Create a stopped scheme with a minimal model (start → an approval without approvers → end) to finish in the designer',
      body: wfNewModelBody,
      response: { 200: envelope(wfSchemeSaved) },
    },
    handler: async (request) => ok(request, await schemes.newModel(authOf(request), langOf(request), request.body), 'workflowScheme.saved'),
  });

  r.post(`${base}/validate`, {
    config: { permission: workflowSchemePermissions.workflowSchemeList },
    schema: {
      tags,
      summary: 'Check a design without saving: validation issues and the parts the engine does not run (Camunda / Flowable extensions…)',
      body: wfValidateBody,
      response: { 200: envelope(wfValidateResult) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const codes = await schemes.repo.codes(deps.db, auth.tenantId);
      return ok(request, await checkDesign(request.body.xml, langOf(request), codes), 'common.fetched');
    },
  });

  r.post(`${base}/layout`, {
    config: { permission: workflowSchemePermissions.workflowSchemeList },
    schema: {
      tags,
      summary: 'Lay out a document without a complete diagram (the designer opens files without diagram data with it; saving does the same)',
      body: wfValidateBody,
      response: { 200: envelope(wfLayoutResult) },
    },
    handler: async (request) => ok(request, await withDiagram(request.body.xml), 'common.fetched'),
  });

  r.post(`${base}/test-condition`, {
    config: { permission: workflowSchemePermissions.workflowSchemeList },
    schema: {
      tags,
      summary: "Evaluate a flow condition over sample data with the engine's expression evaluator",
      body: wfTestConditionBody,
      response: { 200: envelope(wfTestConditionResult) },
    },
    handler: (request) => ok(request, testCondition(request.body.expression, request.body.data, langOf(request)), 'common.fetched'),
  });

  r.post(`${base}/simple/from-bpmn`, {
    config: { permission: workflowSchemePermissions.workflowSchemeList },
    schema: {
      tags,
      summary: "Read a BPMN process as the simple designer's chain of cards, or say in a sentence why it is not one",
      body: simpleFromBpmnBody,
      response: { 200: envelope(simpleFromBpmnAnswer) },
    },
    handler: async (request) => ok(request, await simpleFromBpmn(request.body.xml, langOf(request)), 'common.fetched'),
  });

  r.post(`${base}/simple/simulate`, {
    config: { permission: workflowSchemePermissions.workflowSchemeList },
    schema: {
      tags,
      summary: 'Simulate a launch of a simple process: the branches taken with sample form values and the approvers reached',
      body: simpleSimulateBody,
      response: { 200: envelope(simpleSimulateAnswer) },
    },
    handler: async (request) => ok(request, await simulateSimple(deps.db, authOf(request), langOf(request), request.body), 'common.fetched'),
  });

  r.get(`${base}/info/:id`, {
    config: { permission: workflowSchemePermissions.workflowSchemeList },
    schema: {
      tags,
      summary: 'A scheme with its current XML, forms, launch authority and signed diagram address',
      params,
      response: { 200: envelope(wfSchemeInfo) },
    },
    handler: async (request) => ok(request, await schemes.info(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put(`${base}/:id`, {
    config: { permission: workflowSchemePermissions.workflowSchemeEdit },
    schema: {
      tags,
      summary: 'Change a scheme; a changed XML adds a version and makes it current',
      params,
      body: wfSchemeUpdateBody,
      response: { 200: envelope(wfSchemeSaved) },
    },
    handler: async (request) => {
      const saved = await schemes.update(authOf(request), langOf(request), request.params.id, request.body);
      return ok(request, saved, saved.F_State === 'published' ? 'workflowScheme.saved' : 'workflowScheme.savedDraft');
    },
  });

  r.delete(`${base}/:id`, {
    config: { permission: workflowSchemePermissions.workflowSchemeDelete },
    schema: {
      tags,
      summary: 'Delete a scheme (refused while instances run or are suspended; finished instances go with it)',
      params,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await schemes.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.patch(`${base}/:id/start`, {
    config: { permission: workflowSchemePermissions.workflowSchemeEnable },
    schema: { tags, summary: 'Enable a scheme (it may be launched)', params, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await schemes.setEnabled(authOf(request), langOf(request), request.params.id, true);
      return ok(request, null, 'workflowScheme.started');
    },
  });

  r.patch(`${base}/:id/stop`, {
    config: { permission: workflowSchemePermissions.workflowSchemeEnable },
    schema: { tags, summary: 'Disable a scheme (no new launches; running instances go on)', params, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await schemes.setEnabled(authOf(request), langOf(request), request.params.id, false);
      return ok(request, null, 'workflowScheme.stopped');
    },
  });

  r.get(`${base}/hisitory`, {
    config: { permission: workflowSchemePermissions.workflowSchemeList },
    schema: { tags, summary: 'The versions of a scheme, newest first', querystring: wfHistoryQuery, response: { 200: envelope(pageResult(wfVersionRow)) } },
    handler: async (request) => ok(request, await schemes.versions(authOf(request), request.query), 'common.fetched'),
  });

  r.post(`${base}/:id/publish`, {
    config: { permission: workflowSchemePermissions.workflowSchemeEdit },
    schema: {
      tags,
      summary: 'Publish the saved draft: new launches use it (the first publication starts the scheme); running instances keep their version',
      params,
      response: { 200: envelope(wfSchemeSaved) },
    },
    handler: async (request) => ok(request, await schemes.publish(authOf(request), langOf(request), request.params.id), 'workflowScheme.published'),
  });

  r.patch(`${base}/:id/current-version`, {
    config: { permission: workflowSchemePermissions.workflowSchemeVersion },
    schema: {
      tags,
      summary: 'Make an older version current (new launches use it; running instances keep theirs)',
      params,
      querystring: wfCurrentVersionQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await schemes.makeCurrent(authOf(request), langOf(request), request.params.id, request.query.versionId);
      return ok(request, null, 'workflowScheme.versionChanged');
    },
  });

  // Public but signed: <img> and <iframe> load it without a Bearer header (a bearer with workflow.scheme.list works too).
  r.get(`${base}/read-resource`, {
    config: { public: true },
    schema: {
      tags,
      summary: "A version's diagram as SVG (or its XML with format=xml); signed address F_DiagramUrl, not an envelope",
      querystring: wfReadResourceQuery,
      response: { 200: z.any().describe('image/svg+xml or application/xml') },
    },
    handler: async (request, reply) => {
      const auth = request.headers.authorization ? await authenticate(deps, request) : null;
      const { type, body } = await schemes.resource(auth, request.query);
      return reply.type(type).headers(diagramHeaders(300)).send(body);
    },
  });

  r.post(`${base}/change-processversion-test`, {
    config: { permission: workflowSchemePermissions.workflowSchemeVersion },
    schema: {
      tags,
      summary: 'Which running instances could move to a version, and the nodes missing for the others',
      querystring: wfVersionChangeQuery,
      response: { 200: envelope(z.array(wfVersionChangeTestRow)) },
    },
    handler: async (request) =>
      ok(request, await schemes.versionChangeTest(authOf(request), request.query.schemeId, request.query.versionId), 'common.fetched'),
  });

  r.post(`${base}/change-processversion`, {
    config: { permission: workflowSchemePermissions.workflowSchemeVersion },
    schema: {
      tags,
      summary: 'Move the movable running instances to a version (one transaction)',
      querystring: wfVersionChangeQuery,
      response: { 200: envelope(wfVersionChangeResult) },
    },
    handler: async (request) => {
      const result = await schemes.versionChange(authOf(request), request.query.schemeId, request.query.versionId);
      return ok(request, result, 'workflowScheme.migrated', result);
    },
  });

  r.get(`${base}/launchable`, {
    schema: { tags, summary: 'Enabled schemes the caller may launch, by category', querystring: wfLaunchableQuery, response: { 200: envelope(wfLaunchable) } },
    handler: async (request) => ok(request, await schemes.launchable(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/workflow-Auth/auth-user/:nwfSchemeInfoId', {
    schema: {
      tags,
      summary: 'Launch authority of a scheme and whether the caller may launch it',
      params: wfAuthUserParams,
      response: { 200: envelope(wfAuthUser) },
    },
    handler: async (request) => ok(request, await schemes.authUser(authOf(request), request.params.nwfSchemeInfoId), 'common.fetched'),
  });

  // ---------------------------------------------------------------- relations
  const relTags = ['Workflow: scheme forms'];

  r.get('/workflow-relation', {
    config: { permission: workflowSchemePermissions.workflowRelationList },
    schema: {
      tags: relTags,
      summary: 'Scheme-form relations, paged; schemeId filter; keyword on names',
      querystring: wfRelationPageQuery,
      response: { 200: envelope(pageResult(wfRelationRow)) },
    },
    handler: async (request) => ok(request, await relations.page(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/workflow-relation/formInfo', {
    schema: {
      tags: relTags,
      summary: 'The forms of a scheme in order (for launching)',
      querystring: wfFormInfoQuery,
      response: { 200: envelope(z.array(wfRelationRow)) },
    },
    handler: async (request) => ok(request, await relations.formInfo(authOf(request), request.query.nwfSchemeInfoId), 'common.fetched'),
  });

  r.get('/workflow-relation/info/:F_Id', {
    config: { permission: workflowSchemePermissions.workflowRelationList },
    schema: { tags: relTags, summary: 'One scheme-form relation', params: wfRelationInfoParams, response: { 200: envelope(wfRelationRow) } },
    handler: async (request) => ok(request, await relations.info(authOf(request), request.params.F_Id), 'common.fetched'),
  });

  r.post('/workflow-relation', {
    config: { permission: workflowSchemePermissions.workflowRelationAdd },
    schema: { tags: relTags, summary: 'Relate a form to a scheme', body: wfRelationBody, response: { 200: envelope(wfRelationSaved) } },
    handler: async (request) => ok(request, { F_Id: await relations.create(authOf(request), request.body) }, 'common.added'),
  });

  r.put('/workflow-relation/:id', {
    config: { permission: workflowSchemePermissions.workflowRelationEdit },
    schema: {
      tags: relTags,
      summary: 'Change a scheme-form relation',
      params: wfRelationIdParams,
      body: wfRelationBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await relations.update(authOf(request), request.params.id, request.body);
      return ok(request, null, 'common.updated');
    },
  });

  r.delete('/workflow-relation/:id', {
    config: { permission: workflowSchemePermissions.workflowRelationDelete },
    schema: { tags: relTags, summary: 'Delete a scheme-form relation', params: wfRelationIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await relations.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });
}
