import { useEffect, useState } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { Locale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';
import LoginPage from '../features/auth/LoginPage';

/**
 * The sign-in screen on its own, for a cold visit to /login without a session: no router, no query client, no
 * feature manifests, so the first download is little more than React, antd's form and the texts. The page is
 * the same one the router shows at /login once the application is loaded.
 */
export function SignInApp() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  // antd's own English texts are fetched only when English is chosen.
  const [enUS, setEnUS] = useState<Locale | null>(null);
  useEffect(() => {
    if (english && !enUS) void import('antd/locale/en_US').then((m) => setEnUS(m.default));
  }, [english, enUS]);
  return (
    <ConfigProvider locale={english && enUS ? enUS : zhCN}>
      <LoginPage />
    </ConfigProvider>
  );
}
