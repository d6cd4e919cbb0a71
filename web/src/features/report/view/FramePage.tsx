import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Form, Grid, Input, Result, Spin, Tooltip, Typography, theme } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { currentLanguage, setLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { readString, removeKey, writeString } from '../../../lib/storage';
import { reportFrameApi } from '../api';
import { ReportViewer, frameSource, metaKey, viewSource } from '../viewer/ReportViewer';

/** Where the access a share link's password answered is kept, for the browser tab's session. */
const accessKey = (share: string) => `app.reportShareAccess.${share}`;

/**
 * The report frame (`/report-frame/<reportId>`). With a share link's token (`?share=`) it shows what the link
 * shares, through the public /report-frame calls only (never the session; the link's password first when it has
 * one), bare when signed out and as a tab when signed in. Without a token it is the design preview of a signed-in
 * user (report.design.preview), as a tab.
 */
export default function FramePage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const share = search.get('share') ?? '';
  const session = useSession();
  if (!share) return <Preview reportId={id} />;
  if (session)
    return (
      <Card size="small">
        <SharedReport key={`${id}:${share}`} reportId={id} share={share} />
      </Card>
    );
  return (
    <BareFrame>
      <SharedReport key={`${id}:${share}`} reportId={id} share={share} fill />
    </BareFrame>
  );
}

function Preview({ reportId }: { reportId: string }) {
  const source = useMemo(() => viewSource(reportId), [reportId]);
  return (
    <Card size="small">
      <ReportViewer source={source} />
    </Card>
  );
}

/** A shared report seen signed out: the whole window, the theme's background, a language switch. */
function BareFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('report');
  const { token } = theme.useToken();
  // On a phone the page scrolls as a whole (the viewer does not fill the window there).
  const phone = Grid.useBreakpoint().xs === true;
  const lang = currentLanguage();
  return (
    <div
      style={{
        height: phone ? undefined : '100vh',
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgLayout,
        color: token.colorText,
      }}
      data-testid="report-frame-bare"
    >
      <div style={{ flex: 1, minHeight: 0, padding: 12, display: 'flex', flexDirection: 'column' }}>{children}</div>
      <div style={{ position: 'fixed', top: 8, right: 12 }}>
        <Tooltip title={t('frame.language')}>
          <Button size="small" type="text" onClick={() => setLanguage(lang === 'en' ? 'zh-CN' : 'en')} data-testid="report-frame-lang">
            {lang === 'en' ? '中' : 'EN'}
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}

function SharedReport({ reportId, share, fill }: { reportId: string; share: string; fill?: boolean }) {
  const { t } = useTranslation('report');
  const [access, setAccess] = useState(() => readString(accessKey(share), '', 'session') || undefined);
  const source = useMemo(() => frameSource(reportId, { share, access }), [reportId, share, access]);
  const meta = useQuery({ queryKey: metaKey(source), queryFn: source.meta, retry: false, staleTime: 60_000 });
  const locked = meta.data?.needsPassword === true;
  // An access kept from before that the link no longer takes (its time is up): forgotten, the password asked again.
  useEffect(() => {
    if (locked && access) removeKey(accessKey(share), 'session');
  }, [locked, access, share]);
  if (meta.isError) {
    const e = meta.error;
    const behaviour = e instanceof ApiError ? e.behaviour : 'show';
    return (
      <Result
        status={behaviour === 'notFound' ? '404' : behaviour === 'forbidden' ? '403' : 'warning'}
        title={t('frame.unavailable')}
        subTitle={e.message}
        data-testid="report-frame-error"
      />
    );
  }
  if (!meta.data) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  if (meta.data.needsPassword) {
    return (
      <PasswordPrompt
        reportId={reportId}
        share={share}
        name={meta.data.F_Name}
        onUnlocked={(a) => {
          writeString(accessKey(share), a, 'session');
          setAccess(a);
        }}
      />
    );
  }
  return <ReportViewer source={source} fill={fill} />;
}

/** The share link's password: the server answers an access the further calls carry (kept for this browser tab). */
function PasswordPrompt({ reportId, share, name, onUnlocked }: { reportId: string; share: string; name: string; onUnlocked: (access: string) => void }) {
  const { t } = useTranslation('report');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unlock = async ({ password }: { password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { access } = await reportFrameApi.unlock(reportId, share, password);
      onUnlocked(access);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('frame.unlockFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ width: '100%', maxWidth: 400, margin: '48px auto' }} data-testid="report-frame-password">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <LockOutlined /> {name || t('frame.passwordTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('frame.passwordHelp')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={(v: { password: string }) => void unlock(v)}>
        <Form.Item name="password" label={t('frame.password')} rules={[{ required: true, message: t('frame.passwordRequired') }]}>
          <Input.Password autoFocus maxLength={64} autoComplete="off" data-testid="report-frame-password-input" />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="report-frame-password-error" />}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="report-frame-unlock">
          {t('frame.unlock')}
        </Button>
      </Form>
    </Card>
  );
}
