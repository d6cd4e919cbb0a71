// The baseline for `npm run bench -- first-screen`: the smallest sensible Vite + React + antd sign-in page
// (Chinese locale, a form with account and password, a primary button), to compare the app's /login JavaScript with.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Card, ConfigProvider, Form, Input } from 'antd';
import zhCN from 'antd/locale/zh_CN';

function SignIn() {
  return (
    <Card title="登录" style={{ maxWidth: 360, margin: '80px auto' }}>
      <Form layout="vertical" onFinish={(v) => console.log(v)} requiredMark={false} size="large">
        <Form.Item name="account" label="账号" rules={[{ required: true, message: '请输入账号' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button data-testid="login-submit" type="primary" htmlType="submit" block>
          登录
        </Button>
      </Form>
    </Card>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      <SignIn />
    </ConfigProvider>
  </StrictMode>,
);
