import { useState } from 'react';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCK_DELAY_MS, lockScreen, lockStore, setLockPassword } from '../lock/lock-state';

/** Spec 2.8: ask for a lock password if none is stored, then lock and go to /lock after 100 ms. */
export function LockButton() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const lockNow = () => {
    setTimeout(() => {
      lockScreen();
      navigate('/lock');
    }, LOCK_DELAY_MS);
  };
  const onClick = () => {
    if (!lockStore.get().password) {
      form.resetFields();
      setOpen(true);
    } else lockNow();
  };
  const confirm = async () => {
    try {
      const { password } = await form.validateFields();
      setLockPassword(password);
      setOpen(false);
      lockNow();
    } catch {
      /* validation message shown */
    }
  };
  return (
    <>
      <Tooltip title={t('lock.title')}>
        <Button type="text" icon={<LockOutlined />} data-testid="lock-button" onClick={onClick} />
      </Tooltip>
      <Modal
        title={t('lock.setTitle')}
        open={open}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        okButtonProps={{ 'data-testid': 'lock-confirm' } as Record<string, string>}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={confirm}>
          <Form.Item name="password" label={t('lock.password')} rules={[{ required: true, message: t('lock.passwordRequired') }]}>
            <Input.Password data-testid="lock-password" placeholder={t('lock.passwordPlaceholder')} onPressEnter={confirm} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
