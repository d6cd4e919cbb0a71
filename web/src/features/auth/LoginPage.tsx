import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginBody, LoginResult, PhoneLoginBody } from '@app/contracts';
import { setErrorToast } from '../../lib/api';
import { loginApi } from './api';
import { currentLanguage, setLanguage } from '../../lib/i18n';
import { signIn } from '../../app/auth-actions';
import { ClueLink } from '../clue/ClueLink';

/** Spec: SMS resend countdown. */
export const SMS_COUNTDOWN_S = 60;

interface MethodProps {
  onDone: (r: LoginResult) => void;
  onTenant: (code: string) => void;
  onEdit: () => void;
}

/**
 * What both sign-in methods share: the form's look, the tenant field (its code is reported as typed), the submit
 * button and the busy state while `sign` runs. The method's own fields come as children.
 */
function SignInForm<V extends { code?: string }>({
  form,
  sign,
  tenantTestId,
  submitTestId,
  onDone,
  onTenant,
  onEdit,
  children,
}: MethodProps & { form?: FormInstance<V>; sign: (v: V) => Promise<LoginResult>; tenantTestId: string; submitTestId: string; children: ReactNode }) {
  const { t } = useTranslation('login');
  const [loading, setLoading] = useState(false);
  const finish = async (v: V) => {
    setLoading(true);
    try {
      onDone(await sign(v));
    } catch {
      /* the api client showed the server msg */
    } finally {
      setLoading(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={finish}
      requiredMark={false}
      size="large"
      onValuesChange={(c: { code?: string }) => {
        onEdit();
        if ('code' in c) onTenant(c.code ?? '');
      }}
    >
      {children}
      <Form.Item name="code" label={t('tenant')}>
        <Input data-testid={tenantTestId} placeholder={t('tenantPlaceholder')} />
      </Form.Item>
      <Button data-testid={submitTestId} type="primary" htmlType="submit" block loading={loading}>
        {t('submit')}
      </Button>
    </Form>
  );
}

function AccountForm(props: MethodProps) {
  const { t } = useTranslation('login');
  const sign = async (v: { account: string; password: string; code?: string }) => {
    // The hash is needed only on submit: loading it then keeps it out of the sign-in screen's first download.
    const { md5 } = await import('js-md5');
    const body: LoginBody = { account: v.account.trim(), password: md5(v.password), code: (v.code ?? '').trim() };
    return loginApi.login(body);
  };
  return (
    <SignInForm sign={sign} tenantTestId="login-tenant" submitTestId="login-submit" {...props}>
      <Form.Item name="account" label={t('account')} rules={[{ required: true, message: t('accountRequired') }]}>
        <Input data-testid="login-account" autoComplete="username" placeholder={t('accountPlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }]}>
        <Input.Password data-testid="login-password" autoComplete="current-password" placeholder={t('passwordPlaceholder')} />
      </Form.Item>
    </SignInForm>
  );
}

function PhoneForm(props: MethodProps) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<{ phone: string; sms: string; code?: string }>();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  const send = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    const phone = String(form.getFieldValue('phone')).trim();
    const code = String(form.getFieldValue('code') ?? '').trim();
    try {
      await loginApi.sendSms(phone, code);
      setLeft(SMS_COUNTDOWN_S);
    } catch {
      /* toast shown */
    }
  };
  const sign = (v: { phone: string; sms: string; code?: string }) => {
    const body: PhoneLoginBody = { account: v.phone.trim(), password: v.sms.trim(), code: (v.code ?? '').trim() };
    return loginApi.loginByPhone(body);
  };
  return (
    <SignInForm form={form} sign={sign} tenantTestId="login-phone-tenant" submitTestId="login-phone-submit" {...props}>
      <Form.Item name="phone" label={t('phone')} rules={[{ required: true, pattern: /^1\d{10}$/, message: t('phoneInvalid') }]}>
        <Input data-testid="login-phone" placeholder={t('phonePlaceholder')} maxLength={11} />
      </Form.Item>
      <Form.Item label={t('smsCode')} required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="sms" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: t('smsInvalid') }]}>
            <Input data-testid="login-sms" placeholder={t('smsPlaceholder')} maxLength={6} />
          </Form.Item>
          <Button data-testid="login-send-sms" onClick={send} disabled={left > 0} style={{ minWidth: 120 }}>
            {left > 0 ? t('resendIn', { seconds: left }) : t('sendCode')}
          </Button>
        </div>
      </Form.Item>
    </SignInForm>
  );
}

