import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Input, Space, Typography } from 'antd';
import { CaretRightOutlined, ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DatabaseLinkRow, LinkQueryResult } from '@app/contracts';
import { databaseLinkApi } from './api';
import { ResultGrid, errorMessage, mono } from './shared';

export function SqlConsole({ link, onClose }: { link: DatabaseLinkRow | null; onClose: () => void }) {
  const { t } = useTranslation('data');
  return (
    <Drawer open={!!link} onClose={onClose} size={1100} title={link ? t('sql.title', { name: link.F_DBAlias }) : ''} destroyOnHidden>
      {link && <SqlConsolePanel linkId={link.F_Id} />}
    </Drawer>
  );
}

/** Read-only SQL against one link: the server enforces read-only, the time-out and the row cap; this only shows what came back. */
export function SqlConsolePanel({ linkId }: { linkId: string }) {
  const { t } = useTranslation('data');
  const [sql, setSql] = useState('');
  const [params, setParams] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LinkQueryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (!sql.trim() || busy) return;
    if (params.trim()) {
      try {
        const parsed: unknown = JSON.parse(params);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
      } catch {
        setError(t('sql.paramsInvalid'));
        return;
      }
    }
    setBusy(true);
    setError(null);
    try {
      // Errors are the user's SQL's errors: shown beside it, not as a toast that disappears.
      setResult(await databaseLinkApi.query(linkId, sql, params.trim() || undefined));
    } catch (e) {
      setResult(null);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={12} data-testid="sql-console">
      <Input.TextArea
        value={sql}
        onChange={(e) => setSql(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void run();
          }
        }}
        rows={8}
        maxLength={20_000}
        spellCheck={false}
        placeholder={t('sql.placeholder')}
        style={mono}
        data-testid="sql-text"
      />
      <Flex gap={8} align="center" wrap>
        <Input
          value={params}
          onChange={(e) => setParams(e.target.value)}
          placeholder={t('sql.paramsPlaceholder')}
          style={{ ...mono, flex: 1, minWidth: 240 }}
          data-testid="sql-params"
        />
        <Space>
          <Button type="primary" icon={<CaretRightOutlined />} loading={busy} disabled={!sql.trim()} onClick={() => void run()} data-testid="sql-run">
            {t('sql.run')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              setSql('');
              setResult(null);
              setError(null);
            }}
          >
            {t('sql.clear')}
          </Button>
        </Space>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('sql.help')}
      </Typography.Text>
      {error && (
        <Alert type="error" showIcon title={t('sql.failed')} description={<span style={{ whiteSpace: 'pre-wrap' }}>{error}</span>} data-testid="sql-error" />
      )}
      {result && (
        <>
          <Space size="large" data-testid="sql-stats">
            <Typography.Text>{t('sql.rows', { n: result.rows.length })}</Typography.Text>
            <Typography.Text type="secondary" data-testid="sql-time">
              {t('sql.time', { ms: result.durationMs })}
            </Typography.Text>
          </Space>
          {result.truncated && <Alert type="warning" showIcon title={t('sql.truncated', { max: result.maxRows })} data-testid="sql-truncated" />}
          <ResultGrid
            testId="sql-result"
            fields={result.fields.map((f) => f.name)}
            rows={result.rows}
            pagination={{ defaultPageSize: 50, showSizeChanger: true, size: 'small', showTotal: (total) => t('common:total', { total }) }}
          />
        </>
      )}
    </Flex>
  );
}
