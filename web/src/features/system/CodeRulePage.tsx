import { useState } from 'react';
import { Form, Input, Modal, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CodeRule, CodeRuleBody, CodeRulePart } from '@app/contracts';
import { codeRuleApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { CodeRulePartsEditor, newPart } from './CodeRuleParts';
import { systemPermissions as P } from './permissions';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { codeRuleBody } from '@app/contracts';
import { saveEdited, toEnabledBody, toEnabledForm, useCrudActions, useEnabledColumn } from './admin-list';

type RuleForm = Omit<CodeRuleBody, 'F_EnabledMark'> & { F_EnabledMark?: boolean };

export default function CodeRulePage() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const actions = useCrudActions();
  const enabledColumn = useEnabledColumn();
  const rules = useZodRules(codeRuleBody);
  const can = { edit: usePermission(P.codeRuleEdit), del: usePermission(P.codeRuleDelete) };
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<RuleForm> } | null>(null);
  const [generated, setGenerated] = useState<{ rule: string; number: string } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'code-rules'] });
  const gen = async (r: CodeRule) => {
    const number = await codeRuleApi.generate(r.F_Id);
    setGenerated({ rule: r.F_FullName, number });
    await refresh();
  };
  return (
    <>
      <ListPage<CodeRule>
        queryKey="code-rules"
        testId="code-rule-page"
        rowKey="F_Id"
        rowTestId={(r) => `code-rule-row-${r.F_Id}`}
        fetch={codeRuleApi.list}
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: P.codeRuleAdd,
            testId: 'code-rule-add',
            onClick: () =>
              setEditing({
                id: null,
                values: { F_EnabledMark: true, parts: [{ type: 'text', value: 'NO' }, newPart('date'), newPart('sequence')] as CodeRulePart[] },
              }),
          },
        ]}
        columns={[
          { title: t('codeRule.code'), dataIndex: 'F_EnCode' },
          { title: t('codeRule.name'), dataIndex: 'F_FullName' },
          {
            title: t('codeRule.parts'),
            dataIndex: 'parts',
            render: (parts: CodeRule['parts']) => parts.map((p, i) => <Tag key={i}>{t(`codeRule.type.${p.type}`)}</Tag>),
          },
          { title: t('codeRule.example'), dataIndex: 'example', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          enabledColumn(90),
          { title: t('common:description'), dataIndex: 'F_Description' },
          {
            title: t('common:actions'),
            key: 'a',
            render: (_, r) => (
              <RowActions
                actions={[
                  {
                    key: 'generate',
                    label: t('codeRule.generate'),
                    disabled: r.F_EnabledMark !== 1,
                    testId: `code-rule-gen-${r.F_Id}`,
                    onClick: () => gen(r).catch(() => undefined),
                  },
                  actions.edit({ hidden: !can.edit, testId: `code-rule-edit-${r.F_Id}`, onClick: () => setEditing({ id: r.F_Id, values: toEnabledForm(r) }) }),
                  actions.remove({ hidden: !can.del, onClick: () => confirmDelete(r.F_FullName, () => codeRuleApi.remove(r.F_Id), refresh) }),
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<RuleForm>
        open={!!editing}
        width={820}
        title={editing?.id ? t('codeRule.edit') : t('codeRule.add')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        testId="code-rule-form"
        onSubmit={(v) => saveEdited(editing?.id, codeRuleApi, toEnabledBody(v), refresh)}
      >
        <Form.Item
          name="F_EnCode"
          label={t('codeRule.code')}
          rules={rules('F_EnCode', t('codeRule.code'), { messages: { pattern: t('dictionary.codePattern') } })}
        >
          <Input maxLength={50} data-testid="code-rule-code" />
        </Form.Item>
        <Form.Item name="F_FullName" label={t('codeRule.name')} rules={rules('F_FullName', t('codeRule.name'))}>
          <Input maxLength={100} data-testid="code-rule-name" />
        </Form.Item>
        {/* A list, not text: the contract's "at least one part" is checked here with its own message. */}
        <Form.Item
          name="parts"
          label={t('codeRule.parts')}
          rules={[{ validator: (_, v: unknown[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('codeRule.noParts')))) }]}
        >
          <CodeRulePartsEditor />
        </Form.Item>
        <Form.Item name="F_EnabledMark" label={t('common:enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="F_Description" label={t('common:description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormModal>
      <Modal open={!!generated} title={generated?.rule} footer={null} onCancel={() => setGenerated(null)}>
        <Typography.Paragraph>{t('codeRule.generated')}</Typography.Paragraph>
        <Typography.Title level={3} copyable data-testid="code-rule-number" style={{ margin: 0 }}>
          {generated?.number}
        </Typography.Title>
      </Modal>
    </>
  );
}