type Method = 'account' | 'phone';

/**
 * The two sign-in methods as a segmented switch (tabs in the accessibility tree). Written here rather than with
 * antd's Tabs or Segmented, which would add their own code to the sign-in screen's first download for two labels
 * on a card that is always light.
 */
function MethodSwitch({
  value,
  onChange,
  options,
}: {
  value: Method;
  onChange: (value: Method) => void;
  options: { value: Method; label: string; testId: string }[];
}) {
  return (
    <div role="tablist" style={{ display: 'flex', gap: 2, padding: 2, marginBottom: 16, borderRadius: 6, background: '#f0f2f5' }}>
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="tab"
            aria-selected={selected}
            data-testid={option.testId}
            onClick={() => onChange(option.value)}
            style={{
              flex: 1,
              padding: '6px 12px',
              border: 0,
              borderRadius: 4,
              cursor: 'pointer',
              font: 'inherit',
              fontSize: 14,
              color: selected ? '#1d3b72' : '#595959',
              fontWeight: selected ? 600 : 400,
              background: selected ? '#fff' : 'transparent',
              boxShadow: selected ? '0 1px 2px rgba(0,0,0,.12)' : 'none',
            }}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation('login');
  const lang = currentLanguage();
  // A refused sign-in is said next to the form, not in a passing toast (and antd's message stays out of the
  // sign-in screen's first download). It goes when the user changes anything.
  const [error, setError] = useState('');
  // The tenant code last typed on either tab: a lead left from this page goes to that tenant.
  const [tenantCode, setTenantCode] = useState('');
  const [method, setMethod] = useState<Method>('account');
  useEffect(() => setErrorToast(setError), []);
  useEffect(() => {
    document.title = `${t('title')} - ${t('common:siteTitle')}`;
  }, [t]);
  const done = (r: LoginResult) => {
    // The guard then sends /login on to the stored return path.
    signIn(r);
  };
  return (
    <div
      data-testid="login-page"
      style={{
        minHeight: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg,#1d3b72 0%,#409EFF 100%)',
        padding: 16,
      }}
    >
      <div style={{ width: 400, maxWidth: '100%', background: '#fff', borderRadius: 8, padding: '32px 32px 24px', boxShadow: '0 8px 32px rgba(0,0,0,.2)' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
          <h1 style={{ margin: 0, fontSize: 22 }}>{t('common:siteTitle')}</h1>
          <Button type="link" size="small" data-testid="lang-switch" onClick={() => setLanguage(lang === 'en' ? 'zh-CN' : 'en')}>
            {lang === 'en' ? '中文' : 'English'}
          </Button>
        </div>
        <p style={{ color: '#888', marginTop: 0 }}>{t('subtitle')}</p>
        {error && (
          <div
            role="alert"
            data-testid="login-error"
            style={{ margin: '0 0 16px', padding: '8px 12px', borderRadius: 6, border: '1px solid #ffccc7', background: '#fff2f0', color: '#a8071a' }}
          >
            {error}
          </div>
        )}
        <MethodSwitch
          value={method}
          onChange={(value) => {
            setMethod(value);
            setError('');
          }}
          options={[
            { value: 'account', label: t('tabAccount'), testId: 'login-tab-account' },
            { value: 'phone', label: t('tabPhone'), testId: 'login-tab-phone' },
          ]}
        />
        {method === 'account' ? (
          <AccountForm onDone={done} onTenant={setTenantCode} onEdit={() => setError('')} />
        ) : (
          <PhoneForm onDone={done} onTenant={setTenantCode} onEdit={() => setError('')} />
        )}
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <ClueLink tenantCode={() => tenantCode} />
        </div>
      </div>
    </div>
  );
}
