import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  flattenFields,
  isComputed,
  isContainer,
  PRINT_DEFAULT_BORDER,
  PRINT_IMAGE_MAX_WIDTH,
  PRINT_IMAGE_WIDTH,
  PRINT_TYPE_PAGE,
  tabChildren,
  type FormField,
  type PrintData,
  type PrintSetting,
} from '@app/contracts';
import { annexApi } from '../../components/files/api';
import { useDisplayText, type DisplayText } from '../../components/form-renderer/display-text';
import { annexFilesKey } from '../../components/files/UploadField';
import { sanitizeHtml } from '../../components/form-renderer/fields/rich/sanitize';
import { showsTotals, totalOf } from '../../components/form-renderer/SubTable';
import './print.css';

/** What the print dialog / the view's address may change of the relation's print setting. */
export interface PrintOverrides {
  style?: PrintSetting['style'];
  type?: PrintSetting['type'];
  underline?: PrintSetting['titleUnderline'];
}

export interface PrintViewProps {
  data: PrintData;
  overrides?: PrintOverrides;
  /** Shown on the official-document style's number line (the record's key). */
  documentNumber?: string;
}

/** Why a record cannot be printed (spec 5), as a formPrint message key; null when it can. */
export function printBlock(data: PrintData): 'schemeInvalid' | 'noAuthority' | null {
  const places = flattenFields(data.form.F_Scheme?.data ?? []).filter((p) => !isContainer(p.field));
  if (places.length === 0) return 'schemeInvalid';
  const viewable = new Set(data.viewable);
  if (!places.some((p) => viewable.has(p.field.__config__.formId))) return 'noAuthority';
  return null;
}

/** The setting the view prints with: the relation's, overridden by the dialog / address. */
export function effectiveSetting(setting: PrintSetting, overrides: PrintOverrides = {}): PrintSetting {
  return {
    ...setting,
    style: overrides.style ?? setting.style,
    type: overrides.type ?? setting.type,
    titleUnderline: overrides.underline ?? setting.titleUnderline,
  };
}

// ------------------------------------------------------------------ layout (24-column grid, like the renderer)

type Item =
  | { kind: 'field'; field: FormField; span: number }
  | { kind: 'section'; title: string; key: string }
  | { kind: 'table'; field: FormField; columns: FormField[] };

const GRID = 24;

/**
 * The printable items in display order: value fields with view authority (formId in `viewable`), rows opened in
 * place (their children's spans scaled to the row's), each tab as a titled section followed by its fields, and
 * sub-tables with their printable columns. Containers with nothing printable inside are left out.
 */
export function printItems(fields: readonly FormField[], viewable: ReadonlySet<number>, scale = 1): Item[] {
  const items: Item[] = [];
  for (const field of fields) {
    const c = field.__config__;
    switch (c.avueType) {
      case 'row':
        items.push(...printItems(c.children ?? [], viewable, (scale * (c.span ?? GRID)) / GRID));
        break;
      case 'tabs': {
        const tabs = c.option?.column ?? [];
        tabChildren(field).forEach((children, i) => {
          const inside = printItems(children, viewable);
          if (inside.length === 0) return;
          items.push({ kind: 'section', title: tabs[i]?.label ?? '', key: `${c.formId}-${i}` }, ...inside);
        });
        break;
      }
      case 'table': {
        const columns = (c.children ?? []).filter((col) => !isContainer(col) && viewable.has(col.__config__.formId));
        if (columns.length > 0) items.push({ kind: 'table', field, columns });
        break;
      }
      default:
        if (viewable.has(c.formId)) items.push({ kind: 'field', field, span: Math.min(GRID, Math.max(1, Math.round((c.span ?? GRID) * scale))) });
    }
  }
  return items;
}

