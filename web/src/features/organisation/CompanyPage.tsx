import { useState } from 'react';
import { App, Button, Card, Descriptions, Empty, Form, Input, Space, Tree, TreeSelect } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SolutionOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyBody, CompanyNode, PostBrief } from '@app/contracts';
import { companyApi, specialPostApi } from './api';
import { usePermission } from '../../lib/permission';
import { FormModal, toTreeData, useDeleteConfirm, SortEnabledDescriptionFields } from '../../components/crud';
import { PostPicker, ResizablePanel, useCompanyTree } from '../../components/pickers';
import { orgPermissions as P } from './permissions';
import { DictionaryLabel, DictionarySelect } from '../../components/dictionary';
import { useZodRules } from '../../lib/zod-rules';
import { companyBody } from '@app/contracts';
import { EnabledTag, saveEdited, toEnabledBody, toEnabledForm } from '../system/admin-list';

type CompanyForm = Omit<CompanyBody, 'F_EnabledMark'> & { F_EnabledMark: boolean };

export default function CompanyPage() {
  const { t } = useTranslation('organisation');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const tree = useCompanyTree();
  const [picked, setSelected] = useState<string | null>(null);
  const selected = picked ?? tree.data?.[0]?.F_CompanyId ?? null;
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<CompanyForm> } | null>(null);
  const [posts, setPosts] = useState<PostBrief[] | null>(null);
  const confirmDelete = useDeleteConfirm();
  const rules = useZodRules(companyBody);
  const can = {
    add: usePermission(P.companyAdd),
    edit: usePermission(P.companyEdit),
    del: usePermission(P.companyDelete),
    special: usePermission(P.companySpecialPost),
  };
  const detail = useQuery({ queryKey: ['company', selected], queryFn: () => companyApi.get(selected!), enabled: !!selected });
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['company-tree'] }),
      qc.invalidateQueries({ queryKey: ['company'] }),
      qc.invalidateQueries({ queryKey: ['org-tree'] }),
    ]);
  const parentTree = [
    {
      key: '0',
      value: '0',
      title: t('company.root'),
      children: toTreeData(
        tree.data ?? [],
        (n: CompanyNode) => n.F_CompanyId,
        (n) => n.F_FullName,
      ),
    },
  ];

  const save = (v: CompanyForm) => saveEdited<CompanyBody>(editing?.id, companyApi, toEnabledBody(v), refresh);
  const openSpecial = async () => setPosts(await companyApi.specialPosts(selected!));
  const d = detail.data;
  return (
    <Card size="small" data-testid="company-page">
      <ResizablePanel
        side={
          <div>
            <Space style={{ marginBottom: 8 }}>
              {can.add && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  data-testid="company-add"
                  onClick={() => setEditing({ id: null, values: { F_ParentId: selected ?? '0', F_SortCode: 0, F_EnabledMark: true } })}
                >
                  {t('common:add')}
                </Button>
              )}
            </Space>
            <div data-testid="company-tree">
              {tree.data?.length ? (
                <Tree
                  blockNode
                  defaultExpandAll
                  selectedKeys={selected ? [selected] : []}
                  treeData={toTreeData(
                    tree.data,
                    (n: CompanyNode) => n.F_CompanyId,
                    (n) => n.F_FullName,
                  )}
                  titleRender={(n) => <span data-testid={`company-node-${n.key}`}>{n.title}</span>}
                  onSelect={(keys) => setSelected(keys[0] ? String(keys[0]) : null)}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              )}
            </div>
          </div>
        }
      >
        {d ? (
          <div data-testid="company-detail">
            <Space style={{ marginBottom: 12 }}>
              {can.edit && (
                <Button icon={<EditOutlined />} data-testid="company-edit" onClick={() => setEditing({ id: d.F_CompanyId, values: toEnabledForm(d) })}>
                  {t('common:edit')}
                </Button>
              )}
              {can.del && (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  data-testid="company-delete"
                  onClick={() =>
                    confirmDelete(
                      d.F_FullName,
                      () => companyApi.remove(d.F_CompanyId),
                      async () => {
                        setSelected(null);
                        await refresh();
                      },
                    )
                  }
                >
                  {t('common:delete')}
                </Button>
              )}
              {can.special && (
                <Button icon={<SolutionOutlined />} data-testid="company-special-post" onClick={() => void openSpecial()}>
                  {t('specialPost')}
                </Button>
              )}
            </Space>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label={t('company.fullName')}>{d.F_FullName}</Descriptions.Item>
              <Descriptions.Item label={t('company.shortName')}>{d.F_CompanyName}</Descriptions.Item>
              <Descriptions.Item label={t('company.code')}>{d.F_EnCode}</Descriptions.Item>
              <Descriptions.Item label={t('company.nature')}>
                <DictionaryLabel code="CompanyNature" value={d.F_Nature} />
              </Descriptions.Item>
              <Descriptions.Item label={t('company.phone')}>{d.F_Phone}</Descriptions.Item>
              <Descriptions.Item label={t('company.address')}>{d.F_Address}</Descriptions.Item>
              <Descriptions.Item label={t('common:sortCode')}>{d.F_SortCode}</Descriptions.Item>
              <Descriptions.Item label={t('common:status')}>
                <EnabledTag value={d.F_EnabledMark} />
              </Descriptions.Item>
              <Descriptions.Item label={t('common:createDate')}>{d.F_CreateDate}</Descriptions.Item>
              <Descriptions.Item label={t('common:description')}>{d.F_Description}</Descriptions.Item>
            </Descriptions>
          </div>
        ) : (
          <Empty description={t('company.choose')} />
        )}
      </ResizablePanel>
      <FormModal<CompanyForm>
        open={!!editing}
        editing={!!editing?.id}
        title={editing?.id ? t('company.edit') : t('company.add')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="company-form"
      >
        <Form.Item name="F_ParentId" label={t('company.parent')}>
          <TreeSelect treeData={parentTree} treeDefaultExpandAll data-testid="company-parent" />
        </Form.Item>
        <Form.Item name="F_FullName" label={t('company.fullName')} rules={rules('F_FullName', t('company.fullName'))}>
          <Input data-testid="company-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="F_CompanyName" label={t('company.shortName')}>
          <Input data-testid="company-short-name" maxLength={50} />
        </Form.Item>
        <Form.Item name="F_EnCode" label={t('company.code')}>
          <Input data-testid="company-code" maxLength={50} />
        </Form.Item>
        <Form.Item name="F_Nature" label={t('company.nature')}>
          <DictionarySelect code="CompanyNature" data-testid="company-nature" />
        </Form.Item>
        <Form.Item name="F_Phone" label={t('company.phone')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="F_Address" label={t('company.address')}>
          <Input maxLength={200} />
        </Form.Item>
        <SortEnabledDescriptionFields />
      </FormModal>
      <PostPicker
        open={!!posts}
        value={posts?.map((p) => ({ F_PostId: p.F_PostId, F_Name: p.F_Name }))}
        onCancel={() => setPosts(null)}
        onOk={async (list) => {
          await specialPostApi.set({ postList: list.map((p) => p.F_PostId), F_Type: 1, F_ObjectId: selected! });
          void message.success(t('common:updated'));
          setPosts(null);
        }}
      />
    </Card>
  );
}
