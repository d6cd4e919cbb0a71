import {
  computationReferences,
  computeField,
  defaultRowValues,
  defaultValues,
  ownValue,
  setOwnValue,
  type FieldError,
  type FormField,
  type FormValues,
} from '@app/contracts';
import { type FormModel, vModelOf } from './model';

type Listener = () => void;
export type Row = Record<string, unknown>;
/** A shown error: a translation key with params, or a literal message (FieldError without its place). */
export type ShownError = Pick<FieldError, 'key' | 'params' | 'message'>;

/** Error path of a sub-table cell: by the row's stable key, so errors follow their row when rows above are deleted. */
export const cellPath = (table: string, rowKey: string, column: string): string => `${table}\u0001${rowKey}\u0001${column}`;

/** Listeners by key: a change notifies the listeners of that key only. */
class Channels {
  private byKey = new Map<string, Set<Listener>>();
  subscribe(key: string, listener: Listener): () => void {
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byKey.delete(key);
    };
  }
  emit(key: string): void {
    const set = this.byKey.get(key);
    if (set) for (const listener of [...set]) listener();
  }
}

/** Computed fields feeding each other stop after this many rounds (a formula cycle must not hang the page). */
const MAX_ROUNDS = 10;

/**
 * The values of one rendered form, outside React: components subscribe to their own key
 * (useSyncExternalStore), so typing in one field re-renders that field only. Sub-table rows live under the
 * container's __vModel__ as an array of row objects; a changed cell replaces its row object and the array, so the
 * table re-renders but unchanged (memoised) rows do not. Computed fields are recomputed here, not in components,
 * so they are right (and saved) even when not mounted (an unopened tab).
 */
export class FormStore {
  private values: FormValues = {};
  private errors = new Map<string, ShownError>();
  private valueChannels = new Channels();
  private errorChannels = new Channels();
  private anyListeners = new Set<Listener>();
  /** Stable React keys of rows; a row object replaced by a cell change hands its key on. */
  private rowKeys = new WeakMap<object, string>();
  private nextRowKey = 1;
  /** formId → main __vModel__, and which computed things read each formId. */
  private readonly readers = new Map<number, { main: FormField[]; tables: Set<string> }>();
  private rounds = 0;

  constructor(readonly model: FormModel) {
    const reader = (id: number) => {
      let entry = this.readers.get(id);
      if (!entry) this.readers.set(id, (entry = { main: [], tables: new Set() }));
      return entry;
    };
    for (const field of model.computedMain) for (const id of computationReferences(field)) reader(id).main.push(field);
    for (const [table, fields] of model.computedColumns) {
      // A column formula reading a main-form field: every row recomputes when that field changes.
      for (const field of fields) for (const id of computationReferences(field)) if (model.mainByFormId.has(id)) reader(id).tables.add(table);
    }
  }

  // ---------- values ----------

  get(key: string): unknown {
    return this.values[key];
  }

  getAll(): FormValues {
    return { ...this.values };
  }

  valueOfFormId = (formId: number): unknown => {
    const field = this.model.mainByFormId.get(formId);
    return field ? this.values[vModelOf(field)] : undefined;
  };

  set(key: string, value: unknown): void {
    if (Object.is(this.values[key], value)) return;
    this.values[key] = value;
    this.afterChange(key);
    this.emit(key);
  }

  /** Sets several keys (setValues, bound select): computed fields are brought up to date once, then everyone hears. */
  setMany(values: FormValues): void {
    const changed = Object.keys(values).filter((key) => !Object.is(this.values[key], values[key]));
    if (changed.length === 0) return;
    for (const key of changed) this.values[key] = values[key];
    this.recomputeAll();
    this.emitMany(changed);
  }

  /** Starts over from initial values (and defaults for keys they lack); answers the store. */
  init(values: FormValues | undefined): this {
    this.replace(values ?? {});
    return this;
  }

  /** Sets main-form fields by formId (bound select, also fields inside tabs); sub-table columns are not main fields. */
  setByFormId(values: Record<string, unknown>): void {
    const byKey: FormValues = {};
    for (const [formId, value] of Object.entries(values)) {
      const field = this.model.mainByFormId.get(Number(formId));
      if (field?.__vModel__) setOwnValue(byKey, field.__vModel__, value);
    }
    this.setMany(byKey);
  }

  /** Replaces every value (initial values, reset): defaults for keys not given, sub-tables as arrays. */
  replace(values: FormValues): void {
    const previous = this.values;
    // Without a prototype, values keyed by a field named constructor, toString or __proto__ (schemes stored before
    // the save refused such names) read and write as own keys, not as Object.prototype's members.
    this.values = Object.assign(Object.create(null) as FormValues, defaultValues(this.model.data), values);
    for (const table of this.model.tables.keys()) {
      // Rows must be objects (they are keyed and spread); anything else in stored data is dropped.
      const rows = this.values[table];
      this.values[table] = Array.isArray(rows) ? rows.filter((r): r is Row => typeof r === 'object' && r !== null && !Array.isArray(r)) : [];
    }
    this.recomputeAll();
    this.setErrors(new Map());
    this.emitMany([...new Set([...Object.keys(previous), ...Object.keys(this.values)])]);
  }

  subscribe(key: string, listener: Listener): () => void {
    return this.valueChannels.subscribe(key, listener);
  }

  /** Any value change (runtime subscribers, onValuesChange). */
  subscribeAny(listener: Listener): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  private emit(key: string): void {
    this.emitMany([key]);
  }

  /** Each key's listeners, then the any-change listeners once (a reset is one change for them, not 200). */
  private emitMany(keys: string[]): void {
    for (const key of keys) this.valueChannels.emit(key);
    for (const listener of [...this.anyListeners]) listener();
  }

