import { Button, Result, theme } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function ErrorPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('errors');
  // The page stands outside the shell's layout: it paints the theme's background itself (dark themes have light text).
  const { token } = theme.useToken();
  const code = (['403', '404', '500'].find((c) => pathname.includes(c)) ?? '404') as '403' | '404' | '500';
  return (
    <div style={{ paddingTop: 80, minHeight: '100vh', boxSizing: 'border-box', background: token.colorBgLayout }} data-testid={`error-page-${code}`}>
      <Result
        status={code}
        title={code}
        subTitle={t(`page${code}`)}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('backHome')}
          </Button>
        }
      />
    </div>
  );
}
