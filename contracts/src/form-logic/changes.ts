import type { FieldAuthority, FormField, FormValues } from '../forms.js';
import { authorityOf, flattenFields, isContainer, isShown, joinMulti, ownValue } from './walk.js';

/** One value that differs between two versions of a record (a sub-table cell is `table[row].column`, row from 1). */
export interface ValueChange {
  field: string;
  label: string;
  old: string;
  new: string;
}

/** A stored value as text for a change record: lists comma-joined, nothing as ''. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return joinMulti(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The values that differ between `before` and `after`, over the fields the authority lets a user edit (shown and
 * editable; every field without an authority). Sub-table rows are compared by position: an added row shows its
 * cells from '' and a removed one its cells to ''.
 */
export function formChanges(data: FormField[], before: FormValues, after: FormValues, authority?: FieldAuthority[]): ValueChange[] {
  const editable = (place: Parameters<typeof isShown>[0]) => isShown(place, authority) && authorityOf(place.field, authority).edit;
  const labelOf = (field: FormField) => field.__config__.label || field.__vModel__ || '';
  const changes: ValueChange[] = [];
  const places = flattenFields(data);
  for (const place of places) {
    const { field } = place;
    if (place.table || !field.__vModel__ || !editable(place)) continue;
    if (field.__config__.avueType === 'table') {
      const columns = places.filter(
        (p) => p.table === field && p.field.__vModel__ && !isContainer(p.field) && authorityOf(p.field, authority).edit && authorityOf(p.field, authority).view,
      );
      const rows = (value: unknown) => (Array.isArray(value) ? (value as FormValues[]) : []);
      const old = rows(ownValue(before, field.__vModel__));
      const next = rows(ownValue(after, field.__vModel__));
      for (let i = 0; i < Math.max(old.length, next.length); i++) {
        for (const column of columns) {
          const from = valueText(old[i] ? ownValue(old[i]!, column.field.__vModel__!) : undefined);
          const to = valueText(next[i] ? ownValue(next[i]!, column.field.__vModel__!) : undefined);
          if (from !== to)
            changes.push({
              field: `${field.__vModel__}[${i + 1}].${column.field.__vModel__}`,
              label: `${labelOf(field)} #${i + 1} · ${labelOf(column.field)}`,
              old: from,
              new: to,
            });
        }
      }
      continue;
    }
    if (isContainer(field)) continue;
    const from = valueText(ownValue(before, field.__vModel__));
    const to = valueText(ownValue(after, field.__vModel__));
    if (from !== to) changes.push({ field: field.__vModel__, label: labelOf(field), old: from, new: to });
  }
  return changes;
}
