import type { z } from 'zod';
import type { InterfaceCallResult, InterfaceParamValues, InterfaceRow, interfaceBody, interfaceQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { refusingDuplicates } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';
import { checkAddress } from '../database-link/address-guard.js';
import { InterfaceRepository, type InterfaceValues } from './interface.repository.js';
import { sendOutbound, type AddressCheck } from './outbound.js';
import { atPath, parseAnswer, renderBody, renderUrl } from './template.js';

type Body = z.output<typeof interfaceBody>;

/** Methods that carry the body template; GET never does. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Interfaces: named outbound HTTP calls. Managed with the interface buttons (the routes check them);
 * `call` is the entry point for forms and workflows, which check their own permissions first.
 */
export class InterfaceService {
  private readonly repo: InterfaceRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new InterfaceRepository(deps.db);
  }

  page(auth: AuthContext, q: z.output<typeof interfaceQuery>) {
    return this.repo.page(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined });
  }

  list(auth: AuthContext) {
    return this.repo.all(auth.tenantId);
  }

  async detail(auth: AuthContext, id: string): Promise<InterfaceRow> {
    const row = await this.repo.find(auth.tenantId, id);
    if (!row) throw notFound('interface.notFound', { id });
    return row;
  }

  async create(auth: AuthContext, body: Body): Promise<string> {
    if (await this.repo.codeTaken(auth.tenantId, body.F_Code)) throw codeExists(body.F_Code);
    const id = newId();
    await refusingDuplicates(
      () => this.repo.insert(auth.tenantId, auth.userId, id, values(body)),
      () => codeExists(body.F_Code),
    );
    return id;
  }

  async update(auth: AuthContext, id: string, body: Body): Promise<void> {
    if (await this.repo.codeTaken(auth.tenantId, body.F_Code, id)) throw codeExists(body.F_Code);
    const updated = await refusingDuplicates(
      () => this.repo.update(auth.tenantId, id, values(body)),
      () => codeExists(body.F_Code),
    );
    if (!updated) throw notFound('interface.notFound', { id });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.remove(auth.tenantId, id))) throw notFound('interface.notFound', { id });
  }

  /** The test button: the stored interface called with these parameters. */
  async test(auth: AuthContext, id: string, params: InterfaceParamValues): Promise<InterfaceCallResult> {
    return this.invoke(await this.detail(auth, id), params);
  }

  /**
   * Calls an interface of the caller's tenant by id or code (forms, workflows). No permission check here: the caller
   * decides who may trigger it; the tenant, the address guard and the limits always apply.
   */
  async call(auth: AuthContext, idOrCode: string, params: InterfaceParamValues = {}): Promise<InterfaceCallResult> {
    const row = await this.repo.findByIdOrCode(auth.tenantId, idOrCode);
    if (!row) throw notFound('interface.notFound', { id: idOrCode });
    return this.invoke(row, params);
  }

  private async invoke(row: InterfaceRow, params: InterfaceParamValues): Promise<InterfaceCallResult> {
    const started = performance.now();
    const answer = await sendOutbound(
      {
        method: row.F_Method,
        url: renderUrl(row.F_Url, params),
        headers: row.F_Headers,
        body: WITH_BODY.has(row.F_Method) && row.F_BodyTemplate ? renderBody(row.F_BodyTemplate, params) : null,
        timeoutMs: row.F_TimeoutMs,
      },
      this.check,
    );
    const body = parseAnswer(answer.body, answer.contentType, answer.truncated);
    return {
      status: answer.status,
      durationMs: Math.round(performance.now() - started),
      body,
      value: typeof body === 'string' ? (row.F_ResponsePath ? null : body) : atPath(body, row.F_ResponsePath),
      truncated: answer.truncated,
    };
  }

  /** Interfaces refuse private networks too (unlike database links): they are reached with user-chosen URLs. */
  private readonly check: AddressCheck = async (host) => {
    try {
      const { address, family } = await checkAddress(host, this.deps.config.interfaceAllowedHosts, { allowPrivate: false });
      return { address, family };
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A failed name lookup: the call fails like an unreachable host.
      throw new AppError('interface.callFailed', { detail: (error as Error).message.slice(0, 300) });
    }
  };
}

function codeExists(code: string) {
  return new AppError('interface.codeExists', { code }, 409);
}

function values(body: Body): InterfaceValues {
  return {
    code: body.F_Code,
    name: body.F_Name,
    method: body.F_Method,
    url: body.F_Url,
    headers: body.F_Headers,
    body_template: body.F_BodyTemplate,
    response_path: body.F_ResponsePath,
    timeout_ms: body.F_TimeoutMs,
    description: body.F_Description,
  };
}
