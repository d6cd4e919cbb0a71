import { Card, Collapse, Space, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WfValidateResult } from '@app/contracts';
import { checkGroups } from './wf-config';

interface Item {
  elementId: string | null;
  message: string;
  /** data-kind of the row (the e2e tests read it): issue (error), unsupported (changes the run), warning, metadata. */
  kind: 'issue' | 'unsupported' | 'warning' | 'metadata';
}

const TAG_COLOUR: Record<Item['kind'], string> = { issue: 'red', unsupported: 'orange', warning: 'gold', metadata: 'default' };

/**
 * The validation answer above the canvas (docs/workflow-screens.md "Designer"): errors (red) and vendor parts
 * that change the run (orange) first, then the warnings in a calmer group of their own (they do not stop a
 * save), then the tool metadata (signavio:*, colours…) as one folded line: a Signavio export has hundreds.
 * Rows are numbered across the groups (`wfd-issue-{n}`); clicking one selects its element.
 */
export function IssueList({ check, onSelect }: { check: WfValidateResult; onSelect: (elementId: string | null) => void }) {
  const { t } = useTranslation('wfDesigner');
  const { token } = theme.useToken();
  const { errors, warnings, behaviour, metadata } = checkGroups(check);
  const main: Item[] = [
    ...errors.map((i) => ({ ...i, kind: 'issue' as const })),
    ...behaviour.map((u) => ({ elementId: u.elementId, message: `${u.type}: ${u.reason}`, kind: 'unsupported' as const })),
  ];
  const calm: Item[] = warnings.map((i) => ({ ...i, kind: 'warning' as const }));
  // A metadata reason already names its attribute or element.
  const quiet: Item[] = metadata.map((u) => ({ elementId: u.elementId, message: u.reason, kind: 'metadata' as const }));
  if (main.length + calm.length + quiet.length === 0) return null;

  const rows = (items: Item[], first: number) => (
    <div role="list">
      {items.map((item, i) => (
        <div
          key={first + i}
          role="listitem"
          className="wf-designer-issue"
          style={{ borderBottom: `1px solid ${token.colorSplit}`, cursor: item.elementId ? 'pointer' : undefined }}
          data-testid={`wfd-issue-${first + i}`}
          data-element-id={item.elementId ?? ''}
          data-kind={item.kind}
          onClick={() => onSelect(item.elementId)}
        >
          <Space>
            <Tag color={TAG_COLOUR[item.kind]}>{item.elementId ?? t('process')}</Tag>
            <Typography.Text type={item.kind === 'issue' || item.kind === 'unsupported' ? undefined : 'secondary'}>{item.message}</Typography.Text>
          </Space>
        </div>
      ))}
    </div>
  );

  return (
    <Card
      size="small"
      className="wf-designer-issues"
      title={t('section.issues', { errors: errors.length, warnings: warnings.length, unsupported: behaviour.length })}
      data-testid="wfd-issues"
    >
      {main.length > 0 && rows(main, 0)}
      {calm.length > 0 && (
        <div className="wf-designer-warnings" data-testid="wfd-warnings">
          <Typography.Text type="secondary" strong>
            {t('section.warnings', { count: calm.length })}
          </Typography.Text>
          {rows(calm, main.length)}
        </div>
      )}
      {quiet.length > 0 && (
        // Folded by default: tool metadata never changes a path, it is listed for completeness only.
        <Collapse
          ghost
          size="small"
          items={[
            {
              key: 'metadata',
              label: (
                <span data-testid="wfd-metadata" data-count={quiet.length}>
                  {t('section.metadata', { count: quiet.length })}
                </span>
              ),
              children: rows(quiet, main.length + calm.length),
            },
          ]}
        />
      )}
    </Card>
  );
}
