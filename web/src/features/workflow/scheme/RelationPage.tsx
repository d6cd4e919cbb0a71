import { useState } from 'react';
import { Form, Input, InputNumber, Radio, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type WfRelationBody, type WfRelationRow, wfRelationBody, workflowSchemePermissions } from '@app/contracts';
import { usePermission } from '../../../lib/permission';
import { ListPage, type ListQuery } from '../../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../../components/crud';
import { schemeApi, schemeKeys } from './scheme-api';
import { RowActions } from '../../../components/RowActions';
import { useZodRules } from '../../../lib/zod-rules';

/** ListPage key of the relation list. */
export const RELATION_LIST_KEY = 'workflow-relation';

type RelationForm = Omit<WfRelationBody, 'F_Sort'> & { F_Sort?: number | null };

/** The request body from the dialog's values. */
export function toRelationBody(v: Partial<RelationForm>): WfRelationBody {
  return {
    F_SchemeInfoId: v.F_SchemeInfoId ?? '',
    F_FormId: v.F_FormId ?? '',
    F_Type: v.F_Type ?? 0,
    F_Url: (v.F_Url ?? '').trim(),
    F_Name: (v.F_Name ?? '').trim(),
    F_Sort: v.F_Sort ?? 0,
  };
}

/** Every scheme for the pickers (up to 500, the list's page limit). */
function useSchemeOptions() {
  return useQuery({
    queryKey: schemeKeys.list({ options: true }),
    queryFn: () => schemeApi.list({ limit: 1, size: 500 }),
    select: (page) => page.Rows.map((r) => ({ value: r.F_Id, label: `${r.F_Name} (${r.F_Code})` })),
  });
}

/** Workflow → 流程关联: which forms a scheme shows (administration.md Workflow relation list). */
export default function RelationPage() {
  const { t } = useTranslation('wfScheme');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const schemes = useSchemeOptions();
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<RelationForm> } | null>(null);
  const can = { edit: usePermission(workflowSchemePermissions.workflowRelationEdit), del: usePermission(workflowSchemePermissions.workflowRelationDelete) };
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', RELATION_LIST_KEY] });
  const typeLabel = (v: number) => t(`formType${v}`);

  return (
    <>
      <ListPage<WfRelationRow>
        queryKey={RELATION_LIST_KEY}
        testId="wf-relation-page"
        rowKey="F_Id"
        rowTestId={(r) => `wf-relation-row-${r.F_Id}`}
        keywordPlaceholder={t('relationKeyword')}
        fetch={(query: ListQuery) => schemeApi.relations(query)}
        filters={
          <Form.Item name="schemeId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('scheme')}
              style={{ width: 220 }}
              options={schemes.data ?? []}
              data-testid="wf-relation-filter-scheme"
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
            permission: workflowSchemePermissions.workflowRelationAdd,
            testId: 'wf-relation-add',
            onClick: () => setEditing({ id: null, values: { F_Type: 0, F_Sort: 0 } }),
          },
        ]}
        columns={[
          { title: t('scheme'), dataIndex: 'F_SchemeName' },
          { title: t('form'), dataIndex: 'F_FormName' },
          { title: t('formType'), dataIndex: 'F_Type', width: 110, render: (v: number) => <Tag>{typeLabel(v)}</Tag> },
          { title: t('relationName'), dataIndex: 'F_Name' },
          { title: t('url'), dataIndex: 'F_Url', ellipsis: true },
          { title: t('sort'), dataIndex: 'F_Sort', width: 80 },
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_, r) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: t('common:edit'),
                    hidden: !can.edit,
                    testId: `wf-relation-edit-${r.F_Id}`,
                    onClick: () =>
                      setEditing({
                        id: r.F_Id,
                        values: {
                          F_SchemeInfoId: r.F_SchemeInfoId,
                          F_FormId: r.F_FormId,
                          F_Type: r.F_Type,
                          F_Name: r.F_Name,
                          F_Url: r.F_Url,
                          F_Sort: r.F_Sort,
                        },
                      }),
                  },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `wf-relation-delete-${r.F_Id}`,
                    onClick: () => confirmDelete(r.F_Name || r.F_FormName, () => schemeApi.relationRemove(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<RelationForm>
        open={!!editing}
        title={editing?.id ? t('relationEditTitle') : t('relationAddTitle')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        testId="wf-relation-form"
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const body = toRelationBody(v);
          if (editing?.id) await schemeApi.relationUpdate(editing.id, body);
          else await schemeApi.relationAdd(body);
          await refresh();
          await qc.invalidateQueries({ queryKey: schemeKeys.relationsAll });
        }}
      >
        <RelationFields schemes={schemes.data ?? []} />
      </FormModal>
    </>
  );
}

/** The dialog's fields: the form select lists the forms of the chosen type; picking one fills name and address. */
function RelationFields({ schemes }: { schemes: { value: string; label: string }[] }) {
  const { t } = useTranslation('wfScheme');
  const form = Form.useFormInstance<RelationForm>();
  const rules = useZodRules(wfRelationBody);
  const type = Form.useWatch('F_Type', form) ?? 0;
  const forms = useQuery({ queryKey: schemeKeys.formOptions(type), queryFn: () => schemeApi.formOptions(type) });
  return (
    <>
      <Form.Item name="F_SchemeInfoId" label={t('scheme')} rules={rules('F_SchemeInfoId', t('scheme'), { messages: { required: t('schemeRequired') } })}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={schemes} data-testid="wf-relation-scheme" />
      </Form.Item>
      <Form.Item name="F_Type" label={t('formType')}>
        <Radio.Group
          data-testid="wf-relation-type"
          onChange={() => form.setFieldsValue({ F_FormId: undefined, F_Name: '', F_Url: '' })}
          options={[0, 1, 2].map((v) => ({ value: v, label: t(`formType${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="F_FormId" label={t('form')} rules={rules('F_FormId', t('form'), { messages: { required: t('formRequired') } })}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={forms.isFetching}
          options={(forms.data ?? []).map((f) => ({ value: f.F_Id, label: f.F_Name }))}
          data-testid="wf-relation-form-select"
          onChange={(id: string) => {
            const f = forms.data?.find((x) => x.F_Id === id);
            if (f) form.setFieldsValue({ F_Name: f.F_Name, F_Url: f.F_Url });
          }}
        />
      </Form.Item>
      <Form.Item name="F_Name" label={t('relationName')} rules={rules('F_Name', t('relationName'))} extra={t('relationNameHint')}>
        <Input maxLength={100} data-testid="wf-relation-name" />
      </Form.Item>
      {type !== 0 && (
        <Form.Item name="F_Url" label={t('url')} rules={rules('F_Url', t('url'))}>
          <Input maxLength={500} data-testid="wf-relation-url" />
        </Form.Item>
      )}
      <Form.Item name="F_Sort" label={t('sort')}>
        <InputNumber min={0} precision={0} data-testid="wf-relation-sort" />
      </Form.Item>
    </>
  );
}