  // ---------- sub-tables ----------

  rows(table: string): Row[] {
    const rows = this.values[table];
    return Array.isArray(rows) ? (rows as Row[]) : [];
  }

  rowKey(row: Row): string {
    let key = this.rowKeys.get(row);
    if (!key) this.rowKeys.set(row, (key = `r${this.nextRowKey++}`));
    return key;
  }

  /** A new row with the columns' defaults (and computed columns) at the end. */
  addRow(table: string): void {
    const container = this.model.tables.get(table);
    if (!container) return;
    const row = this.computeRow(table, defaultRowValues(container));
    this.set(table, [...this.rows(table), row]);
  }

  removeRow(table: string, index: number): void {
    const rows = this.rows(table);
    const removed = rows[index];
    if (!removed) return;
    const key = this.rowKey(removed);
    for (const path of [...this.errors.keys()]) if (path.startsWith(`${table}\u0001${key}\u0001`)) this.setError(path, null);
    this.set(
      table,
      rows.filter((_, i) => i !== index),
    );
  }

  setCell(table: string, index: number, column: string, value: unknown): void {
    const rows = this.rows(table);
    const row = rows[index];
    if (!row || Object.is(ownValue(row, column), value)) return;
    this.set(
      table,
      rows.map((r, i) => (i === index ? this.computeRow(table, { ...row, [column]: value }, row) : r)),
    );
  }

  /** Sets cells of one row by formId (a bound select inside a sub-table copies into its own row). */
  setRowByFormId(table: string, index: number, values: Record<string, unknown>): void {
    const rows = this.rows(table);
    const row = rows[index];
    if (!row) return;
    const next = { ...row };
    for (const [formId, value] of Object.entries(values)) {
      const column = (this.model.columns.get(table) ?? []).find((c) => c.__config__.formId === Number(formId));
      if (column?.__vModel__) setOwnValue(next, column.__vModel__, value);
    }
    this.set(
      table,
      rows.map((r, i) => (i === index ? this.computeRow(table, next, row) : r)),
    );
  }

  /** Value of a formId for a row: a column of the same table reads the row, anything else the main form. */
  rowValueOf(table: string, row: Row, formId: number): unknown {
    const column = (this.model.columns.get(table) ?? []).find((c) => c.__config__.formId === formId);
    return column ? ownValue(row, vModelOf(column)) : this.valueOfFormId(formId);
  }

  // ---------- computed fields ----------

  private afterChange(key: string): void {
    const field = this.model.mainByVModel.get(key);
    const readers = field && this.readers.get(field.__config__.formId);
    if (!readers) return;
    // A chain of computed fields recomputes through set(); the round counter stops a formula cycle.
    if (this.rounds > MAX_ROUNDS) return;
    this.rounds += 1;
    try {
      for (const computed of readers.main) this.set(vModelOf(computed), computeField(computed, this.valueOfFormId) ?? '');
      for (const table of readers.tables) {
        const rows = this.rows(table);
        const next = rows.map((row) => this.computeRow(table, row, row));
        if (next.some((row, i) => row !== rows[i])) this.set(table, next);
      }
    } finally {
      this.rounds -= 1;
    }
  }

  /**
   * The row with its computed columns brought up to date (several passes so one computed column may read another).
   * Answers the same object when nothing changed; `keyOf` is the row whose React key the result keeps.
   */
  private computeRow(table: string, row: Row, keyOf?: Row): Row {
    const computed = this.model.computedColumns.get(table) ?? [];
    let next = row;
    for (let pass = 0; pass < Math.min(computed.length, MAX_ROUNDS); pass++) {
      let changed = false;
      for (const field of computed) {
        const value = computeField(field, (id) => this.rowValueOf(table, next, id)) ?? '';
        if (!Object.is(ownValue(next, vModelOf(field)), value)) {
          next = next === row ? { ...row } : next;
          setOwnValue(next, vModelOf(field), value);
          changed = true;
        }
      }
      if (!changed) break;
    }
    if (next === keyOf) return next;
    if (keyOf) this.rowKeys.set(next, this.rowKey(keyOf));
    return next;
  }

  /** Every computed field and column from the current values (after replace / setMany). */
  private recomputeAll(): void {
    for (let pass = 0; pass < MAX_ROUNDS; pass++) {
      let changed = false;
      for (const field of this.model.computedMain) {
        const value = computeField(field, this.valueOfFormId) ?? '';
        if (!Object.is(this.values[vModelOf(field)], value)) {
          this.values[vModelOf(field)] = value;
          changed = true;
        }
      }
      if (!changed) break;
    }
    for (const table of this.model.computedColumns.keys()) {
      const rows = this.rows(table);
      const next = rows.map((row) => this.computeRow(table, row, row));
      if (next.some((row, i) => row !== rows[i])) this.values[table] = next;
    }
  }

  // ---------- errors ----------

  getError(path: string): ShownError | undefined {
    return this.errors.get(path);
  }

  setError(path: string, error: ShownError | null): void {
    const previous = this.errors.get(path);
    if (!error && !previous) return;
    if (error) this.errors.set(path, error);
    else this.errors.delete(path);
    this.errorChannels.emit(path);
  }

  /** Replaces every shown error (validate()). */
  setErrors(errors: Map<string, ShownError>): void {
    const paths = new Set([...this.errors.keys(), ...errors.keys()]);
    this.errors = new Map(errors);
    for (const path of paths) this.errorChannels.emit(path);
  }

  subscribeError(path: string, listener: Listener): () => void {
    return this.errorChannels.subscribe(path, listener);
  }
}
