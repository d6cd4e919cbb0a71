import { useState } from 'react';
import { Form, Input, Modal, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLUE_LIMITS, CLUE_PHONE, type ClueBody } from '@app/contracts';
import { clueApi } from './api';

type Values = Omit<ClueBody, 'code'>;

/**
 * The "leave your contact" form (ClueLink loads it on the first click, so the sign-in screen does not carry the
 * modal and the contracts' zod schemas): posts to the public POST /login/add-clue. `tenantCode` is what the
 * sign-in form's tenant field holds, so the lead reaches that tenant.
 */
export default function ClueDialog({ open, setOpen, tenantCode }: { open: boolean; setOpen: (open: boolean) => void; tenantCode: () => string }) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [toast, holder] = message.useMessage();
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await clueApi.add({ ...v, code: tenantCode().trim() });
      void toast.success(t('clue.thanks'));
      form.resetFields();
      setOpen(false);
    } catch {
      /* the api client showed the server msg */
    } finally {
      setSaving(false);
    }
  };
  const needsOne = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async () => {
      if (!String(getFieldValue('phone') ?? '').trim() && !String(getFieldValue('email') ?? '').trim()) throw new Error(t('clue.contactNeeded'));
    },
  });
  return (
    <>
      {holder}
      <Modal
        open={open}
        title={t('clue.title')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit().catch(() => {})}
        confirmLoading={saving}
        okText={t('clue.submit')}
        cancelText={t('common:cancel')}
        okButtonProps={{ 'data-testid': 'clue-submit' } as Record<string, string>}
        destroyOnHidden
        forceRender
      >
        <p style={{ color: '#888', marginTop: 0 }}>{t('clue.hint')}</p>
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item
            name="name"
            label={t('clue.name')}
            rules={[
              { required: true, whitespace: true, message: t('clue.badName') },
              { max: CLUE_LIMITS.name, message: t('clue.badName') },
            ]}
          >
            <Input data-testid="clue-name" maxLength={CLUE_LIMITS.name} />
          </Form.Item>
          <Form.Item name="phone" label={t('clue.phone')} dependencies={['email']} rules={[{ pattern: CLUE_PHONE, message: t('clue.badPhone') }, needsOne]}>
            <Input data-testid="clue-phone" maxLength={CLUE_LIMITS.phone} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('clue.email')}
            rules={[
              { type: 'email', message: t('clue.badEmail') },
              { max: CLUE_LIMITS.email, message: t('clue.badEmail') },
            ]}
          >
            <Input data-testid="clue-email" maxLength={CLUE_LIMITS.email} />
          </Form.Item>
          <Form.Item name="company" label={t('clue.company')} rules={[{ max: CLUE_LIMITS.company, message: t('clue.badCompany') }]}>
            <Input data-testid="clue-company" maxLength={CLUE_LIMITS.company} />
          </Form.Item>
          <Form.Item name="message" label={t('clue.message')} rules={[{ max: CLUE_LIMITS.message, message: t('clue.badMessage') }]}>
            <Input.TextArea data-testid="clue-message" rows={3} maxLength={CLUE_LIMITS.message} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
