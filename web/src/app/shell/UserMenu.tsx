import { App, Avatar, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { shellApi } from './api';
import { signOutLocal } from '../auth-actions';
import { systemIdStore } from './menu-data';

/** Spec 2.3 user drop-down: home, user info, settings, logout (confirm → logout call → system '0', index URL cleared → /login). */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const logout = () =>
    modal.confirm({
      title: t('user.logoutConfirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm' } as Record<string, string>,
      onOk: async () => {
        try {
          await shellApi.logout();
        } catch {
          /* the session ends locally anyway */
        }
        signOutLocal();
        systemIdStore.set('0');
        navigate('/login', { replace: true });
      },
    });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'home', label: <span data-testid="user-menu-home">{t('user.home')}</span> },
          { key: 'info', label: <span data-testid="user-menu-info">{t('user.info')}</span> },
          { key: 'setting', label: <span data-testid="user-menu-setting">{t('user.setting')}</span> },
          { type: 'divider' },
          { key: 'logout', label: <span data-testid="logout">{t('user.logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'home') navigate('/wel/index');
          else if (key === 'info') navigate('/info/index');
          else if (key === 'setting') navigate('/info/setting');
          else if (key === 'logout') logout();
        },
      }}
    >
      <span data-testid="user-menu" className="app-user" role="button" tabIndex={0}>
        <Avatar size="small" icon={<UserOutlined />} src={session?.userInfo.F_HeadIcon || undefined} />
        <span className="app-hide-xs">{session?.userInfo.F_RealName}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </span>
    </Dropdown>
  );
}
