import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  FORM_ADDRESS,
  emptyData,
  envelope,
  fieldOptionsBody,
  fieldOptionsParams,
  fieldOptionsQuery,
  fieldOptionsResult,
  formAddressDataParams,
  formAddressParams,
  formDataBody,
  formDataParams,
  formDataQuery,
  formDataRecord,
  formDataSaved,
  formSchemeBody,
  formSchemeDetail,
  formSchemeFlagParams,
  formSchemeHistoryQuery,
  formSchemeHistoryRow,
  formSchemeIdParams,
  formSchemeOption,
  formSchemeOptionsQuery,
  formSchemePageQuery,
  formSchemeRestoreParams,
  formSchemeRow,
  formSchemeSaved,
  formSchemeVersionParams,
  pageResult,
  type FieldError,
  type FormField,
  formPermissions,
} from '@app/contracts';
import { authOf } from '../../core/auth/plugin.js';
import type { AuthContext } from '../../core/deps.js';
import { failure, notFoundEnvelope, ok } from '../../core/envelope.js';
import { forbidden } from '../../core/errors.js';
import { catalogs, langOf, translate, type Lang, type MessageKey } from '../../core/i18n/index.js';
import type { GrantService } from '../../core/auth/grants.js';
import { FormDataInvalid, type FormDataService } from './form-data.service.js';
import type { FieldOptionsService } from './field-options.service.js';
import type { FormSchemeService, LoadedForm } from './form-scheme.service.js';

/** How many field errors the message lists (all of them are in `data.errors`). */
const DETAIL_ERRORS = 3;

/** A field error as the user reads it: the rule's own message, else its key translated. */
export function fieldMessage(lang: Lang, e: FieldError): string {
  if (e.message) return e.message;
  const known = e.key in catalogs[lang];
  return known ? translate(lang, e.key as MessageKey, e.params) : e.key;
}

/** A refused form-data save: 400 'forms.invalidData' naming the first errors, the structured list in data.errors. */
export async function answerRefusal<T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof FormDataInvalid)) throw error;
    const lang = langOf(request);
    const detail = error.errors
      .slice(0, DETAIL_ERRORS)
      .map((e) => fieldMessage(lang, e))
      .join('；');
    const more = error.errors.length > DETAIL_ERRORS ? ` (+${error.errors.length - DETAIL_ERRORS})` : '';
    return reply.status(400).send(failure(lang, ErrorCode.badRequest, 'forms.invalidData', { detail: `${detail}${more}` }, { errors: error.errors }));
  }
}

export interface FormServices {
  schemes: FormSchemeService;
  data: FormDataService;
  options: FieldOptionsService;
  grants: GrantService;
}

