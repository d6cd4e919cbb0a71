import { Card, Col, Empty, Row } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@app/contracts';
import { MenuIcon } from '../../app/shell/icons';
import { menuLabel, menuPath, queryString } from '../../app/shell/menu-utils';

/** A grid of the user's menu leaves. */
export function Shortcuts({ items, testId }: { items: MenuItem[]; testId: string }) {
  const { t } = useTranslation(['home', 'menu']);
  const navigate = useNavigate();
  if (!items.length) return <Empty description={t('home:noShortcuts')} />;
  return (
    <Row gutter={[12, 12]} data-testid={testId}>
      {items.map((i) => (
        <Col key={i.F_ModuleId} xs={12} sm={8} md={6} lg={4}>
          <Card
            hoverable
            size="small"
            onClick={() => navigate(menuPath(i) + queryString(i.query))}
            data-testid={`${testId}-${i.F_ModuleId}`}
            styles={{ body: { textAlign: 'center', padding: '16px 8px' } }}
          >
            <div style={{ fontSize: 24, color: '#409EFF' }}>
              <MenuIcon name={i.icon} />
            </div>
            <div style={{ marginTop: 6, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{menuLabel(i, t)}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
