import { memo, useDeferredValue, useEffect, useRef, useState } from 'react';
import { AutoComplete, Button, Checkbox, ColorPicker, Divider, Empty, Form, Input, Radio, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { AimOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BARCODE_FORMATS,
  CELL_KINDS,
  REPORT_LIMITS,
  aggregateKind,
  cellName,
  parseCellName,
  type CellKind,
  type FieldBinding,
  type ParentRef,
  type ReportDesign,
  type ReportStyle,
  type TemplateCell,
} from '@app/contracts';
import { reportApi } from '../api';
import { bindingLabel, interpretCell, newBinding, type CellMeta, type GridCell } from './convert';
import { DictionaryPicker } from './DictionaryPicker';
import { useDesigner, useSelection } from './designer-state';

type Condition = NonNullable<TemplateCell['conditions']>[number];
type CodeKind = 'image' | 'qrcode' | 'barcode';
const isCodeKind = (k: CellKind): k is CodeKind => k === 'image' || k === 'qrcode' || k === 'barcode';

/**
 * The selected cell's properties: its kind, binding, parents, formula, conditional styles, barcode format. Drawn at
 * a lower priority than the grid (a deferred value): moving through the cells and committing one stay instant.
 */
export function CellPanel() {
  const designer = useDesigner();
  const { sel, tick } = useDeferredValue(useSelection(designer.selection));
  return <CellPanelBody r={sel?.r ?? -1} c={sel?.c ?? -1} tick={tick} />;
}

const CellPanelBody = memo(function CellPanelBody({ r, c, tick }: { r: number; c: number; tick: number }) {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const handle = designer.handleRef.current;
  if (r < 0 || !handle) {
    return (
      <div className="rd-cell-panel" data-testid="rd-cell-panel">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cell.none')} />
      </div>
    );
  }
  return <CellEditor key={`${r}_${c}`} r={r} c={c} cell={handle.cell(r, c)} tick={tick} />;
});

function CellEditor({ r, c, cell, tick }: { r: number; c: number; cell: GridCell | null; tick: number }) {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const handle = designer.handleRef.current!;
  const content = interpretCell(cell);
  const meta: CellMeta = cell?.rd ?? {};
  const storedKind: CellKind = content?.kind ?? meta.kind ?? 'text';
  // A field or a formula chosen but not written yet (no field picked, no formula typed).
  const [pendingKind, setPendingKind] = useState<CellKind | null>(null);
  useEffect(() => setPendingKind(null), [tick]);
  const kind = pendingKind ?? storedKind;
  const binding = content?.binding;
  const signature = JSON.stringify(content ?? meta);

  const write = (text: string | undefined, next: CellMeta | undefined) => {
    const clean = next && Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined));
    handle.writeCell(r, c, { ...(text !== undefined ? { text } : {}), meta: clean && Object.keys(clean).length ? (clean as CellMeta) : undefined });
  };
  const writeMeta = (patch: Partial<CellMeta>) => write(undefined, { ...meta, ...patch });
  const writeBinding = (b: FieldBinding) => write(bindingLabel(b), { ...meta, kind: kind === 'field' ? undefined : meta.kind, binding: b });

  const setKind = (k: CellKind) => {
    if (k === storedKind) return setPendingKind(null);
    const rest: CellMeta = { ...meta, kind: undefined };
    if (k === 'text') return write(storedKind === 'formula' ? (content?.text ?? '') : binding ? '' : (content?.text ?? ''), { ...rest, binding: undefined });
    if (k === 'field') {
      if (binding) return write(bindingLabel(binding), rest);
      return setPendingKind('field');
    }
    if (k === 'formula') return setPendingKind('formula');
    // An image, QR code or barcode keeps its field, or its text as fixed content (a formula's text is not content).
    const text = binding ? bindingLabel(binding) : storedKind === 'formula' ? '' : (content?.text ?? '');
    return write(text, { ...meta, kind: k, barcodeFormat: k === 'barcode' ? (meta.barcodeFormat ?? 'code128') : meta.barcodeFormat });
  };

  return (
    <div className="rd-cell-panel" data-testid="rd-cell-panel">
      <div className="rd-cell-head">
        <Typography.Text strong data-testid="rd-cell-name">
          {cellName(r, c)}
        </Typography.Text>
        <Tag data-testid="rd-cell-kind">{t(`kinds.${kind}`)}</Tag>
      </div>
      <Form layout="vertical" size="small">
        <Form.Item label={t('cell.kind')}>
          <Select value={kind} onChange={setKind} options={CELL_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} data-testid="rd-cell-kind-select" />
        </Form.Item>

        {kind === 'text' && <Typography.Paragraph type="secondary">{t('cell.textHelp')}</Typography.Paragraph>}

        {isCodeKind(kind) && (
          <CodeContent
            key={signature}
            kind={kind}
            text={binding ? '' : (content?.text ?? '')}
            bound={!!binding}
            onFixed={(text) => write(text, { ...meta, kind, binding: undefined })}
            onBind={() => {
              const ds = designer.side.dataSets[0];
              const field = ds?.fields[0]?.name;
              if (ds && field) write(bindingLabel(newBinding(ds.name, field, 'none')), { ...meta, kind, binding: newBinding(ds.name, field, 'none') });
            }}
          />
        )}

        {(kind === 'field' || (isCodeKind(kind) && binding)) && <BindingEditor binding={binding} onChange={writeBinding} codeCell={isCodeKind(kind)} />}

        {kind === 'formula' && (
          <FormulaEditor
            key={signature}
            r={r}
            c={c}
            value={storedKind === 'formula' ? (content?.text ?? '') : ''}
            onApply={(f) => write(`=${f}`, { ...meta, kind: undefined, binding: undefined })}
          />
        )}

        {kind === 'barcode' && (
          <Form.Item label={t('cell.barcodeFormat')}>
            <Select
              value={meta.barcodeFormat ?? 'code128'}
              onChange={(v) => writeMeta({ barcodeFormat: v })}
              options={BARCODE_FORMATS.map((f) => ({ value: f, label: t(`barcodeFormats.${f}`) }))}
              data-testid="rd-cell-barcode-format"
            />
          </Form.Item>
        )}

        {content && (
          <>
            <Divider plain className="rd-divider">
              {t('cell.parents')}
            </Divider>
            <ParentInput
              key={`row ${signature}`}
              axis="rowParent"
              r={r}
              c={c}
              value={meta.rowParent ?? 'auto'}
              onChange={(v) => writeMeta({ rowParent: v === 'auto' ? undefined : v })}
            />
            <ParentInput
              key={`col ${signature}`}
              axis="colParent"
              r={r}
              c={c}
              value={meta.colParent ?? 'auto'}
              onChange={(v) => writeMeta({ colParent: v === 'auto' ? undefined : v })}
            />
            <Divider plain className="rd-divider">
              {t('cell.conditions')}
            </Divider>
            <ConditionsEditor
              key={`cond ${signature}`}
              value={meta.conditions ?? []}
              onChange={(list) => writeMeta({ conditions: list.length ? list : undefined })}
            />
          </>
        )}
      </Form>
    </div>
  );
}

