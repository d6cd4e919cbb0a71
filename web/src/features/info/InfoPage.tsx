import { useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProfileBody } from '@app/contracts';
import { myAccountApi } from './api';
import { updateUserInfo, useSession } from '../../lib/session';
import { useZodRules } from '../../lib/zod-rules';
import { profileBody } from '@app/contracts';

export const HEAD_ICON_MAX_BYTES = 200 * 1024;
export const FALLBACK_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#dcdfe6"/><circle cx="32" cy="24" r="12" fill="#fff"/><path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill="#fff"/></svg>',
  );

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

export default function InfoPage() {
  const { t } = useTranslation('info');
  const { message } = App.useApp();
  const session = useSession();
  const qc = useQueryClient();
  const user = session?.userInfo;
  const id = user?.F_UserId ?? '';
  const [form] = Form.useForm<ProfileBody>();
  const rules = useZodRules(profileBody);
  const [saving, setSaving] = useState(false);
  const [broken, setBroken] = useState(false);
  const info = useQuery({ queryKey: ['user-info', id], queryFn: myAccountApi.info, enabled: !!id });
  const icon = useQuery({ queryKey: ['head-icon', id], queryFn: () => myAccountApi.headIcon(id), enabled: !!id });
  const u = info.data ?? user;
  useEffect(() => {
    if (info.data) updateUserInfo(info.data);
  }, [info.data]);
  useEffect(() => {
    if (u) form.setFieldsValue({ F_RealName: u.F_RealName, F_Mobile: u.F_Mobile ?? '', F_Email: u.F_Email ?? '', F_Gender: u.F_Gender === 1 ? 1 : 0 });
  }, [u, form]);
  const save = async (v: ProfileBody) => {
    setSaving(true);
    try {
      await myAccountApi.updateProfile(id, v);
      void message.success(t('saved'));
      await qc.invalidateQueries({ queryKey: ['user-info', id] });
    } catch {
      /* toast shown */
    } finally {
      setSaving(false);
    }
  };
  const upload = async (file: File) => {
    if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) {
      void message.error(t('iconType'));
      return false;
    }
    if (file.size > HEAD_ICON_MAX_BYTES) {
      void message.error(t('iconTooLarge'));
      return false;
    }
    try {
      const url = await readDataUrl(file);
      await myAccountApi.setHeadIcon(id, url);
      void message.success(t('iconSaved'));
      setBroken(false);
      await qc.invalidateQueries({ queryKey: ['head-icon', id] });
      if (session) updateUserInfo({ ...session.userInfo, F_HeadIcon: url });
    } catch {
      /* toast shown */
    }
    return false;
  };
  const src = !broken && icon.data ? icon.data : FALLBACK_AVATAR;
  return (
    <Row gutter={[12, 12]} data-testid="info-page">
      <Col xs={24} lg={9}>
        <Card title={t('profile')}>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Avatar size={96} src={<img src={src} alt="avatar" data-testid="head-icon" onError={() => setBroken(true)} />} />
            <div style={{ marginTop: 12 }}>
              <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false} beforeUpload={upload}>
                <Button icon={<UploadOutlined />} size="small" data-testid="head-icon-upload">
                  {t('changeIcon')}
                </Button>
              </Upload>
            </div>
          </div>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('account')}>{u?.F_Account}</Descriptions.Item>
            <Descriptions.Item label={t('realName')}>{u?.F_RealName}</Descriptions.Item>
            <Descriptions.Item label={t('gender')}>{u?.F_Gender === 1 ? t('female') : t('male')}</Descriptions.Item>
            <Descriptions.Item label={t('mobile')}>{u?.F_Mobile || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('email')}>{u?.F_Email || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('company')}>{u?.F_Company?.F_FullName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('department')}>{u?.F_Department.map((d) => d.F_FullName).join(', ') || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('roles')}>{u?.roles.map((r) => r.F_FullName).join(', ') || '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card title={t('edit')}>
          <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }}>
            <Form.Item
              name="F_RealName"
              label={t('realName')}
              // The contract trims the name, so blanks alone are as empty as nothing: said here, as the required rule does not.
              rules={[
                ...rules('F_RealName', t('realName'), { messages: { required: t('realNameRequired') } }),
                { whitespace: true, message: t('realNameRequired') },
              ]}
            >
              <Input data-testid="profile-realname" />
            </Form.Item>
            <Form.Item name="F_Mobile" label={t('mobile')} rules={rules('F_Mobile', t('mobile'), { messages: { pattern: t('mobileInvalid') } })}>
              <Input data-testid="profile-mobile" maxLength={11} />
            </Form.Item>
            <Form.Item name="F_Email" label={t('email')} rules={rules('F_Email', t('email'), { messages: { email: t('emailInvalid') } })}>
              <Input data-testid="profile-email" />
            </Form.Item>
            <Form.Item name="F_Gender" label={t('gender')}>
              <Radio.Group
                options={[
                  { value: 0, label: t('male') },
                  { value: 1, label: t('female') },
                ]}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
              {t('save')}
            </Button>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
