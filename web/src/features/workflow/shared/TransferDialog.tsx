import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UserPicker, type UserBrief } from '../../../components/pickers';
import { taskApi } from '../task-api';
import { useCurrentUserId } from './common';

/**
 * Transfer the task to another person (spec 2.9, 5, 8): the user picker in single mode without the current user,
 * and a note. OK without a person: '您未选择任何转办审批人'; then POST transfer → '转办成功' and onDone, or
 * '转办失败' (after the server's reason).
 */
export function TransferDialog(props: { open: boolean; taskId: string; message?: string; onDone: () => void; onCancel: () => void }) {
  const { open, taskId, onDone, onCancel } = props;
  const { t } = useTranslation('wfShared');
  const { message } = App.useApp();
  const me = useCurrentUserId();
  const [user, setUser] = useState<UserBrief | null>(null);
  const [note, setNote] = useState('');
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setUser(null);
      setNote(props.message ?? '');
    }
    // props.message is the initial note of this opening only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const ok = async () => {
    if (!user) {
      void message.warning(t('transfer.empty'));
      return;
    }
    setBusy(true);
    try {
      await taskApi.transfer(taskId, user.F_UserId, note);
      void message.success(t('transfer.success'));
      onDone();
    } catch {
      void message.error(t('transfer.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal
        open={open}
        title={t('transfer.title')}
        onOk={() => void ok()}
        onCancel={onCancel}
        confirmLoading={busy}
        destroyOnHidden
        width={520}
        okButtonProps={{ 'data-testid': 'wf-transfer-ok' } as Record<string, string>}
        cancelButtonProps={{ 'data-testid': 'wf-transfer-cancel' } as Record<string, string>}
      >
        <Form layout="vertical" data-testid="wf-transfer-dialog">
          <Form.Item label={t('transfer.approver')} required>
            {user && (
              <Tag closable onClose={() => setUser(null)} style={{ marginBottom: 4 }} data-testid="wf-transfer-user">
                {user.F_RealName}
                {user.F_Account ? `（${user.F_Account}）` : ''}
              </Tag>
            )}
            <Button icon={<UserOutlined />} onClick={() => setPicking(true)} data-testid="wf-transfer-choose">
              {t('transfer.choose')}
            </Button>
          </Form.Item>
          <Form.Item label={t('transfer.message')}>
            <Input.TextArea rows={4} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} data-testid="wf-transfer-message" />
          </Form.Item>
        </Form>
      </Modal>
      <UserPicker
        open={open && picking}
        single
        value={user ? [user.F_UserId] : []}
        excludeUserIds={me ? [me] : []}
        onOk={(_ids, users) => {
          setUser(users[0] ?? null);
          setPicking(false);
        }}
        onCancel={() => setPicking(false)}
      />
    </>
  );
}
