import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Collapse, Form, Grid, Input, Radio, Row, Select, Space, Spin, Tag, TreeSelect, theme } from 'antd';
import {
  CheckCircleOutlined,
  ExportOutlined,
  ImportOutlined,
  LeftOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SaveOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission, type Forwarder, type WfSchemeForm, type WfValidateResult } from '@app/contracts';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { ApiError, saveBlob } from '../../../lib/api';
import { formSchemeApi } from '../../forms/api';
import { usePermission } from '../../../lib/permission';
import { DictionarySelect } from '../../../components/dictionary';
import { ForwarderTable, useOrgTree, type ForwarderRow } from '../../../components/pickers';
import { useDesignedForms } from '../../form-relation/shared';
import { closeTab } from '../../../app/shell/tabs';
import { useUnsavedChanges } from '../../../app/shell/unsaved';
import { SCHEME_LIST_KEY, schemeApi, schemeKeys } from '../scheme/scheme-api';
import { bridgeOf, type DesignerBridge, type DiagramElement } from './bridge';
import { PropertiesPanel, departmentTree, type BoundForm } from './PropertiesPanel';
import { IssueList } from './IssueList';
import {
  checkGroups,
  designFieldsOf,
  diagramMarks,
  missingDiagram,
  newModelXml,
  poolProcesses,
  processIdOf,
  readProcess,
  readRawConfig,
  wfModdleDescriptor,
  type DiagramMark,
  type ModdleLike,
} from './wf-config';
import './designer.css';

/** The bpmn-js Modeler as this page uses it (the module is loaded on demand, the type stays local). */
interface ModelerLike {
  get<T>(name: string): T;
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  saveXML(options?: { format?: boolean }): Promise<{ xml?: string }>;
  /** The parsed document of the last import (bpmn-js moddle). */
  getDefinitions(): ModdleLike | undefined;
  destroy(): void;
}
interface EventBus {
  on(event: string, fn: (e: { newSelection?: DiagramElement[]; trigger?: string }) => void): void;
}
interface Overlays {
  add(id: string, type: string, overlay: { position: Record<string, number>; html: HTMLElement }): string;
  remove(filter: { type: string }): void;
}
interface Canvas {
  addMarker(id: string, marker: string): void;
  removeMarker(id: string, marker: string): void;
  zoom(level: 'fit-viewport'): void;
  viewbox(): { x: number; y: number; width: number; height: number; scale: number; inner: { x: number; width: number } };
  viewbox(box: { x: number; y: number; width: number; height: number }): void;
  scrollToElement(el: DiagramElement): void;
}

type SchemeFields = { F_Code: string; F_Name: string; F_Category: string; F_Description: string; F_AuthType: number };

const MARK_TYPE = 'wf-mark';
/** The canvas marker (designer.css) of each kind of mark: red errors, orange parts that change the run, calm warnings. */
const MARKER: Record<DiagramMark['kind'], string> = { issue: 'wf-issue', unsupported: 'wf-unsupported', warning: 'wf-warning' };
/** Width of the bpmn-js palette over the canvas. */
const PALETTE_ROOM_PX = 130;
const PANEL_MIN = 280;
const PANEL_MAX = 720;

/** Every element of the diagram as a select option "name (id)" / "source → target (id)"; built only while the list is open. */
function elementOptions(bridge: DesignerBridge, processLabel: string): { value: string; label: string }[] {
  const root = bridge.root();
  const label = (e: DiagramElement | undefined) => (e ? e.businessObject.name || e.id : '?');
  return bridge
    .all()
    .filter((e) => !!e.businessObject && e.type !== 'label')
    .map((e) => ({
      value: e.id,
      label:
        e === root
          ? `${processLabel} (${e.id})`
          : e.type === 'bpmn:SequenceFlow'
            ? `${label(e.source)} → ${label(e.target)} (${e.id})`
            : `${label(e)} (${e.id})`,
    }));
}

