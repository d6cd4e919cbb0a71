import { App, Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OnlineSessionRow } from '@app/contracts';
import { onlineUserApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { describeUserAgent } from '../../lib/user-agent';
import { systemPermissions } from './permissions';

export default function OnlineUsersPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canKick = usePermission(systemPermissions.onlineUserForceLogout);
  const kick = async (row: OnlineSessionRow) => {
    await onlineUserApi.kick(row.F_SessionId);
    void message.success(t('online.kicked'));
    await qc.invalidateQueries({ queryKey: ['list', 'online-users'] });
  };
  return (
    <ListPage<OnlineSessionRow>
      testId="online-users"
      queryKey="online-users"
      rowKey="F_SessionId"
      keywordPlaceholder={t('online.keyword')}
      fetch={onlineUserApi.list}
      columns={[
        {
          title: t('online.account'),
          dataIndex: 'F_Account',
          render: (v: string, r) => (
            <span>
              {v}{' '}
              {r.F_IsCurrent && (
                <Tag color="blue" data-testid={`current-session-${r.F_SessionId}`}>
                  {t('online.current')}
                </Tag>
              )}
            </span>
          ),
        },
        { title: t('online.realName'), dataIndex: 'F_RealName' },
        { title: t('online.ip'), dataIndex: 'F_IpAddress' },
        // Browser and system ("Chrome 131 · Windows 10"); the raw header stays in the tooltip.
        {
          title: t('online.userAgent'),
          dataIndex: 'F_UserAgent',
          width: 220,
          render: (v: string, r) => (
            <Tooltip title={v}>
              <span data-testid={`online-client-${r.F_SessionId}`}>{describeUserAgent(v) || '-'}</span>
            </Tooltip>
          ),
        },
        { title: t('online.loginTime'), dataIndex: 'F_LoginTime' },
        { title: t('online.lastActive'), dataIndex: 'F_LastActiveTime' },
        ...(canKick
          ? [
              {
                title: t('common:actions'),
                key: 'actions',
                fixed: 'right' as const,
                render: (_: unknown, r: OnlineSessionRow) =>
                  r.F_IsCurrent ? (
                    <span style={{ color: '#999' }}>{t('online.currentHint')}</span>
                  ) : (
                    <Popconfirm
                      title={t('online.kickConfirm', { name: r.F_RealName || r.F_Account })}
                      onConfirm={() => kick(r)}
                      okText={t('common:ok')}
                      cancelText={t('common:cancel')}
                      okButtonProps={{ 'data-testid': 'force-logout-ok' } as Record<string, string>}
                    >
                      <Button danger size="small" data-testid={`force-logout-${r.F_SessionId}`}>
                        {t('online.kick')}
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
