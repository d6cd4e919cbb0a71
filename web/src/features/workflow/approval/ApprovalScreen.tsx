import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Col, Empty, Flex, Form, Grid, Modal, Row, Spin, Table, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChosenApprovers, TaskAttachment, TaskComment, TaskFormAnswer, TaskHandleBody } from '@app/contracts';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { ForwarderTable, type ForwarderRow } from '../../../components/pickers';
import { taskApi, taskKeys } from '../task-api';
import { FlowChart } from '../shared/FlowChart';
import { ProcessTimeline } from '../shared/ProcessTimeline';
import { NextApproversDialog } from '../shared/NextApproversDialog';
import { PrintView } from '../shared/PrintView';
import { TransferDialog } from '../shared/TransferDialog';
import { SignerDialog } from '../shared/SignerDialog';
import { wideModal } from '../shared/common';
import { FormTabs, type FormTabsHandle, type WorkflowFormTab } from './FormTabs';
import { ApprovalForm, REJECT, type ApprovalValues } from './ApprovalForm';

/** The forms of a task-form answer as FormTabs tabs (the node's field authority travels with each). */
export function toFormTabs(answer: TaskFormAnswer): WorkflowFormTab[] {
  return answer.forms.map((f) => ({
    F_FormId: f.F_FormId,
    F_Type: f.F_Type,
    F_Name: f.F_Name,
    F_Url: f.F_Url,
    primaryKey: f.primaryKey || undefined,
    F_Scheme: f.F_Scheme ?? undefined,
    formData: f.formData,
    authority: f.formFieldInfo.children.length > 0 ? f.formFieldInfo.children : undefined,
  }));
}

/** A preceding (related) instance, read-only: its forms. */
function RelatedInstance({ processInstanceId }: { processInstanceId: string }) {
  const answer = useQuery({ queryKey: taskKeys.form(undefined, processInstanceId), queryFn: () => taskApi.taskForm({ processInstanceId }) });
  if (answer.error) return <Alert type="error" showIcon title={answer.error.message} />;
  if (!answer.data)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  return <FormTabs forms={toFormTabs(answer.data)} readOnly />;
}

/** The comments given so far (task_comment), with their stamp images. */
function Comments({ comments }: { comments: TaskComment[] }) {
  const { t } = useTranslation('wfApproval');
  if (comments.length === 0) return null;
  return (
    <div data-testid="wf-approval-comments" style={{ marginTop: 16 }}>
      <Typography.Text strong>{t('comments')}</Typography.Text>
      {comments.map((c, i) => (
        <div key={i} data-testid={`wf-approval-comment-${i}`} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5,5,5,0.06)', minWidth: 0 }}>
          <Flex justify="space-between" wrap gap={4}>
            <Typography.Text strong>
              {c.nodeName} · {c.createUser}
            </Typography.Text>
            <Typography.Text type="secondary">{c.time}</Typography.Text>
          </Flex>
          <Typography.Text type="success">{c.btnName}</Typography.Text>
          {c.message && <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{c.message}</Typography.Paragraph>}
          {c.esignature && (
            <img src={c.esignature} alt="" style={{ display: 'block', maxHeight: 60, maxWidth: 160 }} data-testid={`wf-approval-comment-stamp-${i}`} />
          )}
        </div>
      ))}
    </div>
  );
}