/** Fixed content or a field, for images, QR codes and barcodes. */
function CodeContent({
  kind,
  text,
  bound,
  onFixed,
  onBind,
}: {
  kind: CodeKind;
  text: string;
  bound: boolean;
  onFixed: (text: string) => void;
  onBind: () => void;
}) {
  const { t } = useTranslation('reportDesigner');
  const [draft, setDraft] = useState(text);
  return (
    <>
      <Form.Item label={t('cell.content')}>
        <Radio.Group
          value={bound ? 'field' : 'fixed'}
          onChange={(e) => (e.target.value === 'field' ? onBind() : onFixed(draft))}
          options={[
            { value: 'fixed', label: t('cell.fixedContent') },
            { value: 'field', label: t('cell.fromField') },
          ]}
          data-testid="rd-cell-content-mode"
        />
      </Form.Item>
      {!bound && (
        <Form.Item label={t(kind === 'image' ? 'cell.imageContent' : 'cell.codeContent')}>
          <Input
            value={draft}
            maxLength={REPORT_LIMITS.text}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => draft !== text && onFixed(draft)}
            onPressEnter={() => draft !== text && onFixed(draft)}
            data-testid="rd-cell-fixed"
          />
        </Form.Item>
      )}
    </>
  );
}

/** A field binding: data set, field, how it expands, order, aggregate, merge and dictionary. */
function BindingEditor({ binding, onChange, codeCell }: { binding: FieldBinding | undefined; onChange: (b: FieldBinding) => void; codeCell: boolean }) {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const dataSets = designer.side.dataSets;
  const [dsName, setDsName] = useState(binding?.dataSet ?? dataSets[0]?.name);
  const ds = dataSets.find((d) => d.name === (binding?.dataSet ?? dsName));
  const fieldOptions = (ds?.fields ?? []).map((f) => ({ value: f.name, label: f.label ? `${f.name} (${f.label})` : f.name }));
  const [fieldDraft, setFieldDraft] = useState(binding?.field ?? '');

  const set = (patch: Partial<FieldBinding>) => {
    const base = binding ?? newBinding(dsName ?? '', fieldDraft, 'down');
    const next = { ...base, ...patch };
    if (!next.dataSet || !next.field) return;
    onChange(next);
  };

  if (!dataSets.length) return <Typography.Paragraph type="warning">{t('cell.noDataSets')}</Typography.Paragraph>;
  return (
    <div data-testid="rd-binding">
      <Form.Item label={t('cell.dataSet')}>
        <Select
          value={binding?.dataSet ?? dsName}
          onChange={(v: string) => {
            setDsName(v);
            if (binding) set({ dataSet: v, field: dataSets.find((d) => d.name === v)?.fields[0]?.name ?? binding.field });
          }}
          options={dataSets.map((d) => ({ value: d.name, label: d.label ? `${d.name} (${d.label})` : d.name }))}
          data-testid="rd-bind-ds"
        />
      </Form.Item>
      <Form.Item label={t('cell.field')}>
        <AutoComplete
          value={fieldDraft}
          options={fieldOptions}
          onChange={(v: string) => setFieldDraft(v)}
          onSelect={(v: string) => {
            setFieldDraft(v);
            set({ field: v, dataSet: binding?.dataSet ?? dsName });
          }}
          onBlur={() => fieldDraft.trim() && fieldDraft !== binding?.field && set({ field: fieldDraft.trim(), dataSet: binding?.dataSet ?? dsName })}
          filterOption={(input, o) =>
            String(o?.value ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
          data-testid="rd-bind-field"
        />
      </Form.Item>
      {binding && (
        <>
          <Form.Item label={t('cell.expand')} tooltip={t('cell.expandHelp')}>
            <Radio.Group
              value={binding.expand}
              onChange={(e) => set({ expand: e.target.value as FieldBinding['expand'] })}
              optionType="button"
              options={(['none', 'down', 'right'] as const).map((v) => ({ value: v, label: t(`expand.${v}`) }))}
              data-testid="rd-bind-expand"
            />
          </Form.Item>
          {binding.expand !== 'none' && (
            <div className="rd-row">
              <Form.Item label={t('cell.mode')} tooltip={t('cell.modeHelp')} style={{ flex: 1 }}>
                <Select
                  value={binding.mode}
                  onChange={(v) => set({ mode: v })}
                  options={(['group', 'list'] as const).map((v) => ({ value: v, label: t(`mode.${v}`) }))}
                  data-testid="rd-bind-mode"
                />
              </Form.Item>
              <Form.Item label={t('cell.order')} style={{ flex: 1 }}>
                <Select
                  value={binding.order}
                  onChange={(v) => set({ order: v })}
                  options={(['asc', 'desc', 'none'] as const).map((v) => ({ value: v, label: t(`order.${v}`) }))}
                  data-testid="rd-bind-order"
                />
              </Form.Item>
            </div>
          )}
          {binding.expand === 'none' && !codeCell && (
            <Form.Item label={t('cell.aggregate')} tooltip={t('cell.aggregateHelp')}>
              <Select
                value={binding.aggregate}
                onChange={(v) => set({ aggregate: v })}
                options={aggregateKind.options.map((a) => ({ value: a, label: t(`aggregates.${a}`) }))}
                data-testid="rd-bind-aggregate"
              />
            </Form.Item>
          )}
          {binding.expand !== 'none' && binding.mode === 'group' && (
            <Form.Item label={t('cell.merge')} tooltip={t('cell.mergeHelp')}>
              <Switch checked={binding.merge} onChange={(v) => set({ merge: v })} data-testid="rd-bind-merge" />
            </Form.Item>
          )}
          {!codeCell && (
            <Form.Item label={t('cell.dictionary')} tooltip={t('cell.dictionaryHelp')}>
              <DictionaryPicker value={binding.dictionary} onChange={(v) => set({ dictionary: v })} testId="rd-bind-dictionary" />
            </Form.Item>
          )}
        </>
      )}
    </div>
  );
}

/** Row or column parent: auto, none (root), or a cell typed (`B3`) or picked in the grid. */
function ParentInput({
  axis,
  r,
  c,
  value,
  onChange,
}: {
  axis: 'rowParent' | 'colParent';
  r: number;
  c: number;
  value: ParentRef;
  onChange: (v: ParentRef) => void;
}) {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const mode = value === 'auto' || value === 'root' ? value : 'cell';
  const [draft, setDraft] = useState(typeof value === 'object' ? cellName(value.r, value.c) : '');
  const [error, setError] = useState(false);
  const picking = designer.picking?.axis === axis && designer.picking.target.r === r && designer.picking.target.c === c;
  const applyDraft = (text: string) => {
    const ref = parseCellName(text.trim());
    setError(!ref);
    if (ref && (ref.r !== r || ref.c !== c)) onChange(ref);
  };
  return (
    <Form.Item
      label={t(`cell.${axis}`)}
      tooltip={t(`cell.${axis}Help`)}
      validateStatus={error ? 'error' : undefined}
      help={error ? t('cell.badCellName') : undefined}
    >
      <Space.Compact block>
        <Select
          value={mode}
          style={{ width: 110 }}
          onChange={(m) => (m === 'cell' ? setDraft(draft) : onChange(m as 'auto' | 'root'))}
          options={[
            { value: 'auto', label: t('parent.auto') },
            { value: 'root', label: t('parent.root') },
            { value: 'cell', label: t('parent.cell') },
          ]}
          data-testid={`rd-${axis}-mode`}
        />
        <Input
          value={draft}
          placeholder="A1"
          onChange={(e) => setDraft(e.target.value.toUpperCase())}
          onBlur={() => draft && applyDraft(draft)}
          onPressEnter={() => applyDraft(draft)}
          data-testid={`rd-${axis}-cell`}
        />
        <Tooltip title={t('parent.pick')}>
          <Button
            icon={<AimOutlined />}
            type={picking ? 'primary' : 'default'}
            aria-label={t('parent.pick')}
            onClick={() =>
              designer.pickParent(picking ? null : { axis, target: { r, c } }, (cell) => {
                setDraft(cellName(cell.r, cell.c));
                onChange(cell);
              })
            }
            data-testid={`rd-${axis}-pick`}
          />
        </Tooltip>
      </Space.Compact>
      {picking && <Typography.Text type="secondary">{t('parent.picking')}</Typography.Text>}
    </Form.Item>
  );
}

/** The formula of a formula cell, with the server's check of it while typing. */
function FormulaEditor({ r, c, value, onApply }: { r: number; c: number; value: string; onApply: (formula: string) => void }) {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const [draft, setDraft] = useState(value);
  const [problems, setProblems] = useState<string[] | null>(null);
  const [checking, setChecking] = useState(false);
  const seq = useRef(0);

  useEffect(() => {
    const formula = draft.trim().replace(/^=/, '');
    if (!formula) return setProblems(null);
    const n = ++seq.current;
    const timer = setTimeout(() => {
      setChecking(true);
      const side = designer.side;
      // The formula alone in a sheet with the design's data sets and parameters: its own problems only.
      const design: ReportDesign = {
        version: 1,
        sheet: {
          rows: r + 1,
          cols: c + 1,
          colWidths: [],
          rowHeights: [],
          cells: [{ r, c, kind: 'formula', text: formula, rowParent: 'auto', colParent: 'auto' }],
          merges: [],
          rowFlags: [],
        },
        dataSets: side.dataSets,
        params: side.params,
        charts: [],
        print: side.print,
      };
      reportApi
        .check(design, { silent: true })
        .then((list) => n === seq.current && setProblems(list.map((p) => p.msg)))
        .catch(() => n === seq.current && setProblems(null))
        .finally(() => n === seq.current && setChecking(false));
    }, 500);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- checks the text typed, with the data sets of the moment
  }, [draft]);

  const formula = draft.trim().replace(/^=/, '');
  return (
    <Form.Item label={t('cell.formula')} extra={t('cell.formulaHelp')}>
      <Input.TextArea
        className="rd-code"
        value={draft}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={REPORT_LIMITS.formula}
        spellCheck={false}
        placeholder="SUM(C3)"
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && formula) onApply(formula);
        }}
        data-testid="rd-formula"
      />
      <div className="rd-formula-foot">
        <span data-testid="rd-formula-check">
          {checking ? (
            <Typography.Text type="secondary">{t('cell.formulaChecking')}</Typography.Text>
          ) : problems === null ? null : problems.length ? (
            problems.map((p, i) => (
              <Typography.Text key={i} type="danger" style={{ display: 'block' }}>
                {p}
              </Typography.Text>
            ))
          ) : (
            <Typography.Text type="success">{t('cell.formulaOk')}</Typography.Text>
          )}
        </span>
        <Button size="small" type="primary" disabled={!formula || formula === value} onClick={() => onApply(formula)} data-testid="rd-formula-apply">
          {t('action.apply')}
        </Button>
      </div>
    </Form.Item>
  );
}

