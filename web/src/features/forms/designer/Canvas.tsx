import { memo, useEffect, useMemo, useState, type CSSProperties, type DragEvent, type ReactNode } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, DragOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@app/contracts';
import { isContainer, listKey, type ListRef } from './scheme-ops';
import { useDesigner } from './context';
import { shownPlaceholder } from '../../../components/form-renderer/placeholder';

/**
 * Render counts per formId. The canvas must stay responsive with 200 fields: a test edits one field and checks that
 * only that item rendered again. Counting costs one map write per render.
 */
export const canvasRenders = new Map<number, number>();

const border = '1px solid rgba(128,128,128,0.35)';
const controlStyle: CSSProperties = {
  border,
  borderRadius: 6,
  minHeight: 32,
  padding: '4px 11px',
  color: 'rgba(128,128,128,0.9)',
  background: 'rgba(128,128,128,0.06)',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
};

type Edge = 'before' | 'after' | null;

/** Before or after the item under the pointer (by the middle of its box). */
function edgeOf(e: DragEvent<HTMLElement>, horizontal: boolean): Edge {
  const r = e.currentTarget.getBoundingClientRect();
  return horizontal ? (e.clientX > r.left + r.width / 2 ? 'after' : 'before') : e.clientY > r.top + r.height / 2 ? 'after' : 'before';
}

/** A list of fields the user can drop into: the form, a row, a tab or a sub-table (columns side by side). */
export function FieldList({
  list,
  fields,
  selectedId,
  columns = false,
  testId,
}: {
  list: ListRef;
  fields: readonly FormField[];
  selectedId: number | null;
  columns?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('formDesigner');
  const ctx = useDesigner();
  const [over, setOver] = useState(false);
  return (
    <div
      data-testid={testId ?? `canvas-list-${listKey(list)}`}
      style={{
        display: 'flex',
        flexWrap: columns ? 'nowrap' : 'wrap',
        overflowX: columns ? 'auto' : undefined,
        alignContent: 'flex-start',
        minHeight: list.kind === 'root' ? 240 : 56,
        padding: 4,
        gap: columns ? 4 : 0,
        outline: over ? '2px dashed #1677ff' : undefined,
        borderRadius: 4,
      }}
      onDragOver={(e) => {
        e.stopPropagation();
        if (!ctx.canDropHere(list)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        ctx.drop(list, fields.length);
      }}
    >
      {fields.map((f, i) => (
        <CanvasItem
          key={f.__config__.formId}
          field={f}
          list={list}
          index={i}
          selected={selectedId === f.__config__.formId}
          selectedId={isContainer(f.__config__.avueType) ? selectedId : null}
          column={columns}
        />
      ))}
      {!fields.length && (
        <div style={{ flex: 1, alignSelf: 'center', textAlign: 'center', color: 'rgba(128,128,128,0.8)', padding: 8 }}>
          {t(list.kind === 'root' ? 'canvas.emptyForm' : 'canvas.emptyList')}
        </div>
      )}
    </div>
  );
}

interface ItemProps {
  field: FormField;
  list: ListRef;
  index: number;
  selected: boolean;
  /** Only containers get the selection (their contents show it); leaves get null so selecting elsewhere skips them. */
  selectedId: number | null;
  /** A sub-table column (laid out side by side). */
  column: boolean;
}

/** One field or container on the canvas; memoised by field identity (the scheme is immutable, see scheme-ops). */
export const CanvasItem = memo(function CanvasItem({ field, list, index, selected, selectedId, column }: ItemProps) {
  const { t } = useTranslation('formDesigner');
  const ctx = useDesigner();
  const [edge, setEdge] = useState<Edge>(null);
  const c = field.__config__;
  canvasRenders.set(c.formId, (canvasRenders.get(c.formId) ?? 0) + 1);
  const container = isContainer(c.avueType);
  // View off: the field is hidden on the form; the canvas shows it dimmed with a tag.
  const hidden = c.view === false;
  const body = container ? <ContainerBody field={field} selectedId={selectedId} /> : <LeafBody field={field} column={column} />;
  const edgeShadow =
    edge === 'before'
      ? column
        ? 'inset 3px 0 0 #1677ff'
        : 'inset 0 3px 0 #1677ff'
      : edge === 'after'
        ? column
          ? 'inset -3px 0 0 #1677ff'
          : 'inset 0 -3px 0 #1677ff'
        : undefined;
  return (
    <div
      data-testid={`canvas-field-${c.formId}`}
      data-selected={selected || undefined}
      data-hidden={hidden || undefined}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={c.label}
      title={t('canvas.itemHelp')}
      draggable
      onDragStart={(e) => {
        e.stopPropagation();
        e.dataTransfer.effectAllowed = 'move';
        // Firefox starts a drag only with some data set.
        e.dataTransfer.setData('text/plain', String(c.formId));
        ctx.startDrag({ kind: 'move', formId: c.formId });
      }}
      onDragEnd={() => ctx.endDrag()}
      onDragOver={(e) => {
        e.stopPropagation();
        if (!ctx.canDropHere(list)) return;
        e.preventDefault();
        const next = edgeOf(e, column);
        if (next !== edge) setEdge(next);
      }}
      onDragLeave={() => setEdge(null)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        const at = edgeOf(e, column) === 'after' ? index + 1 : index;
        setEdge(null);
        ctx.drop(list, at);
      }}
      onClick={(e) => {
        e.stopPropagation();
        ctx.dispatch({ type: 'select', formId: c.formId });
      }}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          ctx.dispatch({ type: 'select', formId: c.formId });
        }
        // Drag and drop needs a pointer: Alt+↑ / Alt+↓ reorder from the keyboard.
        if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
          e.preventDefault();
          ctx.dispatch({ type: 'move', formId: c.formId, list, index: e.key === 'ArrowUp' ? Math.max(0, index - 1) : index + 2 });
        }
      }}
      style={{
        position: 'relative',
        boxSizing: 'border-box',
        width: column ? 200 : `${((c.span ?? 24) / 24) * 100}%`,
        flex: column ? '0 0 200px' : undefined,
        padding: container ? 8 : '8px 8px 12px',
        borderRadius: 6,
        cursor: 'move',
        outline: selected ? '2px solid #1677ff' : '1px dashed transparent',
        background: selected ? 'rgba(22,119,255,0.06)' : undefined,
        boxShadow: edgeShadow,
      }}
    >
      {hidden && (
        <Tag
          data-testid={`canvas-hidden-${c.formId}`}
          style={{ position: 'absolute', left: 4, top: 2, zIndex: 1, marginInlineEnd: 0, fontSize: 11, lineHeight: '16px', opacity: 0.9 }}
        >
          {t('canvas.hidden')}
        </Tag>
      )}
      {selected && (
        <div style={{ position: 'absolute', right: 4, top: 2, zIndex: 1, display: 'flex', gap: 2 }}>
          <Tooltip title={t('toolbar.copy')}>
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label={t('toolbar.copy')}
              onClick={(e) => {
                e.stopPropagation();
                ctx.dispatch({ type: 'copy', formId: c.formId });
              }}
            />
          </Tooltip>
          <Tooltip title={t('toolbar.delete')}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('toolbar.delete')}
              onClick={(e) => {
                e.stopPropagation();
                ctx.dispatch({ type: 'remove', formId: c.formId });
              }}
            />
          </Tooltip>
        </div>
      )}
      {hidden ? <div style={{ opacity: 0.45 }}>{body}</div> : body}
    </div>
  );
});

