import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query';
import { storedColour, storedTheme } from './shell/themes';

/**
 * Theme, locale and query client. antd's <App> (message + modal + notification) is mounted by the lazily
 * loaded shell (AppFrame) so the /login bundle stays small.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const theme = storedTheme();
  const colour = storedColour();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={theme.config(colour)}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
