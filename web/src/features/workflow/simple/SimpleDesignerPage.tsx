import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Drawer, Form, Grid, Input, Spin, Tag, Tooltip, theme } from 'antd';
import { ApartmentOutlined, EyeOutlined, LeftOutlined, RedoOutlined, SaveOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  compileSimple,
  newApprover,
  newCc,
  newConditionBranch,
  newConditionGroup,
  newParallelGroup,
  newSimpleProcess,
  simpleId,
  workflowSchemePermissions,
  type SimpleConditionBranch,
  type SimpleNode,
  type SimpleProcess,
  type SimpleSimulateAnswer,
} from '@app/contracts';
import { ApiError } from '../../../lib/api';
import { usePermission } from '../../../lib/permission';
import { useUnsavedChanges } from '../../../app/shell/unsaved';
import { closeTab } from '../../../app/shell/tabs';
import { SCHEME_LIST_KEY, schemeApi, schemeKeys } from '../scheme/scheme-api';
import { useSchemeFields } from '../designer/useSchemeFields';
import { processIdOf } from '../designer/wf-config';
import { ApproverPanel } from './ApproverPanel';
import { CcPanel } from './CcPanel';
import { AddSlot, ChainNodes, EndMark, StartCard, type ChainActions, type ChainView } from './Chain';
import { ChainMarks } from './chain-marks';
import { ConditionPanel, starterFields } from './ConditionPanel';
import { useSimpleFields } from './fields';
import {
  addBranch,
  approversBefore,
  findBranch,
  findNode,
  historyOf,
  insertNode,
  moveBranch,
  moveNode,
  pushHistory,
  redo,
  removeBranch,
  removeNode,
  undo,
  updateBranch,
  updateNode,
  type History,
} from './model-ops';
import { designerPath, simplePath, type SimpleOpenState } from './paths';
import { PreviewDrawer } from './PreviewDrawer';
import { simpleApi } from './simple-api';
import { StartPanel } from './StartPanel';
import { validateSimple } from './validate';
import './simple.css';

