import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query';
import { setErrorToast } from '../lib/api';
import { storedColour, storedTheme } from './shell/themes';

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setErrorToast((text) => void message.error(text)), [message]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const theme = storedTheme();
  const colour = storedColour();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={theme.config(colour)}>
      <QueryClientProvider client={queryClient}>
        <AntApp style={{ height: '100%' }}>
          <ToastBridge />
          {children}
        </AntApp>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
