import { memo, useCallback, useMemo } from 'react';
import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { authorityOf, COMPUTATION_DECIMALS, formatDecimal, isComputed, ownValue, parseDecimal, sumDecimals, triggerOf, type FormField } from '@app/contracts';
import { useFormContext, useStoreError, useStoreValue } from './context';
import { componentOf } from './fieldComponent';
import { FieldFrame, GridCol } from './frame';
import { typeOf, vModelOf } from './model';
import { liteText, PlainOrReal } from './liteCell';
import { cellPath, type Row } from './store';
import { errorText, validateCell } from './validation';

const NO_ROWS: Row[] = [];

/** Number and computed columns are summed in the totals row. */
const isNumeric = (column: FormField) => typeOf(column) === 'number' || isComputed(column);

/** A column's total: computed columns keep their 2 decimals, numbers their precision when set (decimal-exact). */
export function totalOf(column: FormField, values: unknown[]): string {
  const sum = parseDecimal(sumDecimals(values));
  if (!sum) return '';
  const digits = isComputed(column) ? COMPUTATION_DECIMALS : column.precision;
  return formatDecimal(sum, digits);
}

/**
 * Totals row: shown when the container says showSummary, or — when it says nothing — as soon as the table has a
 * number or computed column (the original's sub-tables sum their amount columns). showSummary false hides it.
 */
export function showsTotals(table: FormField, columns: FormField[]): boolean {
  return table.__config__.showSummary ?? columns.some(isNumeric);
}

/**
 * A sub-table: rows under the container's __vModel__, one memoised component per row so a keystroke in a cell
 * re-renders that row (and the totals) only. A plain table keeps 100 rows × columns light (antd Table re-renders
 * every row on a data change).
 */
export const SubTable = memo(function SubTable({ field }: { field: FormField }) {
  const { store, readOnly: formReadOnly, authority, t } = useFormContext();
  const key = vModelOf(field);
  const value = useStoreValue(store, key);
  const rows = Array.isArray(value) ? (value as Row[]) : NO_ROWS;
  const columns = useMemo(() => (store.model.columns.get(key) ?? []).filter((c) => authorityOf(c, authority).view), [store, key, authority]);
  const addRow = useCallback(() => store.addRow(key), [store, key]);

  const auth = authorityOf(field, authority);
  if (!auth.view) return null;
  const readOnly = formReadOnly || !auth.edit || !!field.disabled;
  const totals = showsTotals(field, columns)
    ? columns.map((c) =>
        isNumeric(c)
          ? totalOf(
              c,
              rows.map((r) => ownValue(r, vModelOf(c))),
            )
          : '',
      )
    : null;
  const config = field.__config__;
  return (
    <GridCol span={config.span ?? 24} data-field={key}>
      <FieldFrame label={config.showLabel === false ? undefined : config.label} required={auth.required} labelWidth={0} labelTop>
        <div className="fr-subtable-wrap">
          <table className="fr-subtable">
            <thead>
              <tr>
                <th style={{ width: 48 }}>{t('table.index')}</th>
                {columns.map((c) => (
                  <th key={c.__config__.formId} style={{ minWidth: 120 }}>
                    {authorityOf(c, authority).required && <span className="fr-star">*</span>}
                    {c.__config__.label}
                  </th>
                ))}
                {!readOnly && <th style={{ width: 64 }}>{t('table.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <SubTableRow key={store.rowKey(row)} table={key} row={row} index={index} columns={columns} readOnly={readOnly} />
              ))}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={columns.length + (readOnly ? 1 : 2)} className="fr-empty">
                    {t('table.empty')}
                  </td>
                </tr>
              )}
            </tbody>
            {totals && (
              <tfoot>
                <tr className="fr-subtable-totals">
                  <td>{t('table.total')}</td>
                  {totals.map((total, i) => (
                    <td key={columns[i].__config__.formId} data-total={vModelOf(columns[i])}>
                      {total}
                    </td>
                  ))}
                  {!readOnly && <td />}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
        {!readOnly && (
          <Button type="dashed" icon={<PlusOutlined />} onClick={addRow} style={{ marginTop: 8 }}>
            {t('table.add')}
          </Button>
        )}
      </FieldFrame>
    </GridCol>
  );
});

interface RowProps {
  table: string;
  row: Row;
  index: number;
  columns: FormField[];
  readOnly: boolean;
}

const SubTableRow = memo(function SubTableRow({ table, row, index, columns, readOnly }: RowProps) {
  const { store, t } = useFormContext();
  const rowKey = store.rowKey(row);
  return (
    <tr data-row={index}>
      <td>{index + 1}</td>
      {columns.map((column) => (
        <td key={column.__config__.formId}>
          <SubTableCell table={table} rowKey={rowKey} index={index} column={column} value={ownValue(row, vModelOf(column))} readOnly={readOnly} />
        </td>
      ))}
      {!readOnly && (
        <td>
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('table.delete')}
            title={t('table.delete')}
            onClick={() => store.removeRow(table, index)}
          />
        </td>
      )}
    </tr>
  );
});

interface CellProps {
  table: string;
  rowKey: string;
  index: number;
  column: FormField;
  value: unknown;
  readOnly: boolean;
}

const SubTableCell = memo(function SubTableCell({ table, rowKey, index, column, value, readOnly }: CellProps) {
  const { store, runtime, authority, t } = useFormContext();
  const vModel = vModelOf(column);
  const error = useStoreError(store, cellPath(table, rowKey, vModel));
  const trigger = triggerOf(column);
  const onChange = useCallback(
    (next: unknown) => {
      store.setCell(table, index, vModel, next);
      if (trigger === 'change') validateCell(store, table, index, vModel, authority);
    },
    [store, table, index, vModel, trigger, authority],
  );
  const onBlur = useCallback(() => {
    if (trigger === 'blur') validateCell(store, table, index, vModel, authority);
  }, [store, table, index, vModel, trigger, authority]);
  const row = useMemo(
    () => ({
      index,
      getValueByFormId: (formId: number) => store.rowValueOf(table, store.rows(table)[index] ?? {}, formId),
      setByFormId: (values: Record<string, unknown>) => store.setRowByFormId(table, index, values),
    }),
    [store, table, index],
  );
  const Control = componentOf(column);
  const disabled = readOnly || !authorityOf(column, authority).edit || !!column.disabled || isComputed(column);
  const text = errorText(t, error);
  return (
    <div data-cell={vModel}>
      <PlainOrReal text={liteText(column, value)} disabled={disabled} placeholder={column.placeholder} invalid={!!text}>
        <Control field={column} value={value} onChange={onChange} onBlur={onBlur} disabled={disabled} form={runtime} row={row} />
      </PlainOrReal>
      {text && <div className="fr-cell-error">{text}</div>}
    </div>
  );
});
