import { useMemo, useState } from 'react';
import { AutoComplete, Form, Input, Select, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DataRelationBody, type DataRelationRow, dataRelationBody, formRelationPermissions } from '@app/contracts';
import { dataRelationApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { filterFieldSuggestions, listFieldsOf, OPTION_FIELD_TYPES, useDesignedForms, useFormInfo } from './shared';
import { useRelationRules } from './relation-rules';
import { RowActions } from '../../components/RowActions';

const LIST_KEY = 'data-relations';

interface RelationValues {
  F_FormId?: string;
  F_Name: string;
  F_SourceFormId?: number;
  F_TargetFormId?: number;
  F_FilterField: string;
  F_EnabledMark: boolean;
  F_Description: string;
}

/** A field of a form by formId, shown by its label (the form's current scheme, cached per form). */
function FieldLabel({ formId, fieldId }: { formId: string; fieldId: number }) {
  const info = useFormInfo(formId);
  const field = useMemo(() => listFieldsOf(info.data, String).find((f) => f.formId === fieldId), [info.data, fieldId]);
  return <>{field ? field.label : fieldId}</>;
}

/** 快速开发 › 数据关联: option cascades between two fields of a form (docs/form-publishing-design.md "Data relations"). */
export default function DataRelationPage() {
  const { t } = useTranslation('formRelation');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const forms = useDesignedForms();
  const can = { edit: usePermission(formRelationPermissions.dataRelationEdit), del: usePermission(formRelationPermissions.dataRelationDelete) };
  // null: closed; else the row edited or a new one (no F_Id).
  const [editing, setEditing] = useState<Partial<DataRelationRow> | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', LIST_KEY] });
  const formOptions = (forms.data ?? []).map((f) => ({ value: f.F_Id, label: f.F_Name }));

  const save = async (v: RelationValues) => {
    const body: DataRelationBody = {
      F_FormId: v.F_FormId ?? '',
      F_Name: v.F_Name.trim(),
      F_SourceFormId: v.F_SourceFormId ?? 0,
      F_TargetFormId: v.F_TargetFormId ?? 0,
      F_FilterField: v.F_FilterField.trim(),
      F_EnabledMark: v.F_EnabledMark ? 1 : 0,
      F_Description: v.F_Description ?? '',
    };
    // The client chooses a new relation's id; PUT creates or updates.
    await dataRelationApi.save(editing?.F_Id ?? crypto.randomUUID(), body);
    await refresh();
  };

  return (
    <>
      <ListPage<DataRelationRow>
        queryKey={LIST_KEY}
        testId="data-relation-page"
        rowKey="F_Id"
        rowTestId={(r) => `data-relation-row-${r.F_Name}`}
        keywordPlaceholder={t('keyword')}
        fetch={(q) => dataRelationApi.list(q)}
        filters={
          <Form.Item name="F_FormId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 200 }}
              placeholder={t('form')}
              options={formOptions}
              data-testid="data-relation-filter-form"
            />
          </Form.Item>
        }
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: formRelationPermissions.dataRelationEdit,
            onClick: () => setEditing({}),
          },
        ]}
        columns={[
          { title: t('name'), dataIndex: 'F_Name' },
          { title: t('form'), dataIndex: 'F_FormName', render: (v: string | null) => v ?? <Tag>{t('formMissing')}</Tag> },
          { title: t('sourceField'), dataIndex: 'F_SourceFormId', render: (v: number, r) => <FieldLabel formId={r.F_FormId} fieldId={v} /> },
          { title: t('targetField'), dataIndex: 'F_TargetFormId', render: (v: number, r) => <FieldLabel formId={r.F_FormId} fieldId={v} /> },
          { title: t('filterField'), dataIndex: 'F_FilterField' },
          {
            title: t('common:enabled'),
            dataIndex: 'F_EnabledMark',
            render: (v: number) => (v === 1 ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>),
          },
          { title: t('common:createDate'), dataIndex: 'F_CreateDate' },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                actions={[
                  { key: 'edit', label: t('common:edit'), hidden: !can.edit, testId: `data-relation-edit-${r.F_Name}`, onClick: () => setEditing(r) },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `data-relation-delete-${r.F_Name}`,
                    onClick: () => confirmDelete(r.F_Name, () => dataRelationApi.remove(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<RelationValues>
        open={!!editing}
        editing={!!editing?.F_Id}
        width={720}
        title={editing?.F_Id ? t('dataEditTitle') : t('dataAddTitle')}
        initialValues={
          editing?.F_Id ? { ...editing, F_EnabledMark: editing.F_EnabledMark === 1 } : { F_EnabledMark: true, F_Description: '', F_FilterField: '' }
        }
        onSubmit={save}
        onClose={() => setEditing(null)}
        testId="data-relation-form"
      >
        <RelationFields formOptions={formOptions} />
      </FormModal>
    </>
  );
}

/** The editor's fields: the form, then its fields (source any main-form field, target an option field). */
function RelationFields({ formOptions }: { formOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('formRelation');
  const form = Form.useFormInstance<RelationValues>();
  const formId = Form.useWatch('F_FormId', form);
  const sourceId = Form.useWatch('F_SourceFormId', form);
  const targetId = Form.useWatch('F_TargetFormId', form);
  const info = useFormInfo(formId);
  const fields = useMemo(() => listFieldsOf(info.data, String).filter((f) => f.type !== 'system'), [info.data]);
  const targets = fields.filter((f) => OPTION_FIELD_TYPES.has(f.type) && f.formId !== sourceId);
  const suggestions = filterFieldSuggestions(fields.find((f) => f.formId === targetId)?.config);
  const rules = useRelationRules(dataRelationBody);
  // The contract trims these texts before asking for one character; the derived rules do not see blanks only.
  const notBlank = (label: string) => ({ whitespace: true, message: t('requiredField', { label }) });
  const fieldOption = (f: (typeof fields)[number]) => ({ value: f.formId, label: `${f.label} (${f.field})` });
  return (
    <>
      <Form.Item name="F_FormId" label={t('form')} rules={rules('F_FormId', t('form'))}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={formOptions}
          placeholder={t('formPlaceholder')}
          data-testid="data-relation-form-id"
          // The fields were the other form's.
          onChange={() => form.setFieldsValue({ F_SourceFormId: undefined, F_TargetFormId: undefined })}
        />
      </Form.Item>
      <Form.Item name="F_Name" label={t('name')} rules={[...rules('F_Name', t('name')), notBlank(t('name'))]}>
        <Input maxLength={100} data-testid="data-relation-name" />
      </Form.Item>
      <Form.Item name="F_SourceFormId" label={t('sourceField')} rules={rules('F_SourceFormId', t('sourceField'))} extra={t('sourceHint')}>
        <Select showSearch={{ optionFilterProp: 'label' }} loading={info.isFetching} options={fields.map(fieldOption)} data-testid="data-relation-source" />
      </Form.Item>
      <Form.Item
        name="F_TargetFormId"
        label={t('targetField')}
        dependencies={['F_SourceFormId']}
        rules={[
          ...rules('F_TargetFormId', t('targetField')),
          // Source and target differ: a rule across two fields, which the contract does not say.
          ({ getFieldValue }) => ({
            validator: async (_, v: number | undefined) => {
              if (v !== undefined && v === getFieldValue('F_SourceFormId')) throw new Error(t('sameField'));
            },
          }),
        ]}
        extra={t('targetHint')}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} loading={info.isFetching} options={targets.map(fieldOption)} data-testid="data-relation-target" />
      </Form.Item>
      <Form.Item
        name="F_FilterField"
        label={t('filterField')}
        rules={[...rules('F_FilterField', t('filterField')), notBlank(t('filterField'))]}
        extra={t('filterHint')}
      >
        <AutoComplete options={suggestions.map((s) => ({ value: s }))} maxLength={64} data-testid="data-relation-filter" />
      </Form.Item>
      <Form.Item name="F_EnabledMark" label={t('common:enabled')} valuePropName="checked">
        <Switch data-testid="data-relation-enabled" />
      </Form.Item>
      <Form.Item name="F_Description" label={t('common:description')} rules={rules('F_Description', t('common:description'))}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </>
  );
}