/** The simple (DingTalk-style) approval designer (docs/workflow-screens.md "Simple designer"). */
export default function SimpleDesignerPage() {
  const { t } = useTranslation('wfSimple');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const id = useParams()['*'] || 'new';
  const isNew = id === 'new';
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canSave = usePermission(isNew ? workflowSchemePermissions.workflowSchemeAdd : workflowSchemePermissions.workflowSchemeEdit);
  const fields = useSchemeFields();
  const info = useQuery({ queryKey: schemeKeys.info(id), queryFn: () => schemeApi.info(id), enabled: !isNew });

  const [history, setHistory] = useState<History | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [simulation, setSimulation] = useState<SimpleSimulateAnswer | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  // Dirty: the model differs from the one opened or saved, or a scheme field changed.
  const savedModel = useRef<SimpleProcess | null>(null);
  const [fieldsDirty, setFieldsDirty] = useState(false);
  const model = history?.present ?? null;
  const dirty = (!!model && model !== savedModel.current) || fieldsDirty;
  const unsaved = useUnsavedChanges(dirty);

  // ---------- opening ----------
  const loadedRef = useRef<string | null>(null);
  const state = location.state as SimpleOpenState | null;
  const open = useCallback((m: SimpleProcess, fromTemplate = false) => {
    savedModel.current = fromTemplate ? null : m;
    setHistory(historyOf(m));
  }, []);
  const { form, fill, setForms } = fields;
  useEffect(() => {
    if (isNew) {
      if (loadedRef.current === 'new') return;
      loadedRef.current = 'new';
      form.setFieldsValue({ F_AuthType: 0, ...state?.scheme });
      if (state?.forms) setForms(state.forms);
      const empty = newSimpleProcess(`process_${Date.now().toString(36)}`, state?.scheme?.F_Name ?? '', t('default.start'), t('default.end'));
      open(state?.model ?? empty, !!state?.model);
      return;
    }
    const d = info.data;
    if (!d || loadedRef.current === id) return;
    loadedRef.current = id;
    fill(d);
    setReason(null);
    if (!d.F_VersionId || !d.xml.trim()) {
      open(newSimpleProcess(processIdOf(d.F_Code), d.F_Name, t('default.start'), t('default.end')));
      return;
    }
    simpleApi.fromBpmn(d.xml).then(
      (answer) => {
        if (answer.model) open(answer.model);
        else setReason(answer.reason ?? t('message.notSimple'));
      },
      () => setReason(t('message.notSimple')),
    );
  }, [fill, form, id, info.data, isNew, open, setForms, state, t]);

  // A wide chain opens centred on its spine (branches side by side scroll inside the canvas).
  const canvasRef = useRef<HTMLDivElement>(null);
  const centred = useRef<string | null>(null);
  useEffect(() => {
    const el = canvasRef.current;
    if (!el || !model || centred.current === model.id) return;
    centred.current = model.id;
    el.scrollLeft = Math.max(0, (el.scrollWidth - el.clientWidth) / 2);
  }, [model]);

  // ---------- fields of the bound forms ----------
  const { conditionFields, boundForms, known } = useSimpleFields(fields.forms);
  const allFields = useMemo(() => [...conditionFields, ...starterFields(t)], [conditionFields, t]);
  const labels = useRef(new Map<string, string>());
  labels.current = new Map(conditionFields.map((f) => [f.vModel, f.label]));
  const fieldsKey = conditionFields.map((f) => `${f.vModel}:${f.label}`).join('|');

  // ---------- edits ----------
  const edit = useCallback((fn: (m: SimpleProcess) => SimpleProcess) => setHistory((h) => (h ? pushHistory(h, fn(h.present)) : h)), []);
  const act: ChainActions = useMemo(
    () => ({
      select: (nodeId) => setSelected(nodeId),
      add: (anchor, type) => {
        const node: SimpleNode =
          type === 'approver'
            ? newApprover(t('default.approver'))
            : type === 'cc'
              ? newCc(t('default.cc'))
              : type === 'condition'
                ? newConditionGroup((n) => t('default.branch', { n }), t('default.otherwise'))
                : newParallelGroup((n) => t('default.parallelBranch', { n }));
        edit((m) => insertNode(m, anchor, node));
      },
      remove: (nodeId) => {
        edit((m) => removeNode(m, nodeId));
        setSelected((s) => (s === nodeId ? null : s));
      },
      move: (nodeId, dir) => edit((m) => moveNode(m, nodeId, dir)),
      addBranch: (groupId) =>
        edit((m) => {
          const group = findNode(m, groupId);
          if (group?.type === 'condition') {
            const n = group.branches.filter((b) => !b.otherwise).length + 1;
            return addBranch(m, groupId, newConditionBranch(t('default.branch', { n })));
          }
          if (group?.type === 'parallel') {
            return addBranch(m, groupId, { id: simpleId('Branch'), name: t('default.parallelBranch', { n: group.branches.length + 1 }), nodes: [] });
          }
          return m;
        }),
      removeBranch: (branchId) => {
        edit((m) => removeBranch(m, branchId));
        setSelected((s) => (s === branchId ? null : s));
      },
      moveBranch: (branchId, dir) => edit((m) => moveBranch(m, branchId, dir)),
      fieldLabel: (vModel) => labels.current.get(vModel),
    }),
    [edit, t],
  );
  const onUndo = useCallback(() => setHistory((h) => (h ? undo(h) : h)), []);
  const onRedo = useCallback(() => setHistory((h) => (h ? redo(h) : h)), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) onUndo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') onRedo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onUndo, onRedo]);

  // ---------- problems ----------
  const issues = useMemo(() => (model ? validateSimple(model, known) : []), [model, known]);
  // What the server refused on the last save, by element id (card, group, branch): shown until the next edit.
  const [refused, setRefused] = useState<{ model: SimpleProcess; byId: Map<string, string[]> } | null>(null);
  const serverIssues = refused && refused.model === model ? refused.byId : null;
  const issueTexts = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const i of issues) map.set(i.id, [...(map.get(i.id) ?? []), t(`issue.${i.key}`, i.params)]);
    // The server's words for what the check here already names are left out.
    let extra = 0;
    for (const [elementId, messages] of serverIssues ?? []) {
      if (map.has(elementId)) continue;
      map.set(elementId, messages);
      extra += messages.length;
    }
    return { map, extra };
  }, [issues, serverIssues, t]);
  const issueCount = issues.length + issueTexts.extra;
  const visited = useMemo(() => new Set(simulation?.visited ?? []), [simulation]);
  const [marks] = useState(() => new ChainMarks());
  // Before paint, in the same task as the edit: the cards whose marks changed render again, nothing else.
  useLayoutEffect(() => marks.update(issueTexts.map, visited, selected), [marks, issueTexts, visited, selected]);
  const view: ChainView = useMemo(() => ({ marks, readOnly: !canSave, fieldsKey, act }), [marks, canSave, fieldsKey, act]);

  const markFieldsDirty = useCallback(() => setFieldsDirty(true), []);
  const startName = model?.startName;
  const titleTemplate = model?.config.titleTemplate;
  const startFacts = useMemo(
    () => (startName === undefined || titleTemplate === undefined ? null : { name: startName, titleTemplate }),
    [startName, titleTemplate],
  );
  // The preview reads the chain when it runs, so editing does not render the (closed) preview again.
  const modelRef = useRef(model);
  modelRef.current = model;
  const currentModel = useCallback(() => modelRef.current, []);
  const closePreview = useCallback(() => setPreviewOpen(false), []);

  // ---------- the initiator card ----------
  const authType = Form.useWatch('F_AuthType', fields.form);
  const launchers = [...fields.authRows.map((r) => r.F_ObjName), ...fields.authDepartments.map((d) => d.F_ObjName)];
  const formNames = fields.forms.map((f) => f.F_Name || f.F_FormId);
  const startLines = [
    authType === 1 && launchers.length ? t('card.launchers', { names: launchers.join(t('separator')) }) : t('card.everyone'),
    formNames.length ? t('card.forms', { names: formNames.join(t('separator')) }) : t('card.noForms'),
  ];

  // ---------- save ----------
  const onSave = async (publish: boolean) => {
    if (!model) return;
    const values = await fields.form.validateFields().catch(() => null);
    if (!values) {
      setSelected('start');
      message.warning(t('message.fillScheme'));
      return;
    }
    if (publish && issues.length > 0) {
      message.error(t('message.publishRefused', { count: issues.length }));
      return;
    }
    const toSave: SimpleProcess = { ...model, id: isNew ? processIdOf(values.F_Code) : model.id, name: values.F_Name };
    const body = fields.saveBody(values, compileSimple(toSave), publish);
    setBusy(publish ? 'publish' : 'save');
    try {
      const saved = isNew ? await schemeApi.add(body) : await schemeApi.update(id, { ...body, F_Icon: undefined, F_Sort: undefined });
      message.success(t(publish ? 'message.published' : 'message.savedDraft', { version: saved.F_Version }));
      // The saved model (with its process id) is the clean state; undo history is kept.
      const kept = toSave.id === model.id && toSave.name === model.name ? model : toSave;
      if (kept !== model) setHistory((h) => (h ? { ...h, present: kept } : h));
      savedModel.current = kept;
      setFieldsDirty(false);
      unsaved.saved();
      void queryClient.invalidateQueries({ queryKey: schemeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['list', SCHEME_LIST_KEY] });
      if (isNew) {
        loadedRef.current = saved.F_Id;
        closeTab(simplePath('new'), '');
        void navigate(simplePath(saved.F_Id), { replace: true });
      }
    } catch (e) {
      // The api client shows the server's refusal; a 400 names the definition's problems: shown on their cards.
      if (e instanceof ApiError && e.status === 400) {
        const check = await schemeApi.validate(body.xml).catch(() => null);
        const byId = new Map<string, string[]>();
        for (const i of check?.issues ?? []) {
          if (i.severity === 'warning' || !i.elementId) continue;
          byId.set(i.elementId, [...(byId.get(i.elementId) ?? []), i.message]);
        }
        setRefused({ model, byId });
      }
    } finally {
      setBusy(null);
    }
  };

  // ---------- panels ----------
  const phone = !screens.sm;
  const panelWidth = phone ? '100%' : 560;
  // The card shows it is selected at once; its panel (many fields) renders right after, without holding the click.
  const panelFor = useDeferredValue(selected);
  const node = model && panelFor && panelFor !== 'start' ? findNode(model, panelFor) : undefined;
  const branch = model && panelFor && !node && panelFor !== 'start' ? findBranch(model, panelFor) : undefined;
  const setNode = (next: SimpleNode) => edit((m) => updateNode(m, next.id, () => next));
  const nameInput = (value: string, onName: (name: string) => void) => (
    <Form layout="vertical" size="small" component="div">
      <Form.Item label={t('panel.name')}>
        <Input
          key={`${panelFor}:${value}`}
          defaultValue={value}
          maxLength={200}
          onBlur={(e) => e.target.value.trim() && e.target.value !== value && onName(e.target.value.trim())}
          onPressEnter={(e) => e.currentTarget.blur()}
          data-testid="wfs-node-name"
        />
      </Form.Item>
    </Form>
  );
  let panelTitle = '';
  let panel: React.ReactNode = null;
  if (model && node?.type === 'approver') {
    panelTitle = t('panel.approver');
    panel = (
      <>
        {nameInput(node.name, (name) => setNode({ ...node, name }))}
        <ApproverPanel node={node} onChange={setNode} forms={boundForms} fields={conditionFields} before={approversBefore(model, node.id)} />
      </>
    );
  } else if (node?.type === 'cc') {
    panelTitle = t('panel.cc');
    panel = (
      <>
        {nameInput(node.name, (name) => setNode({ ...node, name }))}
        <CcPanel node={node} onChange={setNode} />
      </>
    );
  } else if (branch && branch.group.type === 'condition') {
    panelTitle = t('panel.condition');
    panel = (
      <ConditionPanel
        branch={branch.branch as SimpleConditionBranch}
        fields={allFields}
        onChange={(next) => edit((m) => updateBranch(m, next.id, () => next))}
      />
    );
  } else if (branch) {
    panelTitle = t('panel.parallel');
    panel = nameInput(branch.branch.name, (name) => edit((m) => updateBranch(m, branch.branch.id, (b) => ({ ...b, name }))));
  }

  // A closing drawer slides out with what it showed, not empty.
  const closing = useRef<{ title: string; panel: React.ReactNode }>({ title: '', panel: null });
  if (panel) closing.current = { title: panelTitle, panel: <div className="wfs-panel-closing">{panel}</div> };

  const canvasStyle = { '--wfs-bg': token.colorBgLayout, '--wfs-line': token.colorBorder } as CSSProperties;
  const state_ = isNew ? undefined : info.data;
  // The toolbar's handlers stay the same functions (the toolbar is memoised); they call the latest closures.
  const latest = useRef({ back: () => {}, openBpmn: () => {}, save: (_publish: boolean) => {} });
  latest.current = {
    back: () => unsaved.leave(() => void navigate('/workflow/scheme/index')),
    openBpmn: () => unsaved.leave(() => void navigate(designerPath(id))),
    save: (publish) => void onSave(publish),
  };
  const toolbarActions = useMemo(
    () => ({
      back: () => latest.current.back(),
      openBpmn: () => latest.current.openBpmn(),
      save: (publish: boolean) => latest.current.save(publish),
      undo: onUndo,
      redo: onRedo,
      preview: () => setPreviewOpen(true),
    }),
    [onUndo, onRedo],
  );

  return (
    <div className="wf-simple" data-testid="wfs-page">
      <DesignerToolbar
        phone={phone}
        canUndo={!!history?.past.length}
        canRedo={!!history?.future.length}
        hasModel={!!model}
        canSave={canSave}
        busy={busy}
        isNew={isNew}
        issueCount={issueCount}
        versionState={state_?.F_State ?? null}
        versionNumber={state_ ? (state_.F_State === 'changed' ? state_.F_DraftVersion : state_.F_Version) : null}
        dirty={dirty}
        actions={toolbarActions}
      />

      {reason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('message.notSimple')}
          description={reason}
          data-testid="wfs-reason"
          action={
            <Button size="small" onClick={() => void navigate(designerPath(id))} data-testid="wfs-reason-open-bpmn">
              {t('action.openBpmn')}
            </Button>
          }
        />
      )}

      <div className="wfs-canvas" ref={canvasRef} style={canvasStyle} data-testid="wfs-canvas">
        {model ? (
          <div className="wfs-flow">
            <StartCard model={model} lines={startLines} view={view} />
            <AddSlot anchor="start" testId="wfs-add-start" act={act} readOnly={!canSave} />
            <ChainNodes nodes={model.nodes} view={view} />
            <EndMark model={model} visited={visited.has('end')} />
          </div>
        ) : (
          !reason && <Spin style={{ display: 'block', margin: '80px auto' }} />
        )}
      </div>

      {/* The scheme's fields: always mounted (the save validates them). */}
      <Drawer open={selected === 'start'} forceRender size={panelWidth} title={t('panel.start')} onClose={() => setSelected(null)}>
        <div data-testid={selected === 'start' ? 'wfs-panel' : 'wfs-scheme-panel'} data-kind="start">
          <StartPanel fields={fields} start={startFacts} onModel={edit} setDirty={markFieldsDirty} />
        </div>
      </Drawer>
      <Drawer open={!!panel} size={panelWidth} title={panel ? panelTitle : closing.current.title} onClose={() => setSelected(null)} destroyOnHidden>
        {panel ? (
          <div data-testid="wfs-panel" data-kind={node?.type ?? (branch ? `${branch.group.type}-branch` : '')} data-id={panelFor ?? ''}>
            {panel}
          </div>
        ) : (
          closing.current.panel
        )}
      </Drawer>
      {model && (
        <PreviewDrawer open={previewOpen} width={panelWidth} model={currentModel} fields={conditionFields} onClose={closePreview} onResult={setSimulation} />
      )}
    </div>
  );
}

