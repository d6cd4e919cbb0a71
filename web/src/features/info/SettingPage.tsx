import { useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { md5 } from 'js-md5';
import { updatePasswordBody, type UpdatePasswordBody } from '@app/contracts';
import { myAccountApi } from './api';
import { useSession } from '../../lib/session';
import { signOutLocal } from '../../app/auth-actions';
import { useZodRules, type FieldRuleOptions } from '../../lib/zod-rules';

export default function SettingPage() {
  const { t } = useTranslation('info');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const [saving, setSaving] = useState(false);
  const rules = useZodRules(updatePasswordBody);
  // The contract checks the md5 hash sent, not what is typed: only its "required" applies to the clear text.
  const typed: FieldRuleOptions = { skip: ['length', 'pattern'] };
  const submit = async (v: { oldPassword: string; newPassword: string; confirm: string }) => {
    setSaving(true);
    try {
      const body: UpdatePasswordBody = { oldPassword: md5(v.oldPassword), newPassword: md5(v.newPassword) };
      await myAccountApi.updatePassword(String(session?.userInfo.F_UserId), body);
      void message.success(t('passwordChanged'));
      try {
        await myAccountApi.logout();
      } catch {
        /* already ended */
      }
      signOutLocal();
      navigate('/login', { replace: true });
    } catch {
      /* toast shown */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('changePassword')} data-testid="setting-page">
      <Form layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
        <Form.Item
          name="oldPassword"
          label={t('oldPassword')}
          rules={rules('oldPassword', t('oldPassword'), { ...typed, messages: { required: t('oldRequired') } })}
        >
          <Input.Password data-testid="old-password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('newPassword')}
          rules={[...rules('newPassword', t('newPassword'), { ...typed, messages: { required: t('newRequired') } }), { min: 6, message: t('newTooShort') }]}
        >
          <Input.Password data-testid="new-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('mismatch')))),
            }),
          ]}
        >
          <Input.Password data-testid="confirm-password" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
          {t('submit')}
        </Button>
      </Form>
    </Card>
  );
}
