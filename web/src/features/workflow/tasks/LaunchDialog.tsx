import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Empty, Form, Grid, Input, Modal, Select, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createProcessBody, type ChosenApprovers, type CandidateNode, type CreateProcessBody, type FormValueEntry } from '@app/contracts';
import { UploadField } from '../../../components/files/UploadField';
import { FormTabs, type FormTabsHandle, type WorkflowFormTab } from '../approval/FormTabs';
import { NextApproversDialog } from '../shared/NextApproversDialog';
import { taskApi, taskKeys } from '../task-api';
import { newIdempotencyKey } from '../../../lib/api';
import { useZodRules } from '../../../lib/zod-rules';

/** What the dialog launches: a scheme, and the draft it continues (drafts tab 'edit'). */
export interface LaunchTarget {
  schemeId: string;
  schemeName: string;
  draft?: { F_Id: string; name: string; formValue: unknown[] };
}

interface LaunchFields {
  name?: string;
  message?: string;
  fileValue?: string;
  relationTaskList?: string[];
}

/** A draft's entries by form id (only those shaped like FormValueEntry). */
function draftData(formValue: unknown[] | undefined): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const e of formValue ?? []) {
    if (e && typeof e === 'object' && typeof (e as { F_FormId?: unknown }).F_FormId === 'string') {
      const entry = e as { F_FormId: string; formData?: unknown };
      out.set(entry.F_FormId, entry.formData && typeof entry.formData === 'object' ? (entry.formData as Record<string, unknown>) : {});
    }
  }
  return out;
}

/** 576 px and below (antd's xs): the dialog takes the whole screen. */
export function useFullScreen(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.sm === false;
}

/**
 * Launch dialog (docs/workflow-screens.md "Launch and task centre"): the scheme's bound forms (FormTabs), a process
 * name, a message, attachments, related preceding flows; 保存草稿 keeps the draft id (saving again updates it),
 * 提交 validates every form, launches, and asks for next-node approvers on retCode 2.
 */