export function formSchemeRoutes(app: FastifyInstance, { schemes, data, options, grants }: FormServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Forms: form schemes'];
  const saved = envelope(formSchemeSaved);
  const detail = envelope(formSchemeDetail);

  r.get('/form-scheme/page', {
    config: { permission: formPermissions.formList },
    schema: {
      tags,
      summary: 'Forms, paged; F_Type 0 designed, 1 or 2 address-based; keyword on name, description, address',
      querystring: formSchemePageQuery,
      response: { 200: envelope(pageResult(formSchemeRow)) },
    },
    handler: async (request) => ok(request, await schemes.page(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/form-scheme', {
    schema: {
      tags,
      summary: 'Enabled forms for pickers: F_Type 0 designed (default), 1 system and address-based, 2 address-based',
      querystring: formSchemeOptionsQuery,
      response: { 200: envelope(z.array(formSchemeOption)) },
    },
    handler: async (request) => ok(request, await schemes.options(authOf(request), request.query), 'common.fetched'),
  });

  r.get('/form-scheme/systemform', {
    schema: {
      tags,
      summary: 'Enabled system forms (F_Type 1) and address-based forms (F_Type 2) for pickers',
      response: { 200: envelope(z.array(formSchemeOption)) },
    },
    handler: async (request) => ok(request, await schemes.systemForms(authOf(request)), 'common.fetched'),
  });

  r.get('/form-scheme/getBySchemeId/:versionId', {
    schema: {
      tags,
      summary: 'A form as it was in one version (enabled forms; any with forms.scheme.list)',
      params: formSchemeVersionParams,
      response: { 200: detail },
    },
    handler: async (request) => ok(request, await schemes.byVersion(authOf(request), request.params.versionId), 'common.fetched'),
  });

  r.get('/form-scheme/:id', {
    config: { permission: formPermissions.formList },
    schema: { tags, summary: 'A form with its current version (designer)', params: formSchemeIdParams, response: { 200: detail } },
    handler: async (request) => ok(request, await schemes.detail(authOf(request), request.params.id), 'common.fetched'),
  });

  r.get('/form-scheme/:id/info', {
    schema: {
      tags,
      summary: 'What a renderer needs: an enabled form of the tenant (any with forms.scheme.list)',
      params: formSchemeIdParams,
      response: { 200: detail },
    },
    handler: async (request) => ok(request, await schemes.info(authOf(request), request.params.id), 'common.fetched'),
  });

  r.get('/form-scheme/:id/history', {
    config: { permission: formPermissions.formHistory },
    schema: {
      tags,
      summary: 'Versions of a form, newest first',
      params: formSchemeIdParams,
      querystring: formSchemeHistoryQuery,
      response: { 200: envelope(pageResult(formSchemeHistoryRow)) },
    },
    handler: async (request) => ok(request, await schemes.history(authOf(request), request.params.id, request.query), 'common.fetched'),
  });

  r.post('/form-scheme/:id/history/:versionId/restore', {
    config: { permission: formPermissions.formEdit },
    schema: { tags, summary: 'A new version copying an old one (tables released again, add-only)', params: formSchemeRestoreParams, response: { 200: saved } },
    handler: async (request) => ok(request, await schemes.restore(authOf(request), request.params.id, request.params.versionId), 'forms.restored'),
  });

  r.post('/form-scheme', {
    config: { permission: formPermissions.formAdd },
    schema: {
      tags,
      summary: 'Add a form (no DDL: tables in tableInfo must be released with the bound columns)',
      body: formSchemeBody,
      response: { 200: saved },
    },
    handler: async (request) => ok(request, await schemes.save(authOf(request), request.body, { customTable: false }), 'common.added'),
  });

  r.post('/form-scheme/customtable', {
    config: { permission: formPermissions.formAdd },
    schema: { tags, summary: 'Add a form and create its tables from the fields (Data platform release path)', body: formSchemeBody, response: { 200: saved } },
    handler: async (request) => ok(request, await schemes.save(authOf(request), request.body, { customTable: true }), 'common.added'),
  });

  r.put('/form-scheme/:id', {
    config: { permission: formPermissions.formEdit },
    schema: { tags, summary: 'Save a form as a new version (no DDL)', params: formSchemeIdParams, body: formSchemeBody, response: { 200: saved } },
    handler: async (request) => ok(request, await schemes.save(authOf(request), request.body, { id: request.params.id, customTable: false }), 'forms.saved'),
  });

  r.put('/form-scheme/customtable/:id', {
    config: { permission: formPermissions.formEdit },
    schema: {
      tags,
      summary: 'Save a form as a new version, adding the columns new fields need (never drops or changes one)',
      params: formSchemeIdParams,
      body: formSchemeBody,
      response: { 200: saved },
    },
    handler: async (request) => ok(request, await schemes.save(authOf(request), request.body, { id: request.params.id, customTable: true }), 'forms.saved'),
  });

  r.delete('/form-scheme/:id', {
    config: { permission: formPermissions.formDelete },
    schema: { tags, summary: 'Delete a form and its versions (its tables and data stay)', params: formSchemeIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await schemes.remove(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.patch('/form-scheme/:id/set-enable/:value', {
    config: { permission: formPermissions.formEnable },
    schema: { tags, summary: 'Enable (1) or disable (0) a form', params: formSchemeFlagParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await schemes.setEnabled(authOf(request), request.params.id, request.params.value);
      return ok(request, null, 'common.updated');
    },
  });

  r.patch('/form-scheme/:id/set-default/:value', {
    config: { permission: formPermissions.formEnable },
    schema: {
      tags,
      summary: 'Make a form the default of its type and category (1; the others lose it) or not (0)',
      params: formSchemeFlagParams,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await schemes.setDefault(authOf(request), request.params.id, request.params.value);
      return ok(request, null, 'common.updated');
    },
  });

  r.get('/form-scheme/:id/field-options/:formId', {
    schema: {
      tags,
      summary: 'Options of a stored field whose source is a data source or SQL (≤ 200 rows; keyword filters; parentValue: the source value of a data relation)',
      params: fieldOptionsParams,
      querystring: fieldOptionsQuery,
      response: { 200: envelope(fieldOptionsResult) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const loaded = await schemes.forUse(auth, request.params.id, request.query.versionId);
      return ok(request, await options.ofStored(auth, loaded, request.params.formId, request.query.keyword, request.query.parentValue), 'common.fetched');
    },
  });

  r.post('/form-scheme/field-options', {
    config: { permission: formPermissions.formEdit },
    schema: { tags, summary: 'Options of an unsaved field (designer preview)', body: fieldOptionsBody, response: { 200: envelope(fieldOptionsResult) } },
    handler: async (request) => ok(request, await options.ofField(authOf(request), request.body.field as FormField, request.body.keyword), 'common.fetched'),
  });

  // ---------- form data ----------

  const dataTags = ['Forms: form data'];
  const loadForData = async (request: FastifyRequest, id: string, versionId?: string) => {
    const auth = authOf(request);
    return { auth, loaded: await schemes.forAdmin(auth, id, versionId) };
  };

  r.post('/form-scheme/:id/instance-form-list', {
    config: { permission: formPermissions.formData },
    schema: {
      tags: dataTags,
      summary: 'Store a filled form (main row and sub-table rows in one transaction)',
      params: formSchemeIdParams,
      querystring: formDataQuery,
      body: formDataBody,
      response: { 200: envelope(formDataSaved) },
    },
    handler: async (request, reply) =>
      answerRefusal(request, reply, async () => {
        const { auth, loaded } = await loadForData(request, request.params.id, request.query.versionId);
        return ok(request, { primaryKey: await data.save(auth, loaded, request.body.formData, null) }, 'common.added');
      }),
  });

  r.put('/form-scheme/:id/instance-form-list/:primaryKey', {
    config: { permission: formPermissions.formData },
    schema: {
      tags: dataTags,
      summary: 'Replace a stored form record (sub-table rows replaced)',
      params: formDataParams,
      querystring: formDataQuery,
      body: formDataBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request, reply) =>
      answerRefusal(request, reply, async () => {
        const { auth, loaded } = await loadForData(request, request.params.id, request.query.versionId);
        await data.save(auth, loaded, request.body.formData, request.params.primaryKey);
        return ok(request, null, 'common.updated');
      }),
  });

  r.get('/form-scheme/:id/instance-form-list/:primaryKey', {
    config: { permission: formPermissions.formData },
    schema: {
      tags: dataTags,
      summary: 'A stored form record as form data',
      params: formDataParams,
      querystring: formDataQuery,
      response: { 200: envelope(formDataRecord) },
    },
    handler: async (request) => {
      const { auth, loaded } = await loadForData(request, request.params.id, request.query.versionId);
      return ok(request, { primaryKey: request.params.primaryKey, formData: await data.read(auth, loaded, request.params.primaryKey) }, 'common.fetched');
    },
  });

  r.delete('/form-scheme/:id/instance-form-list/:primaryKey', {
    config: { permission: formPermissions.formData },
    schema: { tags: dataTags, summary: 'Delete a stored form record and its sub-table rows', params: formDataParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      const { auth, loaded } = await loadForData(request, request.params.id);
      await data.remove(auth, loaded, request.params.primaryKey);
      return ok(request, null, 'common.deleted');
    },
  });

  // ---------- address-based forms: /api/{address}[/{primaryKey}] ----------
  // Parametric at the first segment, so every static route (and every module's own parametric ones) wins; an
  // address that is no enabled F_Type 2 form of the caller's tenant answers the usual 404.

  const addressTags = ['Forms: address-based forms'];
  const resolved = new WeakMap<FastifyRequest, { auth: AuthContext; loaded: LoadedForm }>();
  /**
   * Before the body is read: an address that is no enabled F_Type 2 form of the caller's tenant is the usual 404
   * whatever was posted (a multipart or malformed body included); a real form needs the data button.
   */
  const resolveAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = authOf(request);
    const address = String((request.params as { address?: unknown }).address ?? '');
    const loaded = FORM_ADDRESS.test(address) ? await schemes.byAddress(auth, address) : undefined;
    if (!loaded) return notFoundEnvelope(request, reply);
    if (!(await grants.hasAny(auth, [formPermissions.formData]))) throw forbidden(formPermissions.formData);
    resolved.set(request, { auth, loaded });
  };
  const target = (request: FastifyRequest) => resolved.get(request)!;

  r.post('/:address', {
    onRequest: resolveAddress,
    schema: {
      tags: addressTags,
      summary: 'Store a filled address-based form',
      params: formAddressParams,
      body: formDataBody,
      response: { 200: envelope(formDataSaved) },
    },
    handler: async (request, reply) => {
      const { auth, loaded } = target(request);
      return answerRefusal(request, reply, async () => ok(request, { primaryKey: await data.save(auth, loaded, request.body.formData, null) }, 'common.added'));
    },
  });

  r.put('/:address/:primaryKey', {
    onRequest: resolveAddress,
    schema: {
      tags: addressTags,
      summary: 'Replace a record of an address-based form',
      params: formAddressDataParams,
      body: formDataBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request, reply) => {
      const { auth, loaded } = target(request);
      return answerRefusal(request, reply, async () => {
        await data.save(auth, loaded, request.body.formData, request.params.primaryKey);
        return ok(request, null, 'common.updated');
      });
    },
  });

  r.get('/:address/:primaryKey', {
    onRequest: resolveAddress,
    schema: { tags: addressTags, summary: 'A record of an address-based form', params: formAddressDataParams, response: { 200: envelope(formDataRecord) } },
    handler: async (request) => {
      const { auth, loaded } = target(request);
      return ok(request, { primaryKey: request.params.primaryKey, formData: await data.read(auth, loaded, request.params.primaryKey) }, 'common.fetched');
    },
  });

  r.delete('/:address/:primaryKey', {
    onRequest: resolveAddress,
    schema: { tags: addressTags, summary: 'Delete a record of an address-based form', params: formAddressDataParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      const { auth, loaded } = target(request);
      await data.remove(auth, loaded, request.params.primaryKey);
      return ok(request, null, 'common.deleted');
    },
  });
}