interface ToolbarProps {
  phone: boolean;
  canUndo: boolean;
  canRedo: boolean;
  hasModel: boolean;
  canSave: boolean;
  busy: 'save' | 'publish' | null;
  isNew: boolean;
  issueCount: number;
  /** The stored scheme's state (published, changed, draft) and the version it names; null for a new scheme. */
  versionState: string | null;
  versionNumber: number | null | undefined;
  dirty: boolean;
  actions: { back: () => void; openBpmn: () => void; save: (publish: boolean) => void; undo: () => void; redo: () => void; preview: () => void };
}

/** Back, undo / redo, preview, save draft, publish, the BPMN designer, and the state tags (renders only when they change). */
const DesignerToolbar = memo(function DesignerToolbar({
  phone,
  canUndo,
  canRedo,
  hasModel,
  canSave,
  busy,
  isNew,
  issueCount,
  versionState,
  versionNumber,
  dirty,
  actions,
}: ToolbarProps) {
  const { t } = useTranslation('wfSimple');
  return (
    <Card size="small" styles={{ body: { padding: 8 } }} style={{ marginBottom: 8 }}>
      <div className="wfs-toolbar">
        <Button icon={<LeftOutlined />} onClick={actions.back} data-testid="wfs-back">
          {t('action.back')}
        </Button>
        <Tooltip title="Ctrl+Z">
          <Button icon={<UndoOutlined />} onClick={actions.undo} disabled={!canUndo} aria-label={t('action.undo')} data-testid="wfs-undo">
            {phone ? null : t('action.undo')}
          </Button>
        </Tooltip>
        <Tooltip title="Ctrl+Shift+Z / Ctrl+Y">
          <Button icon={<RedoOutlined />} onClick={actions.redo} disabled={!canRedo} aria-label={t('action.redo')} data-testid="wfs-redo">
            {phone ? null : t('action.redo')}
          </Button>
        </Tooltip>
        <Button icon={<EyeOutlined />} onClick={actions.preview} disabled={!hasModel} data-testid="wfs-preview">
          {t('action.preview')}
        </Button>
        {canSave && (
          <>
            <Button
              icon={<SaveOutlined />}
              loading={busy === 'save'}
              disabled={!hasModel || busy !== null}
              onClick={() => actions.save(false)}
              data-testid="wfs-save"
            >
              {t('action.saveDraft')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={busy === 'publish'}
              disabled={!hasModel || busy !== null}
              onClick={() => actions.save(true)}
              data-testid="wfs-publish"
            >
              {t('action.publish')}
            </Button>
          </>
        )}
        <Button icon={<ApartmentOutlined />} disabled={isNew} onClick={actions.openBpmn} data-testid="wfs-open-bpmn">
          {t('action.openBpmn')}
        </Button>
        <Tag color={issueCount ? 'red' : 'green'} data-testid="wfs-issues" data-count={issueCount}>
          {issueCount ? t('issues', { count: issueCount }) : t('noIssues')}
        </Tag>
        {versionState && (
          <Tag
            data-testid="wfs-version"
            data-state={versionState}
            color={versionState === 'published' ? 'green' : versionState === 'changed' ? 'orange' : undefined}
          >
            {t(`wfDesigner:versionState.${versionState}`, { version: versionNumber })}
          </Tag>
        )}
        {dirty && (
          <Tag color="orange" data-testid="wfs-dirty">
            {t('wfDesigner:unsaved')}
          </Tag>
        )}
      </div>
    </Card>
  );
});
