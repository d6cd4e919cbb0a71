import { useState } from 'react';
import { Alert, Drawer, Flex, Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableDesign, type DatabaseLinkRow } from '@app/contracts';
import { DesignColumns } from './DesignColumns';
import { DesignIndexes } from './DesignIndexes';
import { DesignToolbar } from './DesignToolbar';
import { FieldPicker } from './FieldPicker';
import { errorMessage } from './shared';
import { newDesign, type DesignForm } from './table-design';
import { useTableDesign } from './useTableDesign';
import { useZodRules } from '../../lib/zod-rules';

export function TableDesigner({ link, onClose }: { link: DatabaseLinkRow | null; onClose: () => void }) {
  const { t } = useTranslation('data');
  return (
    <Drawer open={!!link} onClose={onClose} size="92%" title={link ? t('design.title', { name: link.F_DBAlias }) : ''} destroyOnHidden>
      {link && <Designer linkId={link.F_Id} />}
    </Drawer>
  );
}

export function Designer({ linkId }: { linkId: string }) {
  const { t } = useTranslation('data');
  const design = useTableDesign(linkId);
  const { form, drafts, tables, released, outcome } = design;
  const [picking, setPicking] = useState(false);
  const tableName = Form.useWatch('tableName', form);
  const rules = useZodRules(tableDesign);

  return (
    <div data-testid="table-designer">
      <DesignToolbar design={design} tableName={tableName} />
      {(tables.error ?? drafts.error) && <Alert type="error" showIcon title={errorMessage(tables.error ?? drafts.error)} style={{ marginBottom: 12 }} />}
      {outcome && (
        <Alert
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          closable={{ onClose: design.clearOutcome }}
          title={outcome.text}
          style={{ marginBottom: 12 }}
          data-testid="design-outcome"
        />
      )}
      {released && <Alert type="info" showIcon title={t('design.releasedHelp')} style={{ marginBottom: 12 }} />}
      <Form<DesignForm> form={form} initialValues={newDesign()} layout="vertical" component="div">
        <Flex gap={12}>
          <Form.Item
            name="tableName"
            label={t('design.tableName')}
            rules={rules('tableName', t('design.tableName'), { messages: { pattern: t('design.namePattern') } })}
            style={{ width: 300 }}
          >
            <Input maxLength={63} disabled={!!released} data-testid="design-table-name" />
          </Form.Item>
          <Form.Item name="comment" label={t('design.comment')} rules={rules('comment', t('design.comment'))} style={{ flex: 1 }}>
            <Input maxLength={500} />
          </Form.Item>
        </Flex>
        <Tabs
          items={[
            { key: 'columns', label: t('design.columns'), children: <DesignColumns released={released} onPickFields={() => setPicking(true)} /> },
            { key: 'indexes', label: t('design.indexes'), forceRender: true, children: <DesignIndexes released={released} /> },
          ]}
        />
      </Form>
      <FieldPicker open={picking} onClose={() => setPicking(false)} onPick={design.addFields} />
    </div>
  );
}
