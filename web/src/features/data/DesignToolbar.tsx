import { Button, Flex, Select } from 'antd';
import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { useTableDesign } from './useTableDesign';

/** Open a draft or released table, start a new one, delete the draft, save a draft, release. */
export function DesignToolbar({ design, tableName }: { design: ReturnType<typeof useTableDesign>; tableName: string | undefined }) {
  const { t } = useTranslation('data');
  const { drafts, tables, busy } = design;
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
      <Select
        showSearch
        value={null}
        placeholder={
          <>
            <FolderOpenOutlined /> {t('design.open')}
          </>
        }
        style={{ width: 300 }}
        data-testid="design-open"
        loading={drafts.isFetching || tables.isFetching}
        onChange={(v: string) => void design.open(v)}
        options={[
          { label: t('design.drafts'), options: (drafts.data ?? []).map((d) => ({ value: `draft:${d.F_TableName}`, label: d.F_TableName })) },
          {
            label: t('design.tables'),
            options: (tables.data ?? []).map((tb) => ({ value: `table:${tb.name}`, label: tb.comment ? `${tb.name} (${tb.comment})` : tb.name })),
          },
        ]}
      />
      <Button icon={<PlusOutlined />} onClick={design.startNew}>
        {t('design.new')}
      </Button>
      <div style={{ flex: 1 }} />
      {!!tableName && drafts.data?.some((d) => d.F_TableName === tableName) && (
        <Button danger data-testid="design-delete-draft" onClick={() => design.deleteDraft(tableName)}>
          {t('design.deleteDraft')}
        </Button>
      )}
      <Button loading={busy} onClick={() => void design.saveDraft().catch(() => undefined)} data-testid="design-save-draft">
        {t('design.saveDraft')}
      </Button>
      <Button type="primary" onClick={() => void design.release().catch(() => undefined)} data-testid="design-release">
        {t('design.release')}
      </Button>
    </Flex>
  );
}