/** Label and control; a sub-table column shows its label above, like the renderer's column header. */
function LeafBody({ field, column }: { field: FormField; column: boolean }) {
  const c = field.__config__;
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: column ? 'column' : 'row',
        gap: column ? 4 : 8,
        alignItems: column ? 'stretch' : 'flex-start',
        pointerEvents: 'none',
      }}
    >
      {c.showLabel !== false && (
        <div
          style={{
            width: column ? undefined : Math.min(c.labelWidth ?? 120, 200),
            flex: 'none',
            textAlign: column ? 'left' : 'right',
            paddingTop: column ? 0 : 5,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {c.required && <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>}
          {c.label}
        </div>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <ControlMock field={field} />
      </div>
    </div>
  );
}

/** A light stand-in for the real control (the preview shows the real renderer). */
function ControlMock({ field }: { field: FormField }) {
  const { t } = useTranslation('formDesigner');
  const c = field.__config__;
  const options = field.__slot__?.options ?? [];
  const source = c.dataType && c.dataType !== 'static' ? t(`dataType.${c.dataType}`) : '';
  const box = (text: ReactNode, extra?: CSSProperties) => <div style={{ ...controlStyle, ...extra }}>{text}</div>;
  switch (c.avueType) {
    case 'radio':
    case 'checkbox':
      return <div style={{ paddingTop: 5 }}>{source ? `(${source})` : options.map((o) => `${c.avueType === 'radio' ? '○' : '☐'} ${o.label}`).join('   ')}</div>;
    case 'switch':
      return <div style={{ paddingTop: 5 }}>⬤━ {String(field['active-text'] ?? '')}</div>;
    case 'slider':
      return (
        <div style={{ paddingTop: 12 }}>
          <div style={{ height: 4, borderRadius: 2, background: 'rgba(128,128,128,0.35)' }} />
        </div>
      );
    case 'rate':
      return <div style={{ paddingTop: 5 }}>{'☆'.repeat(Math.min(Number(field.max ?? 5) || 5, 10))}</div>;
    case 'textarea':
    case 'editor':
      return box(shownPlaceholder(field) ?? '', { minHeight: c.avueType === 'editor' ? 120 : 80 });
    case 'upload':
      return box(`⇪ ${t('canvas.upload')}`, { display: 'inline-block' });
    case 'map':
      return box(`⌖ ${t('type.map')}`, { minHeight: 120 });
    case 'color':
      return box('', { width: 32 });
    case 'info':
      return box(t(`infoType.${field.infoType ?? 'user'}`));
    case 'computation':
      return box(formulaText(field, t('formula.taxRate')) || t('canvas.formula'));
    default: {
      const prepend = field.__slot__?.prepend;
      const append = field.__slot__?.append;
      return box(
        <>
          {prepend ? `[${prepend}] ` : ''}
          {shownPlaceholder(field) || source}
          {append ? ` [${append}]` : ''}
        </>,
      );
    }
  }
}

/** A formula as text: its tokens' names, the tax-rate token as `taxLabel`. */
export function formulaText(field: FormField, taxLabel: string): string {
  return (field.computationalConfiguration ?? []).map((x) => (x.type === 'taxRate' ? taxLabel : x.name)).join(' ');
}

function ContainerBody({ field, selectedId }: { field: FormField; selectedId: number | null }) {
  const c = field.__config__;
  const header = (
    <div style={{ fontSize: 12, color: 'rgba(128,128,128,0.9)', marginBottom: 4 }}>
      <DragOutlined /> {c.label}
      {c.avueType === 'table' && field.__vModel__ ? ` (${field.__vModel__})` : ''}
    </div>
  );
  if (c.avueType === 'tabs') return <TabsBody field={field} selectedId={selectedId} header={header} />;
  return (
    <div style={{ border, borderRadius: 6, padding: 4 }}>
      {header}
      <ChildList formId={c.formId} fields={c.children ?? []} selectedId={selectedId} columns={c.avueType === 'table'} />
    </div>
  );
}

function ChildList({ formId, fields, selectedId, columns }: { formId: number; fields: FormField[]; selectedId: number | null; columns: boolean }) {
  // A stable ListRef keeps the memoised items of the list from re-rendering when the container does.
  const list = useMemo<ListRef>(() => ({ kind: 'children', formId }), [formId]);
  return <FieldList list={list} fields={fields} selectedId={selectedId} columns={columns} />;
}

function TabsBody({ field, selectedId, header }: { field: FormField; selectedId: number | null; header: ReactNode }) {
  const ctx = useDesigner();
  const c = field.__config__;
  const tabs = c.option?.column ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const active = tabs.find((x) => x.prop === chosen)?.prop ?? tabs[0]?.prop ?? '';
  useEffect(() => {
    ctx.activeTabs.set(c.formId, active);
  }, [ctx, c.formId, active]);
  const list = useMemo<ListRef>(() => ({ kind: 'tab', formId: c.formId, prop: active }), [c.formId, active]);
  return (
    <div style={{ border, borderRadius: 6, padding: 4 }}>
      {header}
      <div role="tablist" style={{ display: 'flex', gap: 4, borderBottom: border, marginBottom: 4, flexWrap: 'wrap' }}>
        {tabs.map((tab) => (
          <button
            key={tab.prop}
            type="button"
            role="tab"
            aria-selected={tab.prop === active}
            data-testid={`canvas-tab-${c.formId}-${tab.prop}`}
            onClick={(e) => {
              e.stopPropagation();
              setChosen(tab.prop);
            }}
            // Dragging over a tab header opens it, so fields can be dropped into any tab.
            onDragOver={(e) => {
              if (tab.prop !== active) setChosen(tab.prop);
              const target: ListRef = { kind: 'tab', formId: c.formId, prop: tab.prop };
              e.stopPropagation();
              if (ctx.canDropHere(target)) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              e.stopPropagation();
              ctx.drop({ kind: 'tab', formId: c.formId, prop: tab.prop }, (c.childrenObj?.[tab.prop] ?? []).length);
            }}
            style={{
              border: 'none',
              background: 'none',
              cursor: 'pointer',
              padding: '4px 10px',
              color: 'inherit',
              borderBottom: tab.prop === active ? '2px solid #1677ff' : '2px solid transparent',
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {active && <FieldList key={active} list={list} fields={c.childrenObj?.[active] ?? []} selectedId={selectedId} />}
    </div>
  );
}
