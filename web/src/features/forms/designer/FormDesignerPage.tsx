import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Alert, App, Button, Divider, Empty, Input, Modal, Segmented, Space, Spin, Tabs, Tag, Tooltip } from 'antd';
import {
  ClearOutlined,
  CodeOutlined,
  CopyOutlined,
  DeleteOutlined,
  EyeOutlined,
  ImportOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { parseScheme, type FieldType, type FormSchemeBody, type FormSchemeContent } from '@app/contracts';
import { formSchemeApi } from '../api';
import { useUnsavedChanges } from '../../../app/shell/unsaved';
import { FormRenderer, type FormMode, type FormRendererHandle } from '../../../components/form-renderer';
import { FieldList } from './Canvas';
import { DesignerContext, type DesignerCtx, type DragPayload } from './context';
import { FormTab, newMeta, type FormMeta } from './FormTab';
import { newField } from './palette';
import { Palette } from './Palette';
import { FieldProperties } from './PropertyPanel';
import {
  IDENTIFIER,
  ROOT,
  bindTables,
  canDrop,
  defaultSubTable,
  findField,
  generatedTableName,
  schemeProblem,
  subTables,
  type ListRef,
  type TableSettings,
} from './scheme-ops';
import { designerReducer, emptyScheme, initialState } from './state';

/** The drag-and-drop form designer (docs/forms-design.md "Designer"): /quick-development/form-design/designer?id=<formId>. */
export default function FormDesignerPage() {
  const { t } = useTranslation('formDesigner');
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [state, dispatch] = useReducer(designerReducer, undefined, () => initialState());
  const [meta, setMeta] = useState<FormMeta>(newMeta);
  const [tables, setTables] = useState<TableSettings>({ enabled: true, main: '' });
  // The form whose scheme is in the designer; a form saved here is not loaded again.
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [side, setSide] = useState<'field' | 'form'>('field');
  const [dialog, setDialog] = useState<'preview' | 'json' | 'import' | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveTried, setSaveTried] = useState(false);
  // Name, category, description and table settings as last loaded or saved (the scheme's own is in the reducer).
  const [savedMeta, setSavedMeta] = useState(() => JSON.stringify({ meta: newMeta(), tables: { enabled: true, main: '' } }));

  const detail = useQuery({
    queryKey: ['form-scheme-designer', id],
    queryFn: () => formSchemeApi.get(id!),
    enabled: !!id && id !== loadedId,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    const d = detail.data;
    if (!d || d.F_Id === loadedId) return;
    const check = parseScheme(d.F_Scheme);
    setLoadError(!check.ok);
    dispatch({ type: 'load', scheme: check.ok ? { formConf: emptyScheme().formConf, ...check.scheme } : emptyScheme() });
    const loadedMeta: FormMeta = {
      F_Name: d.F_Name,
      F_Category: d.F_Category,
      F_Description: d.F_Description,
      F_Type: d.F_Type === 2 ? 2 : 0,
      F_Url: d.F_Url,
      F_SortCode: d.F_SortCode,
    };
    const main = d.tableInfo.find((x) => x.type === 'main');
    const loadedTables = { enabled: !!main, main: main?.name ?? '' };
    setMeta(loadedMeta);
    setTables(loadedTables);
    setSavedMeta(JSON.stringify({ meta: loadedMeta, tables: loadedTables }));
    setLoadedId(d.F_Id);
  }, [detail.data, loadedId]);

  // The same page opened again without an id (the designer entry after editing a form): start a new form. Only a
  // change of the URL counts: right after a new form's first save loadedId is set before the URL has its id.
  const previousId = useRef(id);
  useEffect(() => {
    const was = previousId.current;
    previousId.current = id;
    if (id || !was) return;
    dispatch({ type: 'load', scheme: emptyScheme() });
    setMeta(newMeta());
    setTables({ enabled: true, main: '' });
    setSavedMeta(JSON.stringify({ meta: newMeta(), tables: { enabled: true, main: '' } }));
    setLoadError(false);
    setSaveTried(false);
    setLoadedId(null);
  }, [id]);

  // Handlers given to memoised children read the latest state here, so the context object never changes.
  const latest = useRef({ state, t });
  useEffect(() => {
    latest.current = { state, t };
  });
  const drag = useRef<DragPayload | null>(null);
  const [activeTabs] = useState(() => new Map<number, string>());

  const addField = useCallback(
    (type: FieldType, at?: { list: ListRef; index: number }) =>
      dispatch({
        type: 'add',
        fieldType: type,
        at,
        make: (formId, vModel) => newField(type, formId, vModel, latest.current.t),
        activeTab: (formId) => activeTabs.get(formId),
      }),
    [activeTabs],
  );

  const dropAllowed = useCallback((p: DragPayload | null, list: ListRef) => {
    if (!p) return false;
    const data = latest.current.state.present.data;
    if (p.kind === 'new') return canDrop(data, list, p.type);
    const moving = findField(data, p.formId);
    return !!moving && canDrop(data, list, moving.field.__config__.avueType, p.formId);
  }, []);
  const ctx = useMemo<DesignerCtx>(
    () => ({
      dispatch,
      activeTabs,
      startDrag: (p) => (drag.current = p),
      endDrag: () => (drag.current = null),
      canDropHere: (list) => dropAllowed(drag.current, list),
      drop: (list, index) => {
        const p = drag.current;
        drag.current = null;
        // A drop event may come even where dragover refused it (or from outside the page).
        if (!p || !dropAllowed(p, list)) return;
        if (p.kind === 'new') addField(p.type, { list, index });
        else dispatch({ type: 'move', formId: p.formId, list, index });
      },
    }),
    [activeTabs, addField, dropAllowed],
  );

  // Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z); typing in an input keeps the browser's own undo of that input.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        dispatch({ type: 'undo' });
      } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
        e.preventDefault();
        dispatch({ type: 'redo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Choosing a field on the canvas shows its properties even when the form tab was open.
  useEffect(() => {
    if (state.selectedId !== null) setSide('field');
  }, [state.selectedId]);

  const scheme = state.present;
  const dirty = scheme !== state.saved || JSON.stringify({ meta, tables }) !== savedMeta;
  const unsaved = useUnsavedChanges(dirty);
  const selected = state.selectedId !== null ? findField(scheme.data, state.selectedId) : null;

  const tablesState = tables;
  const save = async () => {
    setSaveTried(true);
    if (!meta.F_Name.trim()) {
      setSide('form');
      return void message.error(t('save.nameRequired'));
    }
    if (!scheme.data.length) return void message.error(t('save.empty'));
    // A main table left empty gets a generated name (shown in the form tab from now on).
    let tables = tablesState;
    if (tables.enabled && !tables.main.trim()) {
      tables = { ...tables, main: generatedTableName(meta.F_Name) };
      setTables(tables);
    }
    if (tables.enabled) {
      const main = tables.main.trim();
      if (!IDENTIFIER.test(main)) {
        setSide('form');
        return void message.error(t('save.mainTable'));
      }
      const names = [main.toLowerCase()];
      for (const s of subTables(scheme.data)) {
        const name = (s.__config__.bindTable?.trim() || defaultSubTable(main, s)).toLowerCase();
        if (!IDENTIFIER.test(name) || names.includes(name)) {
          dispatch({ type: 'select', formId: s.__config__.formId });
          setSide('field');
          return void message.error(t('save.subTable', { label: s.__config__.label }));
        }
        names.push(name);
      }
    }
    const problem = schemeProblem(scheme.data);
    if (problem) {
      dispatch({ type: 'select', formId: problem.formId });
      setSide('field');
      return void message.error(t(`save.${problem.problem}`, { ...problem, label: findField(scheme.data, problem.formId)?.field.__config__.label ?? '' }));
    }
    const bound = bindTables(scheme, tables, meta.F_Name.trim());
    const check = parseScheme(bound.scheme);
    if (!check.ok) return void message.error(t('schemeInvalid'));
    const body: FormSchemeBody = {
      F_Name: meta.F_Name.trim(),
      F_Type: meta.F_Type,
      F_Category: meta.F_Category.trim(),
      F_Url: meta.F_Url,
      F_Description: meta.F_Description,
      F_SortCode: meta.F_SortCode,
      F_Scheme: bound.scheme,
      ...(bound.tableInfo ? { tableInfo: bound.tableInfo } : {}),
    };
    setSaving(true);
    try {
      // Failures are toasted by the api client with the server's message.
      const saved = id ? await formSchemeApi.update(id, body) : await formSchemeApi.add(body);
      dispatch({ type: 'saved', scheme: bound.scheme });
      setSavedMeta(JSON.stringify({ meta, tables }));
      unsaved.saved();
      void message.success(t('save.saved', { version: saved.F_Version }));
      if (!id) {
        setLoadedId(saved.F_Id);
        setParams({ id: saved.F_Id }, { replace: true });
      }
    } catch {
      // shown by the api client
    } finally {
      setSaving(false);
    }
  };

  const clear = () =>
    modal.confirm({
      title: t('toolbar.clear'),
      content: t('clearConfirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'designer-clear-ok' } as Record<string, string>,
      onOk: () => dispatch({ type: 'replace', scheme: { ...scheme, data: [] }, select: null }),
    });

  const sel = state.selectedId;
  const toolbar = (
    <Space wrap size={4}>
      <Tooltip title={`${t('toolbar.undo')} (Ctrl+Z)`}>
        <Button
          icon={<UndoOutlined />}
          data-testid="designer-undo"
          aria-label={t('toolbar.undo')}
          disabled={!state.past.length}
          onClick={() => dispatch({ type: 'undo' })}
        />
      </Tooltip>
      <Tooltip title={`${t('toolbar.redo')} (Ctrl+Y)`}>
        <Button
          icon={<RedoOutlined />}
          data-testid="designer-redo"
          aria-label={t('toolbar.redo')}
          disabled={!state.future.length}
          onClick={() => dispatch({ type: 'redo' })}
        />
      </Tooltip>
      <Divider orientation="vertical" />
      <Button
        icon={<CopyOutlined />}
        data-testid="designer-copy"
        disabled={sel === null}
        onClick={() => sel !== null && dispatch({ type: 'copy', formId: sel })}
      >
        {t('toolbar.copy')}
      </Button>
      <Button
        icon={<DeleteOutlined />}
        danger
        data-testid="designer-delete"
        disabled={sel === null}
        onClick={() => sel !== null && dispatch({ type: 'remove', formId: sel })}
      >
        {t('toolbar.delete')}
      </Button>
      <Button icon={<ClearOutlined />} data-testid="designer-clear" disabled={!scheme.data.length} onClick={clear}>
        {t('toolbar.clear')}
      </Button>
      <Divider orientation="vertical" />
      <Button icon={<EyeOutlined />} data-testid="designer-preview" onClick={() => setDialog('preview')}>
        {t('toolbar.preview')}
      </Button>
      <Button icon={<CodeOutlined />} data-testid="designer-json" onClick={() => setDialog('json')}>
        {t('toolbar.json')}
      </Button>
      <Button icon={<ImportOutlined />} data-testid="designer-import" onClick={() => setDialog('import')}>
        {t('toolbar.import')}
      </Button>
      <Button type="primary" icon={<SaveOutlined />} data-testid="designer-save" loading={saving} onClick={() => void save()}>
        {t('toolbar.save')}
      </Button>
    </Space>
  );

  const pane = {
    background: 'rgba(128,128,128,0.04)',
    border: '1px solid rgba(128,128,128,0.2)',
    borderRadius: 8,
    padding: 8,
    overflow: 'auto',
    maxHeight: 'calc(100vh - 180px)',
  } as const;

  return (
    <DesignerContext.Provider value={ctx}>
      <div data-testid="form-designer">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
          <Space size={8}>
            <strong>{meta.F_Name || t('untitled')}</strong>
            {dirty && (
              <Tag color="orange" data-testid="designer-dirty">
                {t('unsaved')}
              </Tag>
            )}
          </Space>
          {toolbar}
        </div>
        {detail.isError && <Alert type="error" showIcon title={t('loadFailed')} style={{ marginBottom: 8 }} />}
        {loadError && <Alert type="error" showIcon title={t('schemeInvalid')} style={{ marginBottom: 8 }} data-testid="designer-load-error" />}
        <Spin spinning={detail.isFetching}>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <div style={{ ...pane, flex: '0 0 230px', minWidth: 200 }}>
              <Palette onAdd={addField} />
            </div>
            <div
              style={{ ...pane, flex: '1 1 420px', minWidth: 300, background: 'transparent' }}
              data-testid="designer-canvas"
              onClick={() => dispatch({ type: 'select', formId: null })}
            >
              <FieldList list={ROOT} fields={scheme.data} selectedId={state.selectedId} testId="canvas-list-root" />
            </div>
            <div style={{ ...pane, flex: '0 0 340px', minWidth: 280 }}>
              <Tabs
                size="small"
                activeKey={side}
                onChange={(k) => setSide(k as 'field' | 'form')}
                items={[
                  {
                    key: 'field',
                    label: <span data-testid="designer-tab-field">{t('side.field')}</span>,
                    children: selected ? (
                      <FieldProperties key={selected.field.__config__.formId} field={selected.field} list={selected.list} data={scheme.data} />
                    ) : (
                      <Empty description={t('side.noSelection')} />
                    ),
                  },
                  {
                    key: 'form',
                    label: <span data-testid="designer-tab-form">{t('side.form')}</span>,
                    children: (
                      <FormTab
                        meta={meta}
                        onMeta={(m) => setMeta((x) => ({ ...x, ...m }))}
                        formConf={scheme.formConf}
                        tables={tables}
                        onTables={setTables}
                        data={scheme.data}
                        showErrors={saveTried}
                      />
                    ),
                  },
                ]}
              />
            </div>
          </div>
        </Spin>
        {dialog === 'preview' && <PreviewDialog scheme={scheme} onClose={() => setDialog(null)} />}
        {dialog === 'json' && (
          <Modal open title={t('toolbar.json')} width={760} footer={null} onCancel={() => setDialog(null)}>
            <pre data-testid="designer-json-text" style={{ maxHeight: '60vh', overflow: 'auto', fontSize: 12, margin: 0 }}>
              {JSON.stringify({ data: scheme.data, formConf: scheme.formConf }, null, 2)}
            </pre>
          </Modal>
        )}
        {dialog === 'import' && (
          <ImportDialog
            onClose={() => setDialog(null)}
            onImport={(s) => {
              dispatch({ type: 'replace', scheme: { formConf: scheme.formConf, ...s }, select: null });
              setDialog(null);
            }}
          />
        )}
      </div>
    </DesignerContext.Provider>
  );
}

function ImportDialog({ onClose, onImport }: { onClose: () => void; onImport: (s: FormSchemeContent) => void }) {
  const { t } = useTranslation('formDesigner');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  return (
    <Modal
      open
      title={t('toolbar.import')}
      width={760}
      okText={t('import.ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !text.trim(), 'data-testid': 'designer-import-ok' } as { disabled: boolean }}
      onCancel={onClose}
      onOk={() => {
        const check = parseScheme(text);
        if (!check.ok) return void message.error(t('schemeInvalid'));
        onImport(check.scheme);
      }}
    >
      <Input.TextArea
        data-testid="designer-import-text"
        rows={16}
        value={text}
        placeholder={t('import.placeholder')}
        onChange={(e) => setText(e.target.value)}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
      />
    </Modal>
  );
}

/** The real renderer over the current scheme, in add / edit / look mode, with its validation. */
function PreviewDialog({ scheme, onClose }: { scheme: FormSchemeContent; onClose: () => void }) {
  const { t } = useTranslation('formDesigner');
  const { message } = App.useApp();
  const [mode, setMode] = useState<FormMode>('add');
  const ref = useRef<FormRendererHandle>(null);
  const validate = () => {
    const form = ref.current;
    if (!form) return;
    form.validate().then(
      () => void message.success(t('preview.valid')),
      () => void message.error(t('preview.invalid')),
    );
  };
  return (
    <Modal open title={t('toolbar.preview')} width={960} footer={null} onCancel={onClose}>
      <Space style={{ marginBottom: 12 }}>
        <Segmented<FormMode>
          data-testid="preview-mode"
          value={mode}
          onChange={setMode}
          options={(['add', 'edit', 'look'] as const).map((m) => ({ value: m, label: t(`preview.${m}`) }))}
        />
        <Button data-testid="preview-validate" onClick={validate} disabled={mode === 'look'}>
          {t('preview.validate')}
        </Button>
      </Space>
      <div data-testid="designer-preview-form">{scheme.data.length ? <FormRenderer key={mode} ref={ref} scheme={scheme} mode={mode} /> : <Empty />}</div>
    </Modal>
  );
}