function FilesTable({ files }: { files: TaskAttachment[] }) {
  const { t } = useTranslation('wfApproval');
  return (
    <Table<TaskAttachment>
      data-testid="wf-approval-files"
      size="small"
      rowKey="F_Id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={files}
      onRow={(r) => ({ 'data-testid': `wf-approval-file-${r.F_Id}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('fileName'), dataIndex: 'fileName', width: 380, ellipsis: true },
        { title: t('fileNode'), dataIndex: 'actName' },
        { title: t('fileUser'), dataIndex: 'createUserName' },
        { title: t('fileTime'), dataIndex: 'createTime' },
        {
          title: t('common:actions'),
          width: 100,
          render: (_, r) => (
            <Button type="link" size="small" href={r.filePath} target="_blank" rel="noreferrer" data-testid={`wf-approval-file-open-${r.F_Id}`}>
              {t('open')}
            </Button>
          ),
        },
      ]}
    />
  );
}

const toForwarders = (rows: ForwarderRow[]): TaskHandleBody['forwarderList'] =>
  rows.map((r) => ({ F_ObjId: r.F_ObjId, F_ObjName: r.F_ObjName, F_ObjType: r.F_ObjType }));

/**
 * The approval task screen of spec 2.9. A dialog (full screen when asked) over
 * task-form by taskId (to act) or processInstanceId (to look). onClose(true) after a successful action.
 */
export function ApprovalScreen(props: {
  open: boolean;
  taskId?: string | null;
  processInstanceId?: string | null;
  fullScreen?: boolean;
  onClose: (handled: boolean) => void;
}) {
  const { open, onClose } = props;
  const taskId = props.taskId ?? undefined;
  const processInstanceId = taskId ? undefined : (props.processInstanceId ?? undefined);
  const { t } = useTranslation('wfApproval');
  const { modal, message } = App.useApp();
  const phone = Grid.useBreakpoint().sm === false;
  const full = !!props.fullScreen || phone;

  const answer = useQuery({
    queryKey: taskKeys.form(taskId, processInstanceId),
    queryFn: () => taskApi.taskForm({ taskId, processInstanceId }),
    enabled: open && !!(taskId || processInstanceId),
    retry: false,
    gcTime: 0,
  });
  const data = answer.data;

  // Spec 4: a task form that does not load shows the server's msg in an alert titled '消息'; acknowledging closes.
  const alerted = useRef(false);
  useEffect(() => {
    if (!open || !answer.error || alerted.current) return;
    alerted.current = true;
    modal.error({
      title: t('alertTitle'),
      content: answer.error instanceof ApiError ? answer.error.message : String(answer.error.message),
      okText: t('common:ok'),
      okButtonProps: { 'data-testid': 'wf-approval-alert-ok' } as Record<string, string>,
      onOk: () => onClose(false),
    });
  }, [open, answer.error, modal, onClose, t]);

  const [form] = Form.useForm<ApprovalValues>();
  const formTabs = useRef<FormTabsHandle>(null);
  const [leftTab, setLeftTab] = useState('form');
  const [rightTab, setRightTab] = useState('approval');
  const [forwarders, setForwarders] = useState<ForwarderRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [next, setNext] = useState<{ body: TaskHandleBody; nodes: NonNullable<Awaited<ReturnType<typeof taskApi.handle>>['nodes']> } | null>(null);
  const [dialog, setDialog] = useState<'print' | 'transfer' | 'signer' | null>(null);

  const readOnly = !data || data.readOnly || !data.taskId;
  const tabs = useMemo(() => (data ? toFormTabs(data) : []), [data]);
  const relations = useMemo(() => {
    const ids = new Set<string>();
    data?.forms.forEach((f) => f.relationTaskList.forEach((id) => ids.add(id)));
    return [...ids];
  }, [data]);
  const relationInfo = useQuery({
    queryKey: ['workflow-task', 'relation-info', data?.processInstanceId ?? ''],
    queryFn: () => taskApi.relationInfo(data!.processInstanceId),
    enabled: !!data && relations.length > 0,
  });

  // One key per opened task: a double click or a retry after a lost answer acts once.
  const handleKey = useMemo(() => (data?.taskId ? newIdempotencyKey() : ''), [data?.taskId]);
  const send = async (body: TaskHandleBody) => {
    setBusy(true);
    try {
      // A refusal is toasted by the api client with the server's msg (spec 8): nothing more to say here.
      const result = await taskApi.handle(body, handleKey || undefined).catch(() => null);
      if (!result) return;
      if (result.retCode === 1) {
        void message.error(t('wrongPassword'));
        return;
      }
      if (result.retCode === 2) {
        setNext({ body, nodes: result.nodes ?? [] });
        return;
      }
      void message.success(t('handled'));
      onClose(true);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!data?.taskId) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (values.btnValue === REJECT && !values.rejectNodeId) {
      void message.warning(t('rejectNodeRequired'));
      return;
    }
    setBusy(true);
    const formValue = await (formTabs.current?.collect() ?? Promise.resolve([])).finally(() => setBusy(false));
    if (!formValue) {
      setLeftTab('form');
      void message.warning(t('formIncomplete'));
      return;
    }
    await send({
      taskId: data.taskId,
      btnValue: values.btnValue!,
      message: values.message ?? '',
      esignature: values.esignature ?? '',
      esignature_pwd: values.esignature ? (values.esignature_pwd ?? '') : '',
      forwarderList: toForwarders(forwarders),
      formValue,
      rejectNodeId: values.btnValue === REJECT ? (values.rejectNodeId ?? '') : '',
      userJson: [],
      fileValue: values.fileValue ?? '',
      relationTaskList: [],
    });
  };

  const info = data?.processInfo;
  const can = (value: string) => !readOnly && !!info?.functionBtnInfo.some((b) => b.value === value);
  // A completed process has no node to ask: whoever may read it may print it (by instance, every field).
  const canPrint = can('printing_') || (readOnly && data?.state === 'completed');
  const onFormTab = leftTab === 'form';
  const sideButtons = onFormTab && info && (
    <>
      {canPrint && (
        <Button onClick={() => setDialog('print')} data-testid="wf-approval-print">
          {info.functionBtnInfo.find((b) => b.value === 'printing_')?.name || t('print')}
        </Button>
      )}
      {can('transfer_') && (
        <Button onClick={() => setDialog('transfer')} data-testid="wf-approval-transfer">
          {info.functionBtnInfo.find((b) => b.value === 'transfer_')?.name || t('transfer')}
        </Button>
      )}
      {!readOnly && info.signation && (
        <Button onClick={() => setDialog('signer')} data-testid="wf-approval-signation">
          {t('signation')}
        </Button>
      )}
    </>
  );

  const leftItems =
    data && info
      ? [
          { key: 'form', label: t('tabForm'), forceRender: true, children: <FormTabs ref={formTabs} forms={tabs} readOnly={readOnly} /> },
          { key: 'flow', label: t('tabFlow'), children: <FlowChart processInstanceId={data.processInstanceId} /> },
          { key: 'roams', label: t('tabRoams'), children: <ProcessTimeline processInstanceId={data.processInstanceId} records={info.roams} /> },
          { key: 'files', label: t('tabFiles'), children: <FilesTable files={info.files} /> },
          ...relations.map((id, i) => ({
            key: `relation-${i}`,
            label: relationInfo.data?.find((r) => r.processInstanceId === id)?.processName || t('preceding', { n: i + 1 }),
            children: <RelatedInstance processInstanceId={id} />,
          })),
        ].map((item) => ({ ...item, label: <span data-testid={`wf-approval-tab-${item.key}`}>{item.label}</span> }))
      : [];

  const rightItems = info
    ? [
        {
          key: 'approval',
          label: <span data-testid="wf-approval-tab-approval">{t('tabApproval')}</span>,
          children: (
            <>
              {readOnly ? sideButtons : <ApprovalForm processInfo={info} form={form} busy={busy} extra={sideButtons} onConfirm={() => void confirm()} />}
              <Comments comments={info.task_comment} />
              {readOnly && info.task_comment.length === 0 && <Empty description={t('noComments')} />}
            </>
          ),
        },
        ...(readOnly
          ? []
          : [
              {
                key: 'circulate',
                label: <span data-testid="wf-approval-tab-circulate">{t('tabCirculate')}</span>,
                forceRender: true,
                children: (
                  <div data-testid="wf-approval-circulate">
                    <ForwarderTable value={forwarders} onChange={setForwarders} />
                  </div>
                ),
              },
            ]),
      ]
    : [];

  return (
    <Modal
      open={open}
      title={data ? `${data.schemeName}${data.processName && data.processName !== data.schemeName ? ` · ${data.processName}` : ''}` : t('title')}
      {...(full ? wideModal(true, '80%') : { width: '80%', style: { top: 24 } })}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      onCancel={() => onClose(false)}
      wrapClassName="wf-approval-modal"
    >
      <div data-testid="wf-approval" data-readonly={readOnly ? 'true' : 'false'} style={{ overflowX: 'clip' }}>
        {!data ? (
          <Flex justify="center" style={{ padding: 64 }} data-testid="wf-approval-loading">
            {answer.isLoading && <Spin />}
          </Flex>
        ) : (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16} style={{ minWidth: 0 }}>
              <Tabs data-testid="wf-approval-left" activeKey={leftTab} onChange={setLeftTab} items={leftItems} />
            </Col>
            <Col xs={24} lg={8} style={{ minWidth: 0 }}>
              <Tabs data-testid="wf-approval-right" activeKey={rightTab} onChange={setRightTab} items={rightItems} />
            </Col>
          </Row>
        )}
      </div>
      {data && (
        <>
          <NextApproversDialog
            open={!!next}
            nodes={next?.nodes ?? []}
            onCancel={() => setNext(null)}
            onOk={(chosen: ChosenApprovers) => {
              const body = next?.body;
              setNext(null);
              if (body) void send({ ...body, userJson: chosen });
            }}
          />
          <PrintView open={dialog === 'print'} processInstanceId={data.processInstanceId} taskId={data.taskId} onClose={() => setDialog(null)} />
          {data.taskId && (
            <>
              <TransferDialog
                open={dialog === 'transfer'}
                taskId={data.taskId}
                message={form.getFieldValue('message') as string | undefined}
                onCancel={() => setDialog(null)}
                onDone={() => {
                  setDialog(null);
                  onClose(true);
                }}
              />
              <SignerDialog
                open={dialog === 'signer'}
                taskId={data.taskId}
                onCancel={() => setDialog(null)}
                onDone={() => {
                  setDialog(null);
                  void answer.refetch();
                }}
              />
            </>
          )}
        </>
      )}
    </Modal>
  );
}