export function LaunchDialog({ target, onClose }: { target: LaunchTarget | null; onClose: () => void }) {
  const { t } = useTranslation('wfTask');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const fullScreen = useFullScreen();
  const [form] = Form.useForm<LaunchFields>();
  const rules = useZodRules(createProcessBody);
  const tabs = useRef<FormTabsHandle>(null);
  const [draftId, setDraftId] = useState<string | undefined>(target?.draft?.F_Id);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [pending, setPending] = useState<{ body: CreateProcessBody; nodes: CandidateNode[] } | null>(null);
  const schemeId = target?.schemeId ?? '';

  const relations = useQuery({ queryKey: ['workflow-relation', 'formInfo', schemeId], queryFn: () => taskApi.formInfo(schemeId), enabled: !!schemeId });
  const preceding = useQuery({
    queryKey: [...taskKeys.all, 'relation-tasks'],
    queryFn: () => taskApi.relationTasks({ limit: 1, size: 200 }),
    enabled: !!schemeId,
  });

  const forms: WorkflowFormTab[] = useMemo(() => {
    const data = draftData(target?.draft?.formValue);
    return (relations.data ?? []).map((r) => ({
      F_FormId: r.F_FormId,
      F_Type: r.F_Type,
      F_Name: r.F_Name || r.F_FormName,
      F_Url: r.F_Url,
      ...(data.has(r.F_FormId) ? { formData: data.get(r.F_FormId) } : {}),
    }));
  }, [relations.data, target?.draft?.formValue]);

  // One key per launch intent: a double click or a retry after a lost answer launches once; the next opening is a
  // new intent.
  const launchKey = useRef(newIdempotencyKey());
  const close = () => {
    setPending(null);
    launchKey.current = newIdempotencyKey();
    onClose();
  };

  const launch = async (body: CreateProcessBody) => {
    const result = await taskApi.createProcess(body, launchKey.current);
    if (result.retCode === 2) {
      setPending({ body, nodes: result.nodes ?? [] });
      return;
    }
    void message.success(t('launched'));
    await qc.invalidateQueries({ queryKey: taskKeys.all });
    await qc.invalidateQueries({ queryKey: ['list'] });
    close();
  };

  const run = async (kind: 'draft' | 'submit', job: () => Promise<void>) => {
    setBusy(kind);
    try {
      await job();
    } catch {
      // The api client has shown the server's message (spec 8, e.g. 'Task id is null').
    } finally {
      setBusy(null);
    }
  };

  const saveDraft = () =>
    run('draft', async () => {
      const handle = tabs.current as (FormTabsHandle & { values?: () => FormValueEntry[] }) | null;
      // A draft may be incomplete: the forms' values without validation when FormTabs offers them.
      const entries = handle ? (handle.values ? handle.values() : await handle.collect()) : [];
      if (entries === null) {
        void message.warning(t('incomplete'));
        return;
      }
      const v = form.getFieldsValue();
      const saved = await taskApi.saveDraft({ ...(draftId ? { F_Id: draftId } : {}), schemeId, name: v.name?.trim() ?? '', formValue: entries });
      setDraftId(saved.F_Id);
      void message.success(t('draftSaved'));
      await qc.invalidateQueries({ queryKey: taskKeys.all });
      await qc.invalidateQueries({ queryKey: ['list', 'wfTask-drafts'] });
    });

  const submit = () =>
    run('submit', async () => {
      const entries = tabs.current ? await tabs.current.collect() : [];
      if (entries === null) {
        void message.warning(t('incomplete'));
        return;
      }
      const v = form.getFieldsValue();
      const name = v.name?.trim();
      await launch({
        schemeId,
        formValue: entries,
        userJson: [],
        relationTaskList: v.relationTaskList ?? [],
        ...(name ? { name } : {}),
        message: v.message ?? '',
        fileValue: v.fileValue ?? '',
        ...(draftId ? { draftId } : {}),
      });
    });

  const resend = (chosen: ChosenApprovers) => {
    if (!pending) return;
    // Choices come in rounds (the starter's own picks at launch first, then the next approvers): earlier ones stay.
    const earlier = (pending.body.userJson ?? []).filter((c) => !chosen.some((n) => n.taskId === c.taskId));
    const body = { ...pending.body, userJson: [...earlier, ...chosen] };
    setPending(null);
    void run('submit', () => launch(body));
  };

  return (
    <Modal
      open={!!target}
      className="wf-launch-modal"
      title={target ? t('launchTitle', { name: target.schemeName }) : ''}
      width={fullScreen ? '100vw' : '80%'}
      style={fullScreen ? { top: 0, margin: 0, padding: 0, maxWidth: '100vw' } : { top: 40 }}
      styles={fullScreen ? { container: { minHeight: '100vh', borderRadius: 0 } } : undefined}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={close}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={close} data-testid="wf-launch-cancel">
            {t('common:cancel')}
          </Button>
          <Button
            onClick={() => void saveDraft()}
            loading={busy === 'draft'}
            disabled={!!busy || relations.isLoading || relations.isError}
            data-testid="wf-launch-draft"
          >
            {t('saveDraft')}
          </Button>
          <Button
            type="primary"
            onClick={() => void submit()}
            loading={busy === 'submit'}
            disabled={!!busy || relations.isLoading || relations.isError}
            data-testid="wf-launch-submit"
          >
            {t('submit')}
          </Button>
        </Space>
      }
    >
      <div data-testid="wf-launch-dialog" data-draft-id={draftId ?? ''}>
        {relations.isLoading ? (
          <Spin style={{ display: 'block', margin: '40px auto' }} />
        ) : relations.isError ? (
          <Alert type="error" showIcon title={t('formsFailed')} />
        ) : forms.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noForms')} data-testid="wf-launch-no-forms" />
        ) : (
          <FormTabs key={`${schemeId}:${target?.draft?.F_Id ?? ''}`} forms={forms} ref={tabs} />
        )}
        <Form<LaunchFields>
          form={form}
          layout="vertical"
          style={{ marginTop: 16 }}
          initialValues={{ name: target?.draft?.name ?? '', relationTaskList: [] }}
          data-testid="wf-launch-form"
        >
          <Form.Item name="name" label={t('processName')} rules={rules('name', t('processName'))} extra={t('processNameHint')}>
            <Input maxLength={200} allowClear data-testid="wf-launch-name" />
          </Form.Item>
          <Form.Item name="message" label={t('message')} rules={rules('message', t('message'))}>
            <Input.TextArea rows={3} maxLength={2000} data-testid="wf-launch-message" />
          </Form.Item>
          <Form.Item name="fileValue" label={t('attachments')}>
            <UploadField multiple limit={50} testId="wf-launch-files" />
          </Form.Item>
          <Form.Item name="relationTaskList" label={t('relationTasks')}>
            <Select
              mode="multiple"
              allowClear
              loading={preceding.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('relationTasksHint')}
              options={(preceding.data?.Rows ?? []).map((r) => ({ value: r.processInstanceId, label: `${r.processName}（${r.schemeName}）` }))}
              data-testid="wf-launch-relations"
            />
          </Form.Item>
        </Form>
      </div>
      <NextApproversDialog open={!!pending} nodes={pending?.nodes ?? []} onOk={resend} onCancel={() => setPending(null)} />
    </Modal>
  );
}
