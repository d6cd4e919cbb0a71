import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Modal, Space, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  flattenFields,
  isContainer,
  isShown,
  PRINT_DEFAULT_BORDER,
  PRINT_LOADING_MS,
  type FormSchemeDetail,
  type PrintData,
  type TaskComment,
  type TaskFormItem,
} from '@app/contracts';
import { PrintView as FormPrintView, printBlock } from '../../form-print/PrintView';
import { taskApi, taskKeys } from '../task-api';
import { idPart, useNarrow, wideModal } from './common';
import './print-view.css';

/**
 * The print data of one designed form of the instance (the form-print feature's shape): its scheme and values,
 * the default print setting, and as viewable the node's viewable fields — every field when the answer carries no
 * authority (read-only by processInstanceId: the server sends what may be seen).
 */
export function formPrintData(form: TaskFormItem): PrintData {
  const scheme = (form.F_Scheme ?? { data: [] }) as FormSchemeDetail['F_Scheme'];
  const authority = form.formFieldInfo.children;
  // The renderer's rule: a field is printed where the node lets it be seen (and every container around it).
  const viewable = flattenFields(scheme?.data ?? [])
    .filter((p) => !isContainer(p.field) && isShown(p, authority.length ? authority : undefined))
    .map((p) => p.field.__config__.formId);
  return {
    title: form.F_Name,
    form: { F_Id: form.F_FormId, F_Name: form.F_Name, F_Scheme: scheme } as unknown as FormSchemeDetail,
    formData: form.formData as PrintData['formData'],
    viewable,
    setting: { style: 0, titleUnderline: 1, type: 1, borderColor: PRINT_DEFAULT_BORDER, title: '' },
  };
}

function Comments({ comments }: { comments: TaskComment[] }) {
  const { t } = useTranslation('wfShared');
  return (
    <div className="fp-page wf-print-comments" data-testid="wf-print-comments">
      <h2>{t('print.comments')}</h2>
      <div className="wf-print-scroll">
        <table className="fp-subtable">
          <thead>
            <tr>
              <th>{t('print.node')}</th>
              <th>{t('print.approver')}</th>
              <th>{t('print.button')}</th>
              <th>{t('print.message')}</th>
              <th>{t('print.time')}</th>
              <th>{t('print.stamp')}</th>
            </tr>
          </thead>
          <tbody>
            {comments.map((c, i) => (
              <tr key={i} data-testid={`wf-print-comment-${i}`}>
                <td>{c.nodeName}</td>
                <td>{c.createUser}</td>
                <td>{c.btnName || c.btnValue}</td>
                <td style={{ whiteSpace: 'pre-wrap' }}>{c.message}</td>
                <td>{c.time}</td>
                <td>{c.esignature ? <img src={c.esignature} alt="" /> : null}</td>
              </tr>
            ))}
            {comments.length === 0 && (
              <tr>
                <td colSpan={6} className="fp-empty">
                  {t('print.noComments')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One form's sheet: designed forms through the form-print view; blocked with the spec 5 texts; system forms by name. */
function FormSheet({ form }: { form: TaskFormItem }) {
  const { t } = useTranslation('wfShared');
  const data = useMemo(() => formPrintData(form), [form]);
  if (form.F_Type !== 0)
    return <Alert type="info" showIcon title={t('print.systemForm', { name: form.F_Name })} data-testid={`wf-print-system-${idPart(form.F_FormId)}`} />;
  const block = printBlock(data);
  if (block) return <Alert type="error" showIcon title={t(`print.${block}`)} data-testid="wf-print-blocked" style={{ margin: '12px 0' }} />;
  return <FormPrintView data={data} documentNumber={form.primaryKey} />;
}

function Sheets({ forms, comments }: { forms: TaskFormItem[]; comments: TaskComment[] }) {
  return (
    <>
      {forms.map((f) => (
        <FormSheet key={`${f.F_FormId}-${f.primaryKey}`} form={f} />
      ))}
      <Comments comments={comments} />
    </>
  );
}

/**
 * The form print view of an instance (spec 2.9, 5): its forms read-only as the form-print feature prints them
 * (blocked with '表单配置异常，请检查数据格式' without fields and '无表单权限，请检查数据格式' without viewable
 * fields), then the approval comments with their stamps. Print copies the sheets under <body> and prints only them
 * after the spec's 1 s loading overlay. With a taskId the node's field authority applies.
 */
export function PrintView(props: { open: boolean; processInstanceId: string | null; taskId?: string | null; onClose: () => void }) {
  const { open, processInstanceId, taskId, onClose } = props;
  const { t } = useTranslation('wfShared');
  const narrow = useNarrow();
  const [printing, setPrinting] = useState(false);
  const answer = useQuery({
    queryKey: taskKeys.form(taskId ?? undefined, taskId ? undefined : (processInstanceId ?? undefined)),
    queryFn: () => taskApi.taskForm(taskId ? { taskId } : { processInstanceId: processInstanceId ?? '' }),
    enabled: open && (!!taskId || !!processInstanceId),
    retry: false,
    staleTime: 0,
  });

  useEffect(() => {
    if (!printing) return;
    document.body.classList.add('wf-printing');
    const done = () => {
      document.body.classList.remove('wf-printing');
      setPrinting(false);
    };
    const timer = window.setTimeout(() => {
      try {
        window.print();
      } finally {
        done();
      }
    }, PRINT_LOADING_MS);
    return () => {
      window.clearTimeout(timer);
      document.body.classList.remove('wf-printing');
    };
  }, [printing]);

  const data = answer.data;
  const forms = data?.forms ?? [];
  const comments = data?.processInfo.task_comment ?? [];
  return (
    <Modal
      open={open}
      title={data?.processName || t('print.title')}
      onCancel={onClose}
      destroyOnHidden
      {...wideModal(narrow, '80%')}
      footer={
        <Space>
          <Button onClick={onClose} data-testid="wf-print-close">
            {t('common:cancel')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!data} loading={printing} onClick={() => setPrinting(true)} data-testid="wf-print-button">
            {t('print.print')}
          </Button>
        </Space>
      }
    >
      <div className="wf-print-sheets" data-testid="wf-print-view" style={{ background: '#f5f5f5', padding: narrow ? 4 : 12, overflowX: 'auto' }}>
        <Spin spinning={(answer.isPending && answer.fetchStatus !== 'idle') || printing}>
          {answer.isError && <Alert type="error" showIcon title={answer.error instanceof Error ? answer.error.message : ''} data-testid="wf-print-error" />}
          {data && forms.length === 0 && <Alert type="info" showIcon title={t('print.noForms')} />}
          {data && <Sheets forms={forms} comments={comments} />}
        </Spin>
      </div>
      {printing && data && createPortal(<div className="wf-print-portal">{<Sheets forms={forms} comments={comments} />}</div>, document.body)}
    </Modal>
  );
}
