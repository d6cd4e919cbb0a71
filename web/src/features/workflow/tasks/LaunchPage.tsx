import { useMemo, useState } from 'react';
import { Alert, Card, Col, Empty, Input, Row, Segmented, Spin, Typography } from 'antd';
import { ApartmentOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WfLaunchable, WfLaunchableRow } from '@app/contracts';
import { taskApi, taskKeys } from '../task-api';
import { LaunchDialog, type LaunchTarget } from './LaunchDialog';

const ALL = '__all__';

/** The categories to show: the server's grouping (FlowSort dictionary order, uncategorised last), filtered by keyword. */
export function groupLaunchable(data: WfLaunchable | undefined, keyword: string): WfLaunchable['categories'] {
  const k = keyword.trim().toLowerCase();
  const match = (s: WfLaunchableRow) =>
    !k || s.F_Name.toLowerCase().includes(k) || s.F_Code.toLowerCase().includes(k) || s.F_Description.toLowerCase().includes(k);
  return (data?.categories ?? []).map((c) => ({ ...c, schemes: c.schemes.filter(match) })).filter((c) => c.schemes.length > 0);
}

/** 发起流程 (/workflow/launch/index): the processes the user may launch, by category, as cards. */
export default function LaunchPage() {
  const { t } = useTranslation('wfTask');
  const [category, setCategory] = useState<string>(ALL);
  const [keyword, setKeyword] = useState('');
  const [target, setTarget] = useState<LaunchTarget | null>(null);
  const { data, isLoading, isError } = useQuery({ queryKey: [...taskKeys.all, 'launchable'], queryFn: () => taskApi.launchable() });

  const groups = useMemo(() => groupLaunchable(data, keyword), [data, keyword]);
  const allCategories = data?.categories ?? [];
  const shown = category === ALL ? groups : groups.filter((c) => c.F_Category === category);
  const categoryLabel = (c: { F_Category: string; F_CategoryName: string }) => c.F_CategoryName || c.F_Category || t('uncategorised');

  return (
    <Card size="small" data-testid="wf-launch-page">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginBottom: 16 }}>
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented
            value={category}
            onChange={(v) => setCategory(String(v))}
            data-testid="wf-launch-categories"
            options={[
              { value: ALL, label: <span data-testid="wf-launch-category-all">{t('allCategories')}</span> },
              ...allCategories.map((c) => ({
                value: c.F_Category,
                label: (
                  <span data-testid={`wf-launch-category-${c.F_Category || 'none'}`}>
                    {categoryLabel(c)} ({c.schemes.length})
                  </span>
                ),
              })),
            ]}
          />
        </div>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('searchProcess')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="wf-launch-keyword"
        />
      </div>
      {isLoading ? (
        <Spin style={{ display: 'block', margin: '60px auto' }} />
      ) : isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : shown.length === 0 ? (
        <Empty description={t('nothingToLaunch')} data-testid="wf-launch-empty" />
      ) : (
        shown.map((c) => (
          <section key={c.F_Category || 'none'} data-testid={`wf-launch-group-${c.F_Category || 'none'}`} style={{ marginBottom: 20 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {categoryLabel(c)}
            </Typography.Title>
            <Row gutter={[12, 12]}>
              {c.schemes.map((s) => (
                <Col key={s.F_Id} xs={24} sm={12} md={8} xl={6}>
                  <Card
                    hoverable
                    size="small"
                    data-testid={`wf-launch-card-${s.F_Code}`}
                    onClick={() => setTarget({ schemeId: s.F_Id, schemeName: s.F_Name })}
                    style={{ height: '100%' }}
                  >
                    <Card.Meta
                      avatar={<ApartmentOutlined style={{ fontSize: 28, color: '#1677ff' }} />}
                      title={s.F_Name}
                      description={
                        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0, minHeight: 44 }}>
                          {s.F_Description || t('noDescription')}
                        </Typography.Paragraph>
                      }
                    />
                  </Card>
                </Col>
              ))}
            </Row>
          </section>
        ))
      )}
      {target && <LaunchDialog key={`${target.schemeId}:${target.draft?.F_Id ?? ''}`} target={target} onClose={() => setTarget(null)} />}
    </Card>
  );
}
