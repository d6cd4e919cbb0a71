import { flattenFields, isContainer, type DataRelationBody, type DataRelationRow, type FieldType, type FormField } from '@app/contracts';
import type { z } from 'zod';
import type { dataRelationPageQuery } from '@app/contracts';
import type { AuthContext } from '../../core/deps.js';
import { refusingDuplicates } from '../../core/db/helpers.js';
import { AppError, notFound } from '../../core/errors.js';
import type { FormSchemeService, LoadedForm } from '../form-scheme/form-scheme.service.js';
import { DataRelationRepository, type CascadeEdge } from './data-relation.repository.js';

/** Field types with options a data relation can filter. */
const OPTION_FIELD_TYPES: readonly FieldType[] = ['select', 'radio', 'checkbox', 'asso-select', 'cascader'];

/** The main-form value field (not a container, not a sub-table column) with this formId, or 400. */
function mainField(loaded: LoadedForm, formId: number): FormField {
  const place = flattenFields(loaded.scheme.data).find((p) => p.field.__config__.formId === formId);
  if (!place || place.table || isContainer(place.field) || !place.field.__vModel__) throw new AppError('formRelation.fieldNotFound', { formId });
  return place.field;
}

/**
 * Whether adding `source → target` closes a cycle: each field has at most one parent (one relation per target),
 * so walking up from the source either ends or meets the target. Answers the cycle's formIds in cascade order
 * (target first and last), or null.
 */
export function cycleOf(edges: CascadeEdge[], source: number, target: number): number[] | null {
  const parentOf = new Map(edges.map((e) => [e.target, e.source]));
  const path = [target, source];
  for (let current: number | undefined = parentOf.get(source); current !== undefined; current = parentOf.get(current)) {
    if (current === target) return [...path, target].reverse();
    if (path.includes(current)) return null; // an old cycle that does not involve the new edge
    path.push(current);
  }
  return null;
}

/**
 * Data relations (docs/form-publishing-design.md "Data relations"): a target option field of a form filtered by a
 * source field's value. Both are main-form fields of the form's current version; source ≠ target; one relation
 * per target; no cycles. Saved by an id the client chooses (upsert).
 */
export class DataRelationService {
  readonly repo: DataRelationRepository;

  constructor(private readonly schemes: FormSchemeService) {
    this.repo = new DataRelationRepository(schemes.repo.db);
  }

  page(auth: AuthContext, q: z.output<typeof dataRelationPageQuery>) {
    return this.repo.page(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined, formId: q.F_FormId });
  }

  /** The enabled relations of a form the caller may use (the renderer cascades with them). */
  async ofForm(auth: AuthContext, formId: string): Promise<DataRelationRow[]> {
    await this.schemes.forUse(auth, formId);
    return this.repo.enabledOfForm(auth.tenantId, formId);
  }

  /** Creates (an id not used yet) or updates (an id of the caller's tenant); an id of another tenant is 404. */
  async save(auth: AuthContext, id: string, body: DataRelationBody): Promise<void> {
    const owner = await this.repo.tenantOf(id);
    if (owner !== undefined && owner !== auth.tenantId) throw notFound('formRelation.dataRelationNotFound', { id });
    const loaded = await this.schemes.forAdmin(auth, body.F_FormId);
    mainField(loaded, body.F_SourceFormId);
    const target = mainField(loaded, body.F_TargetFormId);
    const label = target.__config__.label || target.__vModel__ || String(body.F_TargetFormId);
    if (!OPTION_FIELD_TYPES.includes(target.__config__.avueType)) throw new AppError('formRelation.targetNotOptions', { label });
    if (body.F_SourceFormId === body.F_TargetFormId) throw new AppError('formRelation.sameField');
    const others = (await this.repo.edgesOfForm(auth.tenantId, body.F_FormId)).filter((e) => e.id !== id);
    if (others.some((e) => e.target === body.F_TargetFormId)) throw new AppError('formRelation.targetTaken', { label }, 409);
    const cycle = cycleOf(others, body.F_SourceFormId, body.F_TargetFormId);
    if (cycle) throw new AppError('formRelation.cycle', { path: cycle.join(' → ') });
    const values = {
      form_id: body.F_FormId,
      name: body.F_Name,
      source_form_id: body.F_SourceFormId,
      target_form_id: body.F_TargetFormId,
      filter_field: body.F_FilterField,
      enabled: body.F_EnabledMark === 1,
      description: body.F_Description,
    };
    // A concurrent save took the target (unique per form and target) or the id first.
    await refusingDuplicates(
      async () => {
        if (owner === undefined) await this.repo.insert(auth.tenantId, auth.userId, id, values);
        else await this.repo.update(auth.tenantId, id, values);
      },
      () => new AppError('formRelation.targetTaken', { label }, 409),
    );
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.remove(auth.tenantId, id))) throw notFound('formRelation.dataRelationNotFound', { id });
  }
}