/** Items in grid rows of 24: the last field of a row widens to fill it (a printed form has no holes); sections and tables take a row each. */
export function printRows(items: readonly Item[]): { item: Item; span: number }[][] {
  const rows: { item: Item; span: number }[][] = [];
  let row: { item: Item; span: number }[] = [];
  let used = 0;
  const flush = () => {
    if (row.length === 0) return;
    row[row.length - 1].span += GRID - used;
    rows.push(row);
    row = [];
    used = 0;
  };
  for (const item of items) {
    if (item.kind !== 'field') {
      flush();
      rows.push([{ item, span: GRID }]);
      continue;
    }
    if (used + item.span > GRID) flush();
    row.push({ item, span: item.span });
    used += item.span;
  }
  flush();
  return rows;
}

// ------------------------------------------------------------------ values

/** An upload's files: images at 200 px (at most 600 px wide), other files by name. */
function PrintFiles({ folderId }: { folderId: string }) {
  const files = useQuery({
    queryKey: annexFilesKey(folderId),
    queryFn: () => annexApi.files(folderId, true),
    retry: false,
  });
  const list = files.data ?? [];
  const images = list.filter((f) => f.previewKind === 'image');
  const others = list.filter((f) => f.previewKind !== 'image');
  return (
    <div className="fp-files">
      {images.map((f) => (
        <img key={f.F_Id} src={f.url} alt={f.F_FileName} style={{ width: PRINT_IMAGE_WIDTH, maxWidth: PRINT_IMAGE_MAX_WIDTH }} />
      ))}
      {others.map((f) => (
        <div key={f.F_Id} className="fp-file-name">
          {f.F_FileName}
        </div>
      ))}
    </div>
  );
}

function PrintValue({ field, value, text }: { field: FormField; value: unknown; text: DisplayText }): ReactNode {
  const type = field.__config__.avueType;
  if (type === 'upload') return typeof value === 'string' && value ? <PrintFiles folderId={value} /> : null;
  if (type === 'editor') return <div className="fp-rich" dangerouslySetInnerHTML={{ __html: sanitizeHtml(typeof value === 'string' ? value : '') }} />;
  return text(field, value);
}

