import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { AuditOutlined, BugOutlined, LoginOutlined, MailOutlined, MenuOutlined, SendOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { homeApi } from './api';
import { useSession } from '../../lib/session';
import { useOtherLeaves } from '../../app/shell/menu-data';
import { Shortcuts } from './Shortcuts';
import { WorkflowNoticePanel } from '../oa/WorkflowNoticePanel';

function greetingKey(hour: number): string {
  if (hour < 6) return 'greeting.night';
  if (hour < 12) return 'greeting.morning';
  if (hour < 14) return 'greeting.noon';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

export default function HomePage() {
  const { t } = useTranslation('home');
  const session = useSession();
  const user = session?.userInfo;
  const overview = useQuery({ queryKey: ['home-overview'], queryFn: homeApi.overview });
  const { leaves } = useOtherLeaves();
  const o = overview.data;
  const org = [user?.F_Company?.F_FullName, ...(user?.F_Department ?? []).map((d) => d.F_FullName)].filter(Boolean).join(' / ');
  // The user's own figures; the tenant-wide ones only when the server answers them (the caller may see their lists).
  const cards = [
    { key: 'myTodos', icon: <AuditOutlined />, value: o?.myTodos, color: '#409EFF' },
    { key: 'myApplications', icon: <SendOutlined />, value: o?.myApplications, color: '#67C23A' },
    { key: 'unreadMessages', icon: <MailOutlined />, value: o?.unreadMessages, color: '#E6A23C' },
    { key: 'myMenus', icon: <MenuOutlined />, value: o?.myMenus, color: '#909399' },
  ];
  const tenantCards = [
    { key: 'onlineUsers', icon: <TeamOutlined />, value: o?.onlineUsers, color: '#409EFF' },
    { key: 'todayLogins', icon: <LoginOutlined />, value: o?.todayLogins, color: '#E6A23C' },
    { key: 'clientErrorsToday', icon: <BugOutlined />, value: o?.clientErrorsToday, color: '#F56C6C' },
  ].filter((c) => c.value !== undefined);
  return (
    <div data-testid="home-page">
      <Card style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="home-greeting">
          {t(greetingKey(new Date().getHours()), { name: user?.F_RealName ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {org || user?.F_TenantName}
          {o && (
            <span data-testid="home-last-login">
              {' · '}
              {o.lastLoginTime ? t('lastLogin', { time: o.lastLoginTime, ip: o.lastLoginIp ?? '-' }) : t('firstLogin')}
            </span>
          )}
        </Typography.Text>
      </Card>
      <Row gutter={[12, 12]} data-testid="home-overview" style={{ marginBottom: 12 }}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} md={6}>
            <Card data-testid={`home-overview-${c.key}`}>
              {overview.isLoading ? (
                <Skeleton active paragraph={false} />
              ) : (
                <Statistic title={t(`overview.${c.key}`)} value={c.value ?? '-'} prefix={<span style={{ color: c.color }}>{c.icon}</span>} />
              )}
            </Card>
          </Col>
        ))}
      </Row>
      {tenantCards.length > 0 && (
        <Card size="small" title={t('tenantOverview')} data-testid="home-tenant-overview" style={{ marginBottom: 12 }}>
          <Row gutter={[12, 12]}>
            {tenantCards.map((c) => (
              <Col key={c.key} xs={12} md={8}>
                <Statistic
                  data-testid={`home-overview-${c.key}`}
                  title={t(`overview.${c.key}`)}
                  value={c.value}
                  prefix={<span style={{ color: c.color }}>{c.icon}</span>}
                />
              </Col>
            ))}
          </Row>
        </Card>
      )}
      <div style={{ marginBottom: 12 }}>
        <WorkflowNoticePanel />
      </div>
      <Card title={t('shortcuts')}>
        <Shortcuts items={leaves} testId="home-shortcut" />
      </Card>
    </div>
  );
}
