import { useState, type ReactNode } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';

/** Admin spec 5 delete confirmation, then the '删除成功' toast (spec 8). Resolves true when deleted. */
export function useDeleteConfirm() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation('common');
  return (name: string, run: () => Promise<unknown>, after?: () => unknown) =>
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm', { name }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'delete-ok' } as { danger: boolean },
      onOk: async () => {
        try {
          await run();
        } catch (e) {
          // A refusal (ApiError) is already shown by the API client: close the dialog instead of rethrowing it,
          // which left an uncaught promise rejection in the console.
          if (e instanceof ApiError) return;
          throw e;
        }
        void message.success(t('deleted'));
        await after?.();
      },
    });
}

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  /** Values to start from (edit) or defaults (add). */
  initialValues?: Partial<V>;
  /** true: the '更新成功' toast, else '新增成功'. */
  editing?: boolean;
  width?: number;
  onSubmit: (values: V, form: FormInstance<V>) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /**
   * A second way to submit beside OK (e.g. 保存并发布): validates the same form, then its own submit and toast;
   * a failure keeps the dialog open.
   */
  extraAction?: { label: ReactNode; testId: string; onSubmit: (values: V, form: FormInstance<V>) => Promise<unknown>; successText: string };
}

/** A modal form: OK (data-testid modal-ok) validates, submits, toasts and closes; a failure keeps it open. */
export function FormModal<V extends object>({
  open,
  title,
  initialValues,
  editing,
  width = 640,
  onSubmit,
  onClose,
  children,
  testId,
  extraAction,
}: FormModalProps<V>) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState<'ok' | 'extra' | null>(null);
  const run = async (which: 'ok' | 'extra') => {
    const values = await form.validateFields();
    setBusy(which);
    try {
      if (which === 'extra' && extraAction) {
        await extraAction.onSubmit(values, form);
        void message.success(extraAction.successText);
      } else {
        await onSubmit(values, form);
        void message.success(t(editing ? 'updated' : 'added'));
      }
      onClose();
    } finally {
      setBusy(null);
    }
  };
  const ok = () => run('ok');
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => void ok().catch(() => undefined)}
      confirmLoading={busy === 'ok'}
      footer={
        extraAction
          ? (_, { OkBtn, CancelBtn }) => (
              <>
                <CancelBtn />
                <OkBtn />
                <Button
                  type="primary"
                  loading={busy === 'extra'}
                  disabled={busy === 'ok'}
                  onClick={() => void run('extra').catch(() => undefined)}
                  data-testid={extraAction.testId}
                >
                  {extraAction.label}
                </Button>
              </>
            )
          : undefined
      }
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-testid': 'modal-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <div data-testid={testId}>
        <Form<V>
          form={form}
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 18 }}
          preserve={false}
          clearOnDestroy
          initialValues={initialValues as never}
        >
          {children}
        </Form>
      </div>
    </Modal>
  );
}

/** Turns a tree into antd TreeSelect / Tree data. */
export function toTreeData<T extends { children?: T[] }>(
  nodes: T[],
  key: (n: T) => string,
  title: (n: T) => string,
): { key: string; value: string; title: string; children: ReturnType<typeof toTreeData<T>> }[] {
  return nodes.map((n) => ({ key: key(n), value: key(n), title: title(n), children: toTreeData(n.children ?? [], key, title) }));
}

/** antd Table shows an expand icon for an empty children array; drop empty ones. */
export function pruneChildren<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.map((n) => {
    const { children, ...rest } = n;
    return (children && children.length ? { ...rest, children: pruneChildren(children) } : rest) as T;
  });
}

/** The fields most administration forms end with: sort order, enabled switch, description. */
export function SortEnabledDescriptionFields({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="F_SortCode" label={t('common:sortCode')}>
        <InputNumber min={0} />
      </Form.Item>
      {enabled && (
        <Form.Item name="F_EnabledMark" label={t('common:enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      <Form.Item name="F_Description" label={t('common:description')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </>
  );
}