function PrintTable({ field, columns, rows, text }: { field: FormField; columns: FormField[]; rows: Record<string, unknown>[]; text: DisplayText }) {
  const { t } = useTranslation('formPrint');
  // The renderer's rule: number and computed columns are summed (decimal-exact) when the table shows totals.
  const totals = showsTotals(field, columns)
    ? columns.map((c) =>
        c.__config__.avueType === 'number' || isComputed(c)
          ? totalOf(
              c,
              rows.map((r) => r[c.__vModel__ ?? '']),
            )
          : '',
      )
    : null;
  return (
    <table className="fp-subtable" data-testid={`print-table-${field.__vModel__}`}>
      <thead>
        <tr>
          <th className="fp-index">{t('index')}</th>
          {columns.map((c) => (
            <th key={c.__config__.formId}>{c.__config__.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <td className="fp-index">{i + 1}</td>
            {columns.map((c) => (
              <td key={c.__config__.formId}>
                <PrintValue field={c} value={row[c.__vModel__ ?? '']} text={text} />
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length + 1} className="fp-empty">
              {t('noRows')}
            </td>
          </tr>
        )}
      </tbody>
      {totals && (
        <tfoot>
          <tr className="fp-totals">
            <td className="fp-index">{t('total')}</td>
            {totals.map((total, i) => (
              <td key={columns[i].__config__.formId}>{total}</td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
}

// ------------------------------------------------------------------ the page

const PAGE_MM = { A3: [297, 420], A4: [210, 297], A5: [148, 210] } as const;

/**
 * The print view of a record (docs/form-publishing-design.md "Printing"): the form laid out by its 24-column
 * spans in one of four styles, on the paper of the print type (@page, so the browser's print dialog and the PDF
 * use the same size). Only `viewable` fields are printed; a form without fields or without printable fields is
 * blocked with the spec 5 texts.
 */
export function PrintView({ data, overrides, documentNumber }: PrintViewProps) {
  const { t } = useTranslation('formPrint');
  const setting = effectiveSetting(data.setting, overrides);
  const fields = useMemo(() => data.form.F_Scheme?.data ?? [], [data.form.F_Scheme]);
  const source = useMemo(() => ({ schemeId: data.form.F_Id, versionId: data.form.F_SchemeId }), [data.form.F_Id, data.form.F_SchemeId]);
  const text = useDisplayText(fields, source);
  const viewable = useMemo(() => new Set(data.viewable), [data.viewable]);
  const rows = useMemo(() => printRows(printItems(fields, viewable)), [fields, viewable]);
  const block = printBlock(data);
  if (block) return <Alert type="error" showIcon title={t(block)} data-testid="print-blocked" style={{ margin: 24 }} />;

  const page = PRINT_TYPE_PAGE[setting.type] ?? PRINT_TYPE_PAGE[1];
  const [w, h] = PAGE_MM[page.size];
  const [paperWidth, paperHeight] = page.landscape ? [h, w] : [w, h];
  const labelWidth = Number(data.form.F_Scheme.formConf?.labelWidth) || 120;
  const title = setting.title || data.title;
  const border = setting.style === 0 ? setting.borderColor || PRINT_DEFAULT_BORDER : undefined;
  const values = data.formData;
  return (
    <div
      className={`fp-page fp-style-${setting.style}`}
      data-testid="print-view"
      data-print-style={setting.style}
      data-print-type={setting.type}
      style={{ '--fp-paper-width': `${paperWidth}mm`, '--fp-paper-height': `${paperHeight}mm`, ...(border ? { '--fp-border': border } : {}) } as CSSProperties}
    >
      <style>{`@page { size: ${page.size} ${page.landscape ? 'landscape' : 'portrait'}; margin: 12mm; }`}</style>
      <header className="fp-head">
        <h1 className={`fp-title${setting.titleUnderline === 1 ? ' fp-title-underline' : ''}`} data-testid="print-title">
          {title}
        </h1>
        {setting.style === 1 && (
          <div className="fp-doc-line">
            <span>
              {t('docNumber')}
              {documentNumber ?? ''}
            </span>
            <span>
              {t('printDate')}
              {new Date().toLocaleDateString('sv-SE')}
            </span>
          </div>
        )}
      </header>
      <div className="fp-grid">
        {rows.map((row) =>
          row.map(({ item, span }) => {
            if (item.kind === 'section') {
              return (
                <div key={`s-${item.key}`} className="fp-section" style={{ gridColumn: `span ${GRID}` }}>
                  {item.title}
                </div>
              );
            }
            if (item.kind === 'table') {
              const list = values[item.field.__vModel__ ?? ''];
              return (
                <div key={item.field.__config__.formId} className="fp-cell fp-table-cell" style={{ gridColumn: `span ${GRID}` }}>
                  {item.field.__config__.showLabel !== false && <div className="fp-table-label">{item.field.__config__.label}</div>}
                  <PrintTable field={item.field} columns={item.columns} rows={Array.isArray(list) ? (list as Record<string, unknown>[]) : []} text={text} />
                </div>
              );
            }
            const c = item.field.__config__;
            const own = c.labelWidth !== undefined && c.labelWidth !== 120 ? c.labelWidth : labelWidth;
            return (
              <div key={c.formId} className={`fp-cell fp-type-${c.avueType}`} style={{ gridColumn: `span ${span}` }} data-field={item.field.__vModel__}>
                {c.showLabel !== false && (
                  <div className="fp-label" style={{ width: own }}>
                    {c.label}
                  </div>
                )}
                <div className="fp-value">
                  <PrintValue field={item.field} value={values[item.field.__vModel__ ?? '']} text={text} />
                </div>
              </div>
            );
          }),
        )}
      </div>
    </div>
  );
}
