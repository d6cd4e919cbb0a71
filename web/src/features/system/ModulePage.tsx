import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Table, Tabs, Tag, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ModuleDetail, ModuleInput, ModuleItemInput, ModuleNode } from '@app/contracts';
import { moduleApi, subsystemApi } from './api';
import { usePermission } from '../../lib/permission';
import { FormModal, pruneChildren, toTreeData, useDeleteConfirm } from '../../components/crud';
import { MenuIcon } from '../../app/shell/icons';
import { systemPermissions as P } from './permissions';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { moduleInput, moduleItemInput } from '@app/contracts';
import { AddButton, saveEdited, useCrudActions, useEnabledColumn } from './admin-list';

type Flag = boolean;
interface ModuleForm extends Omit<ModuleInput, 'F_IsMenu' | 'F_KeepAlive' | 'F_EnabledMark' | 'F_IsCommon'> {
  F_IsMenu: Flag;
  F_KeepAlive: Flag;
  F_EnabledMark: Flag;
  F_IsCommon: Flag;
}

function ItemsTable({ name, testId }: { name: 'buttons' | 'columns' | 'forms'; testId: string }) {
  const { t } = useTranslation('system');
  const rules = useZodRules(moduleItemInput);
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div data-testid={testId}>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            columns={[
              {
                title: t('module.itemCode'),
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'F_EnCode']}
                    noStyle
                    rules={rules('F_EnCode', t('module.itemCode'), { messages: { pattern: t('module.codeRule') } })}
                  >
                    <Input size="small" data-testid={`${testId}-code-${f.name}`} />
                  </Form.Item>
                ),
              },
              {
                title: t('module.itemName'),
                render: (_, f) => (
                  <Form.Item name={[f.name, 'F_FullName']} noStyle rules={rules('F_FullName', t('module.itemName'))}>
                    <Input size="small" data-testid={`${testId}-name-${f.name}`} />
                  </Form.Item>
                ),
              },
              {
                title: t('common:sortCode'),
                width: 90,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'F_SortCode']} noStyle>
                    <InputNumber size="small" min={0} />
                  </Form.Item>
                ),
              },
              { key: 'x', width: 50, render: (_, f) => <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} /> },
            ]}
          />
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            onClick={() => add({ F_EnCode: '', F_FullName: '', F_SortCode: fields.length })}
            data-testid={`${testId}-add`}
          >
            {t('common:add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

export default function ModulePage() {
  const { t } = useTranslation('system');
  const qc = useQueryClient();
  const [systemId, setSystemId] = useState('0');
  const [keyword, setKeyword] = useState('');
  const systems = useQuery({ queryKey: ['subsystems-all'], queryFn: subsystemApi.all });
  const tree = useQuery({
    queryKey: ['modules-admin', systemId, keyword],
    queryFn: () => moduleApi.tree({ systemId, keyword: keyword || undefined }),
  });
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<ModuleForm> } | null>(null);
  const confirmDelete = useDeleteConfirm();
  const rules = useZodRules(moduleInput);
  const actions = useCrudActions();
  const enabledColumn = useEnabledColumn();
  const can = { add: usePermission(P.moduleAdd), edit: usePermission(P.moduleEdit), del: usePermission(P.moduleDelete) };
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['modules-admin'] }),
      qc.invalidateQueries({ queryKey: ['menu'] }),
      qc.invalidateQueries({ queryKey: ['modules-all'] }),
    ]);
  const blank = (parent: string): Partial<ModuleForm> => ({
    F_ParentId: parent,
    F_SystemId: systemId,
    F_Target: '',
    F_IsMenu: true,
    F_KeepAlive: true,
    F_EnabledMark: true,
    F_IsCommon: false,
    F_SortCode: 0,
    buttons: [],
    columns: [],
    forms: [],
  });
  const edit = async (id: string) => {
    const d = await moduleApi.get(id);
    const items = (list: ModuleDetail['buttons']): ModuleItemInput[] =>
      list.map((b) => ({ F_Id: b.F_Id, F_EnCode: b.F_EnCode, F_FullName: b.F_FullName, F_SortCode: b.F_SortCode }));
    setEditing({
      id,
      values: {
        ...d,
        F_IsMenu: d.F_IsMenu === 1,
        F_KeepAlive: d.F_KeepAlive === 1,
        F_EnabledMark: d.F_EnabledMark === 1,
        F_IsCommon: d.F_IsCommon === 1,
        F_Target: d.F_Target as ModuleInput['F_Target'],
        buttons: items(d.buttons),
        columns: items(d.columns),
        forms: items(d.forms),
      },
    });
  };
  const save = async (v: ModuleForm) => {
    const body: ModuleInput = {
      ...v,
      F_IsMenu: v.F_IsMenu ? 1 : 0,
      F_KeepAlive: v.F_KeepAlive ? 1 : 0,
      F_EnabledMark: v.F_EnabledMark ? 1 : 0,
      F_IsCommon: v.F_IsCommon ? 1 : 0,
    };
    await saveEdited(editing?.id, moduleApi, body, refresh);
  };
  const urlFree = async (_: unknown, url: string | undefined) => {
    if (!url || /^https?:\/\//i.test(url)) return;
    const free = await moduleApi.urlFree(url, editing?.id ?? undefined);
    if (!free) throw new Error(t('module.urlTaken'));
  };
  const parents = [
    {
      key: '0',
      value: '0',
      title: t('module.root'),
      children: toTreeData(
        tree.data ?? [],
        (n: ModuleNode) => n.F_ModuleId,
        (n) => n.F_FullName,
      ),
    },
  ];
  return (
    <Card size="small" data-testid="module-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 180 }}
          value={systemId}
          onChange={setSystemId}
          data-testid="module-system"
          options={[
            { value: '0', label: t('module.mainSystem') },
            ...(systems.data ?? []).filter((s) => s.F_Id !== '0').map((s) => ({ value: s.F_Id, label: s.F_Name })),
          ]}
        />
        <Input.Search allowClear placeholder={t('module.keyword')} onSearch={(v) => setKeyword(v.trim())} style={{ width: 220 }} />
        {can.add && <AddButton testId="module-add" onClick={() => setEditing({ id: null, values: blank('0') })} />}
      </Space>
      <Table<ModuleNode>
        size="small"
        rowKey="F_ModuleId"
        loading={tree.isFetching}
        dataSource={pruneChildren(tree.data ?? [])}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ childrenColumnName: 'children' }}
        onRow={(r) => ({ 'data-testid': `module-row-${r.F_ModuleId}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('module.name'),
            dataIndex: 'F_FullName',
            render: (v: string, r) => (
              <Space size={6}>
                <MenuIcon name={r.F_Icon} />
                {v}
              </Space>
            ),
          },
          { title: t('module.code'), dataIndex: 'F_EnCode' },
          { title: t('module.url'), dataIndex: 'F_UrlAddress' },
          {
            title: t('module.target'),
            dataIndex: 'F_Target',
            render: (v: string) => (v ? <Tag>{t(`module.targets.${v}`)}</Tag> : <Tag>{t('module.targets.page')}</Tag>),
          },
          { title: t('module.i18n'), dataIndex: 'F_I18nKey' },
          { title: t('common:sortCode'), dataIndex: 'F_SortCode', width: 70 },
          enabledColumn(),
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                actions={[
                  {
                    key: 'addChild',
                    label: t('module.addChild'),
                    hidden: !can.add,
                    testId: `module-add-child-${r.F_ModuleId}`,
                    onClick: () => setEditing({ id: null, values: blank(r.F_ModuleId) }),
                  },
                  actions.edit({ hidden: !can.edit, testId: `module-edit-${r.F_ModuleId}`, onClick: () => edit(r.F_ModuleId) }),
                  actions.remove({
                    hidden: !can.del,
                    testId: `module-delete-${r.F_ModuleId}`,
                    onClick: () => confirmDelete(r.F_FullName, () => moduleApi.remove(r.F_ModuleId), refresh),
                  }),
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<ModuleForm>
        open={!!editing}
        editing={!!editing?.id}
        width={860}
        title={editing?.id ? t('module.edit') : t('module.add')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="module-form"
      >
        <Tabs
          items={[
            {
              key: 'base',
              label: t('module.base'),
              forceRender: true,
              children: (
                <>
                  <Form.Item name="F_SystemId" hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name="F_ParentId" label={t('module.parent')}>
                    <TreeSelect treeData={parents} treeDefaultExpandAll />
                  </Form.Item>
                  <Form.Item name="F_FullName" label={t('module.name')} rules={rules('F_FullName', t('module.name'))}>
                    <Input data-testid="module-name" maxLength={100} />
                  </Form.Item>
                  <Form.Item
                    name="F_EnCode"
                    label={t('module.code')}
                    rules={rules('F_EnCode', t('module.code'), { messages: { pattern: t('module.codeRule') } })}
                  >
                    <Input data-testid="module-code" maxLength={100} />
                  </Form.Item>
                  <Form.Item name="F_Icon" label={t('module.icon')}>
                    <Input data-testid="module-icon" placeholder="AppstoreOutlined" maxLength={100} />
                  </Form.Item>
                  <Form.Item name="F_UrlAddress" label={t('module.url')} validateTrigger="onBlur" rules={[{ validator: urlFree }]}>
                    <Input data-testid="module-url" placeholder="/system/example" maxLength={500} />
                  </Form.Item>
                  <Form.Item name="F_Target" label={t('module.target')}>
                    <Select options={(['', 'open', 'expand'] as const).map((v) => ({ value: v, label: t(`module.targets.${v || 'page'}`) }))} />
                  </Form.Item>
                  <Form.Item name="F_I18nKey" label={t('module.i18n')}>
                    <Input placeholder="menu.example" maxLength={100} />
                  </Form.Item>
                  <Form.Item name="F_SortCode" label={t('common:sortCode')}>
                    <InputNumber min={0} />
                  </Form.Item>
                  <Space size="large" style={{ paddingLeft: 24 }}>
                    <Form.Item name="F_IsMenu" label={t('module.isMenu')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                    <Form.Item name="F_KeepAlive" label={t('module.keepAlive')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                    <Form.Item name="F_IsCommon" label={t('module.isCommon')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                    <Form.Item name="F_EnabledMark" label={t('common:enabled')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </Space>
                  <Form.Item name="F_Description" label={t('common:description')}>
                    <Input.TextArea rows={2} maxLength={500} />
                  </Form.Item>
                </>
              ),
            },
            { key: 'buttons', label: t('module.buttons'), forceRender: true, children: <ItemsTable name="buttons" testId="module-buttons" /> },
            { key: 'columns', label: t('module.columns'), forceRender: true, children: <ItemsTable name="columns" testId="module-columns" /> },
            { key: 'forms', label: t('module.forms'), forceRender: true, children: <ItemsTable name="forms" testId="module-forms" /> },
          ]}
        />
      </FormModal>
    </Card>
  );
}
