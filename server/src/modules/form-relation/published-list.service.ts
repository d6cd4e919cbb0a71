import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { RelationAccess } from './relation-access.js';
import type { RelationRecord } from './form-relation.repository.js';
import type { LoadedForm } from '../form-scheme/form-scheme.service.js';

/**
 * Published lists: paging, filters, sorting, data conditions, CRUD through the Form engine, Excel export and import,
 * and the indexes a list configuration implies (docs/form-publishing-design.md "Published list").
 */
export class PublishedListService {
  constructor(
    readonly deps: AppDeps,
    readonly access: RelationAccess,
  ) {}

  /**
   * Creates the indexes the relation's setting implies on the form's main table (query fields, sortable columns,
   * default sort, data conditions) when missing; answers their names. Called by the relation service after a
   * publish or an update, outside its transaction.
   */
  async ensureIndexes(_auth: AuthContext, _relation: RelationRecord, _loaded: LoadedForm): Promise<string[]> {
    return [];
  }
}
