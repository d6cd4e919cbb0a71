import type { z } from 'zod';
import type {
  FormSchemeOption,
  PageResult,
  WfNewModelBody,
  WfRelationBody,
  WfRelationRow,
  WfSchemeBody,
  WfSchemeInfo,
  WfSchemeRow,
  WfSchemeSaved,
  WfSchemeUpdateBody,
  WfTestConditionBody,
  WfLayoutResult,
  WfTestConditionResult,
  WfValidateResult,
  WfVersionChangeTestRow,
  WfVersionRow,
  wfHistoryQuery,
  wfRelationPageQuery,
  wfSchemePageQuery,
  wfVersionChangeResult,
} from '@app/contracts';
import { API_BASE, api, baseHeaders, buildUrl, saveBlob, ApiError, settleEnvelope } from '../../../lib/api';

/**
 * The one client of /workflow-scheme-info and /workflow-relation (docs/workflow-design.md "Calls", "Schemes").
 * The scheme list, the relation list and the designer call the server through these functions.
 */

type Query = Record<string, string | number | null | undefined>;
const q = (x: object) => x as Query;
const enc = encodeURIComponent;
const base = '/workflow-scheme-info';

/** Inputs of the paged reads (page number `limit`, size `size`; every field optional). */
export type SchemeListQuery = Partial<z.input<typeof wfSchemePageQuery>>;
export type VersionListQuery = Partial<z.input<typeof wfHistoryQuery>>;
export type RelationListQuery = Partial<z.input<typeof wfRelationPageQuery>>;
export type VersionChangeResult = z.infer<typeof wfVersionChangeResult>;

/** ListPage key of the scheme list (its queries are ['list', SCHEME_LIST_KEY, …]). */
export const SCHEME_LIST_KEY = 'workflow-scheme';

export const schemeKeys = {
  all: ['workflow-scheme'] as const,
  list: (query: object) => ['workflow-scheme', 'list', query] as const,
  info: (id: string) => ['workflow-scheme', 'info', id] as const,
  history: (schemeId: string, page = 1) => ['workflow-scheme', 'history', schemeId, page] as const,
  versionTest: (schemeId: string, versionId: string) => ['workflow-scheme', 'version-test', schemeId, versionId] as const,
  relations: (query: object) => ['workflow-relation', 'list', query] as const,
  relationsAll: ['workflow-relation'] as const,
  formInfo: (schemeId: string) => ['workflow-relation', 'formInfo', schemeId] as const,
  formOptions: (type: number) => ['workflow-relation', 'form-options', type] as const,
};

/** The address of a version's BPMN XML (bearer required: fetch it with `downloadXml` / `readXml`). */
export function xmlUrl(id: string, versionId?: string): string {
  return buildUrl(`${base}/read-resource`, { F_Id: id, versionId, format: 'xml' });
}

/** The address of a version's SVG diagram by bearer (prefer the signed F_DiagramUrl for <img>). */
export function svgUrl(id: string, versionId?: string): string {
  return buildUrl(`${base}/read-resource`, { F_Id: id, versionId, format: 'svg' });
}

/** The XML of a scheme's version (current one without versionId) as text; read-resource is not an envelope. */
async function readXml(id: string, versionId?: string): Promise<string> {
  const path = `${base}/read-resource`;
  let res: Response;
  try {
    res = await fetch(xmlUrl(id, versionId), { headers: { ...baseHeaders(), Accept: 'application/xml, */*' } });
  } catch {
    return settleEnvelope(path, 0, null);
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    settleEnvelope(path, res.status, await res.json().catch(() => null));
    throw new ApiError(`HTTP ${res.status}`, -1, res.status);
  }
  return res.text();
}

/** Saves a version's XML as `{fileName}` (default `{id}.bpmn`). */
async function downloadXml(id: string, versionId?: string, fileName?: string): Promise<void> {
  const xml = await readXml(id, versionId);
  saveBlob(new Blob([xml], { type: 'application/xml' }), fileName ?? `${id}.bpmn`);
}

export const schemeApi = {
  // schemes
  list: (query: SchemeListQuery = {}) => api.get<PageResult<WfSchemeRow>>(base, q(query)),
  /** The list for a filter's choices; silent: the filter just offers nothing. */
  options: (query: SchemeListQuery = {}) => api.get<PageResult<WfSchemeRow>>(base, q(query), { silent: true }),
  info: (id: string) => api.get<WfSchemeInfo>(`${base}/info/${enc(id)}`),
  add: (body: WfSchemeBody) => api.post<WfSchemeSaved>(base, body),
  update: (id: string, body: WfSchemeUpdateBody) => api.put<WfSchemeSaved>(`${base}/${enc(id)}`, body),
  newModel: (body: WfNewModelBody) => api.post<WfSchemeSaved>(`${base}/new-model`, body),
  remove: (id: string) => api.del<null>(`${base}/${enc(id)}`),
  start: (id: string) => api.patch<null>(`${base}/${enc(id)}/start`),
  stop: (id: string) => api.patch<null>(`${base}/${enc(id)}/stop`),
  /** Publishes the saved draft: new launches use it; the first publication starts the scheme. */
  publish: (id: string) => api.post<WfSchemeSaved>(`${base}/${enc(id)}/publish`),

  // designer checks
  validate: (xml: string) => api.post<WfValidateResult>(`${base}/validate`, { xml }),
  /** The XML with an automatic diagram when it has none or an incomplete one (the server's layout, as on save). */
  layout: (xml: string) => api.post<WfLayoutResult>(`${base}/layout`, { xml }),
  testCondition: (body: WfTestConditionBody) => api.post<WfTestConditionResult>(`${base}/test-condition`, body),

  // versions
  history: (schemeId: string, page = 1, size = 20) => api.get<PageResult<WfVersionRow>>(`${base}/hisitory`, { schemeId, limit: page, size }),
  currentVersion: (id: string, versionId: string) => api.patch<null>(`${base}/${enc(id)}/current-version?versionId=${enc(versionId)}`),
  versionTest: (schemeId: string, versionId: string) =>
    api.post<WfVersionChangeTestRow[]>(`${base}/change-processversion-test?schemeId=${enc(schemeId)}&versionId=${enc(versionId)}`),
  versionApply: (schemeId: string, versionId: string) =>
    api.post<VersionChangeResult>(`${base}/change-processversion?schemeId=${enc(schemeId)}&versionId=${enc(versionId)}`),
  xmlUrl,
  svgUrl,
  readXml,
  downloadXml,

  // relations
  relations: (query: RelationListQuery = {}) => api.get<PageResult<WfRelationRow>>('/workflow-relation', q(query)),
  relationInfo: (id: string) => api.get<WfRelationRow>(`/workflow-relation/info/${enc(id)}`),
  relationAdd: (body: WfRelationBody) => api.post<{ F_Id: string }>('/workflow-relation', body),
  relationUpdate: (id: string, body: WfRelationBody) => api.put<null>(`/workflow-relation/${enc(id)}`, body),
  relationRemove: (id: string) => api.del<null>(`/workflow-relation/${enc(id)}`),
  /** The forms bound to a scheme, by F_Sort (the launch read). */
  /** Enabled forms a relation may bind, of exactly this type (0 designed, 1 system, 2 address-based). */
  formOptions: (type: number) => api.get<FormSchemeOption[]>('/form-scheme', { F_Type: type }).then((rows) => rows.filter((r) => r.F_Type === type)),
};

/** Full API base for tests and addresses built by hand. */
export const SCHEME_API_BASE = `${API_BASE}${base}`;