/** The process designer (docs/workflow-screens.md "Designer"): /workflow/scheme/design/{id}, 'new' for a new scheme. */
export default function DesignerPage() {
  const { t } = useTranslation('wfDesigner');
  const id = useParams()['*'] || 'new';
  const isNew = id === 'new';
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const narrow = Grid.useBreakpoint().md === false;
  // The canvas stays white (bpmn-js draws black on white); the panel follows the theme (dark themes included).
  const { token } = theme.useToken();
  const canSave = usePermission(isNew ? Permission.workflowSchemeAdd : Permission.workflowSchemeEdit);
  const importXml = (location.state as { importXml?: unknown } | null)?.importXml;

  const [form] = Form.useForm<SchemeFields>();
  const authType = Form.useWatch('F_AuthType', form);
  const [authRows, setAuthRows] = useState<ForwarderRow[]>([]);
  const [authDepartments, setAuthDepartments] = useState<Forwarder[]>([]);
  const [forms, setForms] = useState<WfSchemeForm[]>([]);

  const containerRef = useRef<HTMLDivElement>(null);
  const modelerRef = useRef<ModelerLike | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const loadedRef = useRef<string | null>(null);
  const [bridge, setBridge] = useState<DesignerBridge | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [, setRev] = useState(0);
  const [check, setCheck] = useState<WfValidateResult | null>(null);
  const [busy, setBusy] = useState<'validate' | 'save' | 'publish' | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);
  const [panelWidth, setPanelWidth] = useState(380);
  const [pickerOpen, setPickerOpen] = useState(false);
  // Changes since the last open or save: diagram commands, the scheme fields, a file imported into the designer.
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);

  const info = useQuery({ queryKey: schemeKeys.info(id), queryFn: () => schemeApi.info(id), enabled: !isNew });
  const designed = useDesignedForms();
  const org = useOrgTree(authType === 1);

  // ---- the modeler: created once, bpmn-js loaded on demand
  useEffect(() => {
    let alive = true;
    let modeler: ModelerLike | null = null;
    void import('bpmn-js/lib/Modeler').then(({ default: Modeler }) => {
      if (!alive || !containerRef.current) return;
      modeler = new Modeler({ container: containerRef.current, moddleExtensions: { wf: wfModdleDescriptor } }) as unknown as ModelerLike;
      modelerRef.current = modeler;
      const bus = modeler.get<EventBus>('eventBus');
      bus.on('selection.changed', (e) => setSelected(e.newSelection?.length === 1 ? e.newSelection[0]! : null));
      bus.on('commandStack.changed', (e) => {
        setRev((r) => r + 1);
        // Opening a document clears the command stack: that is no change.
        if (e.trigger !== 'clear') setDirty(true);
      });
      setBridge(bridgeOf(modeler.get.bind(modeler)));
    });
    return () => {
      alive = false;
      modeler?.destroy();
      modelerRef.current = null;
    };
  }, []);

  // ---- diagram marks (errors red, unsupported orange, warnings calm; tool metadata none)
  const applyMarks = useCallback((result: WfValidateResult | null) => {
    const modeler = modelerRef.current;
    if (!modeler) return;
    const canvas = modeler.get<Canvas>('canvas');
    const overlays = modeler.get<Overlays>('overlays');
    const registry = modeler.get<{ get(id: string): DiagramElement | undefined; getAll(): DiagramElement[] }>('elementRegistry');
    overlays.remove({ type: MARK_TYPE });
    for (const el of registry.getAll()) for (const marker of Object.values(MARKER)) canvas.removeMarker(el.id, marker);
    if (!result) return;
    for (const mark of diagramMarks(result.issues, result.unsupported, (eid) => !!registry.get(eid))) {
      canvas.addMarker(mark.elementId, MARKER[mark.kind]);
      const badge = document.createElement('div');
      badge.className = `wf-badge wf-badge-${mark.kind}`;
      badge.textContent = String(mark.messages.length);
      badge.title = mark.messages.join('\n');
      badge.dataset.testid = `wfd-mark-${mark.elementId}`;
      badge.dataset.kind = mark.kind;
      badge.onclick = () => selectElement(mark.elementId);
      overlays.add(mark.elementId, MARK_TYPE, { position: { top: -10, right: 10 }, html: badge });
    }
  }, []);

  const selectElement = (elementId: string | null) => {
    const modeler = modelerRef.current;
    if (!modeler || !elementId) return;
    const el = modeler.get<{ get(id: string): DiagramElement | undefined }>('elementRegistry').get(elementId);
    if (!el) return;
    modeler.get<{ select(el: DiagramElement): void }>('selection').select(el);
    try {
      modeler.get<Canvas>('canvas').scrollToElement(el);
    } catch {
      // the root (process) cannot be scrolled to
    }
  };

  const show = useCallback(
    (result: WfValidateResult | null) => {
      setCheck(result);
      applyMarks(result);
    },
    [applyMarks],
  );

  const validateXml = useCallback(
    async (xml: string) => {
      const result = await schemeApi.validate(xml);
      show(result);
      return result;
    },
    [show],
  );

  const openXml = useCallback(
    async (xml: string, flag: boolean) => {
      const modeler = modelerRef.current;
      if (!modeler) return;
      show(null);
      const started = performance.now();
      const importInto = (text: string): Promise<unknown> =>
        modeler.importXML(text).then(
          () => null,
          (e: unknown) => e,
        );
      const registry = modeler.get<{ get(id: string): DiagramElement | undefined }>('elementRegistry');
      // A file without diagram data (or with shapes missing) would show an empty or partial canvas while the
      // validation marks elements nobody can see: it is opened with the server's automatic layout, the same a
      // save stores (server/src/modules/workflow-scheme/layout.ts).
      let opened = xml;
      let failure = await importInto(xml);
      if (failure || missingDiagram(modeler.getDefinitions(), (eid) => !!registry.get(eid))) {
        const laid = await schemeApi.layout(xml).catch(() => null);
        if (laid?.laidOut) {
          const laidFailure = await importInto(laid.xml);
          if (!laidFailure) {
            opened = laid.xml;
            failure = null;
            message.info(t('message.laidOut'));
          } else if (!failure) await importInto(xml); // back to the file as it came
        }
      }
      if (failure) {
        message.error(t('message.importFailed', { detail: failure instanceof Error ? failure.message : String(failure) }));
        return;
      }
      const canvas = modeler.get<Canvas>('canvas');
      canvas.zoom('fit-viewport');
      // The palette covers the canvas's left edge: move the drawing right of it (and widen the view when the right
      // edge would then be cut), so the first shapes and their labels stay visible.
      const box = canvas.viewbox();
      const gap = (box.inner.x - box.x) * box.scale;
      if (gap < PALETTE_ROOM_PX) {
        const shift = (PALETTE_ROOM_PX - gap) / box.scale;
        const cut = box.inner.x + box.inner.width - (box.x + box.width) + shift;
        canvas.viewbox({ x: box.x - shift, y: box.y, width: box.width + Math.max(0, cut), height: box.height });
      }
      // How long the last import took (read by the e2e test: a 100-node process must open in under 1 s).
      if (containerRef.current) containerRef.current.dataset.importMs = String(Math.round(performance.now() - started));
      setSelected(null);
      setRev((r) => r + 1);
      // A file imported here is not saved yet; a stored scheme or the new model is.
      setDirty(flag);
      // An imported drawing names an empty scheme: code from the process id, name from the process name (of a
      // collaboration: the process that runs, else its first pool's).
      const root = modeler.get<Canvas & { getRootElement(): DiagramElement }>('canvas').getRootElement().businessObject;
      const pools = poolProcesses(root);
      const process = pools.processes.find((p) => p.id === pools.running) ?? pools.processes[0] ?? root;
      if (flag && !form.getFieldValue('F_Code') && process?.id && /^[A-Za-z0-9_.-]+$/.test(process.id)) form.setFieldValue('F_Code', process.id.slice(0, 50));
      if (flag && !form.getFieldValue('F_Name') && process?.name) form.setFieldValue('F_Name', process.name.slice(0, 100));
      if (flag) await validateXml(opened).catch(() => undefined);
    },
    [form, message, show, t, validateXml],
  );

  // ---- what to open: the scheme's XML, an imported file (scheme list), or the new model
  useEffect(() => {
    if (!bridge) return;
    if (isNew) {
      if (loadedRef.current === 'new') return;
      loadedRef.current = 'new';
      form.setFieldsValue({ F_AuthType: 0 });
      if (typeof importXml === 'string') void openXml(importXml, true);
      else void openXml(newModelXml(processIdOf(`process_${Date.now().toString(36)}`), '', t('newModelTask')), false);
      return;
    }
    if (!info.data || loadedRef.current === id) return;
    loadedRef.current = id;
    const d = info.data;
    form.setFieldsValue({ F_Code: d.F_Code, F_Name: d.F_Name, F_Category: d.F_Category, F_Description: d.F_Description, F_AuthType: d.F_AuthType });
    setAuthRows(
      d.F_AuthObjects.filter((o) => o.F_ObjType !== '4').map((o, i) => ({
        F_Id: o.F_Id ?? `a${i}`,
        F_ObjId: o.F_ObjId,
        F_ObjName: o.F_ObjName,
        F_ObjType: o.F_ObjType as '1' | '2' | '3',
      })),
    );
    setAuthDepartments(d.F_AuthObjects.filter((o) => o.F_ObjType === '4'));
    setForms(d.forms.map((f) => ({ F_FormId: f.F_FormId, F_Type: f.F_Type, F_Url: f.F_Url, F_Name: f.F_Name || f.F_FormName })));
    void openXml(d.xml, false);
  }, [bridge, form, id, importXml, info.data, isNew, openXml, t]);

  // ---- bound forms' fields (conditions, field authority)
  const designedForms = forms.filter((f) => f.F_Type === 0);
  const details = useQueries({
    queries: designedForms.map((f) => ({
      queryKey: ['form-relation-form-info', f.F_FormId],
      queryFn: () => formSchemeApi.info(f.F_FormId),
      staleTime: 60_000,
    })),
  });
  const boundForms: BoundForm[] = useMemo(
    () =>
      designedForms.map((f, i) => ({
        formId: f.F_FormId,
        name: f.F_Name || details[i]?.data?.F_Name || f.F_FormId,
        fields: designFieldsOf(details[i]?.data?.F_Scheme.data),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- details is a new array each render; its data identities matter
    [designedForms.map((f) => f.F_FormId).join(','), ...details.map((d) => d.data)],
  );

  // ---- toolbar actions
  const currentXml = async () => (await modelerRef.current!.saveXML({ format: true })).xml ?? '';

  const onValidate = async () => {
    if (!modelerRef.current) return;
    setBusy('validate');
    try {
      const { errors, warnings } = checkGroups(await validateXml(await currentXml()));
      if (errors.length > 0) message.warning(t('message.hasIssues', { count: errors.length, warnings: warnings.length }));
      else if (warnings.length > 0) message.success(t('message.validWithWarnings', { warnings: warnings.length }));
      else message.success(t('message.valid'));
    } finally {
      setBusy(null);
    }
  };

  /**
   * 保存 keeps the design as a draft (launches go on using the published version; the server lets a draft miss its
   * approvers); 发布 makes it the one launches use, so its errors stop it here first.
   */
  const onSave = async (publish: boolean) => {
    if (!modelerRef.current) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(publish ? 'publish' : 'save');
    try {
      const xml = await currentXml();
      // Only errors stop a publication; warnings (harmless XML problems…) are saved with the version.
      const { errors, warnings } = checkGroups(await validateXml(xml));
      if (publish && errors.length > 0) {
        message.error(t('message.hasIssues', { count: errors.length, warnings: warnings.length }));
        return;
      }
      const F_AuthObjects: Forwarder[] =
        values.F_AuthType === 1 ? [...authRows.map((r) => ({ F_ObjId: r.F_ObjId, F_ObjName: r.F_ObjName, F_ObjType: r.F_ObjType })), ...authDepartments] : [];
      const body = {
        F_Code: values.F_Code,
        F_Name: values.F_Name,
        F_Category: values.F_Category ?? '',
        F_Description: values.F_Description ?? '',
        F_Icon: '',
        F_Sort: 0,
        F_AuthType: values.F_AuthType ?? 0,
        F_AuthObjects,
        forms,
        xml,
        publish,
      };
      try {
        const saved = isNew ? await schemeApi.add(body) : await schemeApi.update(id, { ...body, F_Icon: undefined, F_Sort: undefined });
        message.success(t(publish ? 'message.published' : 'message.savedDraft', { version: saved.F_Version }));
        setDirty(false);
        unsaved.saved();
        void queryClient.invalidateQueries({ queryKey: schemeKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['list', SCHEME_LIST_KEY] });
        if (isNew) {
          loadedRef.current = saved.F_Id;
          // The saved scheme takes the place of the 'new' tab.
          closeTab('/workflow/scheme/design/new', '');
          void navigate(`/workflow/scheme/design/${saved.F_Id}`, { replace: true });
        }
      } catch (e) {
        // A 400 names the definition's problems: show them on the diagram.
        if (e instanceof ApiError && e.status === 400) await validateXml(xml).catch(() => undefined);
      }
    } finally {
      setBusy(null);
    }
  };

  const onExport = async () => {
    if (!modelerRef.current) return;
    const code = form.getFieldValue('F_Code') as string | undefined;
    saveBlob(new Blob([await currentXml()], { type: 'application/xml' }), `${code || 'process'}.bpmn`);
  };

  const onImportFile = async (file: File | undefined) => {
    if (!file) return;
    await openXml(await file.text(), true);
    if (fileRef.current) fileRef.current.value = '';
  };

  // ---- layout
  // Before the first import the canvas root is diagram-js's implicit root, without a business object.
  const canvasRoot = bridge?.root();
  const root = canvasRoot?.businessObject ? canvasRoot : undefined;
  const panelElement = selected ?? root ?? null;
  const titleTemplate = root ? readProcess(root.businessObject).titleTemplate : '';
  const dragPanel = (e: React.MouseEvent) => {
    e.preventDefault();
    const startX = e.clientX;
    const startW = panelWidth;
    const move = (ev: MouseEvent) => setPanelWidth(Math.min(PANEL_MAX, Math.max(PANEL_MIN, startW - (ev.clientX - startX))));
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  return (
    <div className="wf-designer" data-testid="wfd-page">
      <Card size="small" styles={{ body: { padding: 8 } }}>
        <Space wrap style={{ marginBottom: 8 }}>
          <Button icon={<LeftOutlined />} onClick={() => unsaved.leave(() => void navigate('/workflow/scheme/index'))} data-testid="wfd-back">
            {t('action.back')}
          </Button>
          <Button icon={<CheckCircleOutlined />} loading={busy === 'validate'} onClick={() => void onValidate()} disabled={!bridge} data-testid="wfd-validate">
            {t('action.validate')}
          </Button>
          {canSave && (
            <>
              <Button
                icon={<SaveOutlined />}
                loading={busy === 'save'}
                onClick={() => void onSave(false)}
                disabled={!bridge || busy !== null}
                data-testid="wfd-save"
              >
                {t('action.saveDraft')}
              </Button>
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={busy === 'publish'}
                onClick={() => void onSave(true)}
                disabled={!bridge || busy !== null}
                data-testid="wfd-publish"
              >
                {t('action.publish')}
              </Button>
            </>
          )}
          <Button icon={<ImportOutlined />} onClick={() => fileRef.current?.click()} disabled={!bridge} data-testid="wfd-import">
            {t('action.import')}
          </Button>
          <Button icon={<ExportOutlined />} onClick={() => void onExport()} disabled={!bridge} data-testid="wfd-export">
            {t('action.export')}
          </Button>
          {!isNew && info.data && (
            <Tag
              data-testid="wfd-version"
              data-state={info.data.F_State}
              color={info.data.F_State === 'published' ? 'green' : info.data.F_State === 'changed' ? 'orange' : undefined}
            >
              {t(`versionState.${info.data.F_State}`, { version: info.data.F_State === 'changed' ? info.data.F_DraftVersion : info.data.F_Version })}
            </Tag>
          )}
          {dirty && (
            <Tag color="orange" data-testid="wfd-dirty">
              {t('unsaved')}
            </Tag>
          )}
        </Space>
        <input
          ref={fileRef}
          type="file"
          accept=".bpmn,.xml,application/xml,text/xml"
          style={{ display: 'none' }}
          onChange={(e) => void onImportFile(e.target.files?.[0])}
          data-testid="wfd-import-file"
        />
        <Collapse
          size="small"
          defaultActiveKey={isNew ? ['scheme'] : []}
          items={[
            {
              key: 'scheme',
              label: t('section.scheme'),
              // The form must exist while folded: the save reads and validates it.
              forceRender: true,
              children: (
                <Form
                  form={form}
                  layout="vertical"
                  size="small"
                  data-testid="wfd-scheme-form"
                  initialValues={{ F_AuthType: 0 }}
                  onValuesChange={() => setDirty(true)}
                >
                  <Row gutter={12}>
                    <Col xs={24} sm={12} lg={6}>
                      <Form.Item
                        name="F_Code"
                        label={t('field.code')}
                        rules={[
                          { required: true, message: t('rule.code') },
                          { pattern: /^[A-Za-z0-9_.-]+$/, message: t('rule.codePattern') },
                        ]}
                      >
                        <Input maxLength={50} data-testid="wfd-code" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} lg={6}>
                      <Form.Item name="F_Name" label={t('field.schemeName')} rules={[{ required: true, whitespace: true, message: t('rule.name') }]}>
                        <Input maxLength={100} data-testid="wfd-name" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} lg={6}>
                      <Form.Item name="F_Category" label={t('field.category')}>
                        <DictionarySelect code="FlowSort" allowClear data-testid="wfd-category" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} lg={6}>
                      <Form.Item label={t('field.titleTemplate')} tooltip={t('hint.titleTemplate')}>
                        <Input
                          key={`${root?.id ?? ''}:${titleTemplate}`}
                          defaultValue={titleTemplate}
                          disabled={!root}
                          onBlur={(e) =>
                            root &&
                            bridge &&
                            e.target.value !== titleTemplate &&
                            bridge.writeConfig(root, { ...readRawConfig(root.businessObject), titleTemplate: e.target.value })
                          }
                          data-testid="wfd-titleTemplate"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} lg={12}>
                      <Form.Item name="F_Description" label={t('field.description')}>
                        <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} data-testid="wfd-description" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} lg={12}>
                      <Form.Item label={t('field.forms')} extra={t('hint.forms')}>
                        <Select
                          mode="multiple"
                          allowClear
                          loading={designed.isLoading}
                          value={designedForms.map((f) => f.F_FormId)}
                          onChange={(ids: string[]) => {
                            setDirty(true);
                            setForms([
                              ...forms.filter((f) => f.F_Type !== 0),
                              ...ids.map(
                                (fid) =>
                                  forms.find((f) => f.F_FormId === fid) ?? {
                                    F_FormId: fid,
                                    F_Type: 0,
                                    F_Url: '',
                                    F_Name: designed.data?.find((o) => o.F_Id === fid)?.F_Name ?? '',
                                  },
                              ),
                            ]);
                          }}
                          options={[
                            ...(designed.data ?? []).map((o) => ({ value: o.F_Id, label: o.F_Name })),
                            ...designedForms
                              .filter((f) => !designed.data?.some((o) => o.F_Id === f.F_FormId))
                              .map((f) => ({ value: f.F_FormId, label: f.F_Name || f.F_FormId })),
                          ]}
                          optionFilterProp="label"
                          data-testid="wfd-forms"
                        />
                      </Form.Item>
                      {forms.some((f) => f.F_Type !== 0) && (
                        <Space wrap>
                          {forms
                            .filter((f) => f.F_Type !== 0)
                            .map((f) => (
                              <Tag key={f.F_FormId}>{f.F_Name || f.F_FormId}</Tag>
                            ))}
                        </Space>
                      )}
                    </Col>
                    <Col xs={24}>
                      <Form.Item name="F_AuthType" label={t('field.authType')}>
                        <Radio.Group
                          options={[
                            { value: 0, label: t('authType.everyone') },
                            { value: 1, label: t('authType.objects') },
                          ]}
                          data-testid="wfd-authType"
                        />
                      </Form.Item>
                      {authType === 1 && (
                        <div data-testid="wfd-auth-objects">
                          <ForwarderTable
                            value={authRows}
                            onChange={(rows) => {
                              setDirty(true);
                              setAuthRows(rows);
                            }}
                          />
                          <Form.Item label={t('field.authDepartments')} style={{ marginTop: 8 }}>
                            <TreeSelect
                              multiple
                              treeCheckable
                              treeCheckStrictly
                              showCheckedStrategy={TreeSelect.SHOW_ALL}
                              value={authDepartments.map((d) => ({ value: `department:${d.F_ObjId}`, label: d.F_ObjName }))}
                              treeData={departmentTree(org.data ?? [])}
                              onChange={(vals: { value: string; label: React.ReactNode }[]) => {
                                setDirty(true);
                                setAuthDepartments(
                                  vals.map((v) => ({ F_ObjId: String(v.value).replace(/^department:/, ''), F_ObjName: String(v.label), F_ObjType: '4' })),
                                );
                              }}
                              data-testid="wfd-auth-departments"
                            />
                          </Form.Item>
                        </div>
                      )}
                    </Col>
                  </Row>
                </Form>
              ),
            },
          ]}
        />
      </Card>

      {check && <IssueList check={check} onSelect={selectElement} />}

      <div className={`wf-designer-body${narrow ? ' wf-designer-narrow' : ''}`} style={{ '--wfd-border': token.colorBorderSecondary } as CSSProperties}>
        <div className="wf-designer-canvas" ref={containerRef} data-testid="wfd-canvas">
          {!bridge && <Spin style={{ margin: 40 }} />}
        </div>
        {!narrow && panelOpen && (
          <div className="wf-designer-handle" role="separator" aria-orientation="vertical" onMouseDown={dragPanel} data-testid="wfd-panel-handle" />
        )}
        <div
          className="wf-designer-side"
          style={{ background: token.colorBgContainer, ...(narrow ? {} : { width: panelOpen ? panelWidth : 36 }) }}
          data-testid="wfd-side"
        >
          <Button
            size="small"
            type="text"
            icon={panelOpen ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setPanelOpen(!panelOpen)}
            aria-label={t('action.togglePanel')}
            data-testid="wfd-panel-toggle"
          />
          {panelOpen && bridge && (
            <Select
              showSearch
              size="small"
              style={{ width: 'calc(100% - 36px)', marginBottom: 8 }}
              placeholder={t('field.findElement')}
              value={null}
              open={pickerOpen}
              onOpenChange={setPickerOpen}
              options={pickerOpen ? elementOptions(bridge, t('process')) : []}
              optionFilterProp="label"
              onChange={(eid: string) => selectElement(eid)}
              data-testid="wfd-element-picker"
            />
          )}
          {panelOpen && bridge && panelElement && <PropertiesPanel bridge={bridge} element={panelElement} forms={boundForms} />}
        </div>
      </div>
    </div>
  );
}
