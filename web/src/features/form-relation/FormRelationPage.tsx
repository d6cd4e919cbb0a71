import { useState } from 'react';
import { Form, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type FormRelationRow, formRelationPermissions } from '@app/contracts';
import { formRelationApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { useDeleteConfirm } from '../../components/crud';
import { MenuIcon } from '../../app/shell/icons';
import { RelationEditor } from './RelationEditor';
import { RELATION_LIST_KEY } from './shared';
import { RowActions } from '../../components/RowActions';

/** 快速开发 › 表单发布: designed forms published as menu pages with a configured list (docs/form-publishing-design.md). */
export default function FormRelationPage() {
  const { t } = useTranslation('formRelation');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const can = { edit: usePermission(formRelationPermissions.formRelationEdit), del: usePermission(formRelationPermissions.formRelationDelete) };
  // null: closed; '': a new relation; else the relation edited.
  const [editing, setEditing] = useState<string | null>(null);
  // The deleted page leaves the menu at once.
  const afterDelete = () => Promise.all([qc.invalidateQueries({ queryKey: ['list', RELATION_LIST_KEY] }), qc.invalidateQueries({ queryKey: ['menu'] })]);
  return (
    <>
      <ListPage<FormRelationRow>
        queryKey={RELATION_LIST_KEY}
        testId="form-relation-page"
        rowKey="F_Id"
        rowTestId={(r) => `relation-row-${r.F_Name}`}
        keywordPlaceholder={t('keyword')}
        fetch={(q) => formRelationApi.list(q)}
        filters={
          <Form.Item name="F_EnabledMark" initialValue="">
            <Select
              style={{ width: 110 }}
              data-testid="relation-filter-enabled"
              options={[
                { value: '', label: t('allStates') },
                { value: 1, label: t('common:enabled') },
                { value: 0, label: t('common:disabled') },
              ]}
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
            permission: formRelationPermissions.formRelationAdd,
            onClick: () => setEditing(''),
          },
        ]}
        columns={[
          {
            title: t('name'),
            dataIndex: 'F_Name',
            render: (v: string, r) => (
              <Space size={6}>
                <MenuIcon name={r.F_Icon} />
                {v}
              </Space>
            ),
          },
          { title: t('form'), dataIndex: 'F_FormName', render: (v: string | null) => v ?? <Tag>{t('formMissing')}</Tag> },
          { title: t('parent'), dataIndex: 'F_ParentName', render: (v: string | null, r) => v ?? r.F_ParentId },
          { title: t('common:sortCode'), dataIndex: 'F_SortCode' },
          {
            title: t('common:enabled'),
            dataIndex: 'F_EnabledMark',
            render: (v: number) => (v === 1 ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>),
          },
          { title: t('creator'), dataIndex: 'F_CreateUserName' },
          { title: t('modifyDate'), key: 'modified', render: (_, r) => r.F_ModifyDate ?? r.F_CreateDate ?? '' },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                actions={[
                  { key: 'edit', label: t('common:edit'), hidden: !can.edit, testId: `relation-edit-${r.F_Name}`, onClick: () => setEditing(r.F_Id) },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `relation-delete-${r.F_Name}`,
                    onClick: () => confirmDelete(r.F_Name, () => formRelationApi.remove(r.F_Id), afterDelete),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {editing !== null && <RelationEditor relationId={editing || undefined} onClose={() => setEditing(null)} />}
    </>
  );
}
