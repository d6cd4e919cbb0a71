import { useState } from 'react';
import { Avatar, Button, Input, Typography, App } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { shellApi } from '../shell/api';
import { clearLock, lockStore } from './lock-state';
import { signOutLocal } from '../auth-actions';
import { AppFrame } from '../AppFrame';

export default function LockPage() {
  return (
    <AppFrame>
      <Lock />
    </AppFrame>
  );
}

function Lock() {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const session = useSession();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const unlock = () => {
    if (!value) {
      setError(t('lock.unlockRequired'));
      return;
    }
    if (value !== lockStore.get().password) {
      setError(t('lock.wrongPassword'));
      return;
    }
    clearLock();
    navigate('/', { replace: true });
  };
  const logout = async () => {
    try {
      await shellApi.logout();
    } catch {
      /* ignore */
    }
    signOutLocal();
    void message.success(t('user.loggedOut'));
    navigate('/login', { replace: true });
  };
  return (
    <div
      data-testid="lock-page"
      style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(160deg,#0f2027,#203a43,#2c5364)' }}
    >
      <div style={{ width: 340, textAlign: 'center', color: '#fff' }}>
        <Avatar size={88} icon={<UserOutlined />} src={session?.userInfo.F_HeadIcon || undefined} />
        <Typography.Title level={3} style={{ color: '#fff', marginTop: 16 }}>
          {session?.userInfo.F_RealName}
        </Typography.Title>
        <p style={{ opacity: 0.75 }}>{t('lock.locked')}</p>
        <Input.Password
          data-testid="unlock-password"
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('lock.unlockPlaceholder')}
          value={value}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
          onPressEnter={unlock}
        />
        <div style={{ minHeight: 22, color: '#ff7875', textAlign: 'left', marginTop: 4 }} data-testid="unlock-error">
          {error}
        </div>
        <Button data-testid="unlock-submit" type="primary" size="large" block onClick={unlock}>
          {t('lock.unlock')}
        </Button>
        <Button type="link" style={{ color: '#fff', marginTop: 12 }} onClick={logout} data-testid="lock-logout">
          {t('lock.backToLogin')}
        </Button>
      </div>
    </div>
  );
}
