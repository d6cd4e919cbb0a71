import { useEffect, type ReactNode } from 'react';
import { App as AntApp } from 'antd';
import { setErrorToast } from '../lib/api';

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setErrorToast((text) => void message.error(text)), [message]);
  return null;
}

/** antd <App> (message, modal) plus the api client's error toasts, for the signed-in screens. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <AntApp style={{ height: '100%' }}>
      <ToastBridge />
      {children}
    </AntApp>
  );
}