type CondStyle = Pick<ReportStyle, 'color' | 'background' | 'bold' | 'italic'>;

/** Conditional styles: when a formula is true for the cell's value (`value < 0`), these style changes apply. */
function ConditionsEditor({ value, onChange }: { value: Condition[]; onChange: (list: Condition[]) => void }) {
  const { t } = useTranslation('reportDesigner');
  const [list, setList] = useState<Condition[]>(value);
  const commit = (next: Condition[]) => {
    setList(next);
    const valid = next.filter((x) => x.when.trim());
    if (JSON.stringify(valid) !== JSON.stringify(value)) onChange(valid);
  };
  const setStyle = (i: number, patch: Partial<CondStyle>) =>
    commit(list.map((x, j) => (j === i ? { ...x, style: JSON.parse(JSON.stringify({ ...x.style, ...patch })) as ReportStyle } : x)));
  return (
    <div data-testid="rd-conditions">
      {list.map((cond, i) => (
        <div key={i} className="rd-condition">
          <Input
            className="rd-code"
            size="small"
            value={cond.when}
            placeholder="value < 0"
            maxLength={REPORT_LIMITS.formula}
            onChange={(e) => setList(list.map((x, j) => (j === i ? { ...x, when: e.target.value } : x)))}
            onBlur={() => commit(list)}
            data-testid={`rd-condition-when-${i}`}
          />
          <Space size={4} wrap>
            <ColorPicker
              size="small"
              allowClear
              value={cond.style.color ?? null}
              onChangeComplete={(col) => setStyle(i, { color: col.cleared ? undefined : col.toHexString().slice(0, 7) })}
              onClear={() => setStyle(i, { color: undefined })}
              showText={() => t('cell.condColor')}
            />
            <ColorPicker
              size="small"
              allowClear
              value={cond.style.background ?? null}
              onChangeComplete={(col) => setStyle(i, { background: col.cleared ? undefined : col.toHexString().slice(0, 7) })}
              onClear={() => setStyle(i, { background: undefined })}
              showText={() => t('cell.condBackground')}
            />
            <Checkbox checked={!!cond.style.bold} onChange={(e) => setStyle(i, { bold: e.target.checked || undefined })}>
              {t('cell.condBold')}
            </Checkbox>
            <Checkbox checked={!!cond.style.italic} onChange={(e) => setStyle(i, { italic: e.target.checked || undefined })}>
              {t('cell.condItalic')}
            </Checkbox>
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('action.remove')}
              onClick={() => commit(list.filter((_x, j) => j !== i))}
            />
          </Space>
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={list.length >= REPORT_LIMITS.conditions}
        onClick={() => setList([...list, { when: '', style: { color: '#ff4d4f' } }])}
        data-testid="rd-condition-add"
      >
        {t('cell.addCondition')}
      </Button>
    </div>
  );
}
