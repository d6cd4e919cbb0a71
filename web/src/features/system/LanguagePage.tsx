import { useState } from 'react';
import { Card, Form, Input, InputNumber, Modal, Select, Switch, Table, Tabs, Tag, TreeSelect } from 'antd';
import { PlusOutlined, TranslationOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LanguageType, LanguageTypeBody, LpMapObject, LpObjectType } from '@app/contracts';
import { dictionaryApi, languageApi, moduleApi, translationApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, toTreeData, useDeleteConfirm } from '../../components/crud';
import { systemPermissions as P } from './permissions';
import { ensureMapping, refreshTranslations, TranslationModal, useLanguageTypes } from './TranslationModal';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { languageTypeBody, lpMapObjectBody } from '@app/contracts';
import { AddButton, EnabledSwitch, saveEdited, toEnabledBody, toEnabledForm, useCrudActions } from './admin-list';

type TypeForm = Omit<LanguageTypeBody, 'F_EnabledMark'> & { F_EnabledMark?: boolean };

function LanguageTypes() {
  const { t } = useTranslation('admin');
  const rules = useZodRules(languageTypeBody);
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const actions = useCrudActions();
  const can = { add: usePermission(P.languageAdd), edit: usePermission(P.languageEdit), del: usePermission(P.languageDelete) };
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<TypeForm> } | null>(null);
  const types = useLanguageTypes();
  const refresh = () => qc.invalidateQueries({ queryKey: ['lg-types'] });
  return (
    <>
      {can.add && (
        <AddButton
          testId="language-type-add"
          style={{ marginBottom: 12 }}
          onClick={() => setEditing({ id: null, values: { F_EnabledMark: true, F_SortCode: 0 } })}
        />
      )}
      <Table<LanguageType>
        size="middle"
        rowKey="F_Id"
        loading={types.isFetching}
        dataSource={types.data ?? []}
        pagination={false}
        onRow={(r) => ({ 'data-testid': `language-type-row-${r.F_Code}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('language.name'),
            dataIndex: 'F_Name',
            render: (v: string, r) => (
              <>
                {v} {r.F_IsMain === 1 && <Tag color="blue">{t('language.main')}</Tag>}
              </>
            ),
          },
          { title: t('language.code'), dataIndex: 'F_Code' },
          { title: t('common:sortCode'), dataIndex: 'F_SortCode', width: 80 },
          {
            title: t('common:enabled'),
            dataIndex: 'F_EnabledMark',
            width: 90,
            render: (v: number, r) => (
              <EnabledSwitch
                value={v}
                disabled={!can.edit || r.F_IsMain === 1}
                testId={`language-enable-${r.F_Code}`}
                save={(flag) => languageApi.setEnabled(r.F_Id, flag)}
                after={refresh}
              />
            ),
          },
          { title: t('common:createDate'), dataIndex: 'F_CreateDate' },
          {
            title: t('common:actions'),
            key: 'a',
            render: (_, r) => (
              <RowActions
                actions={[
                  actions.edit({ hidden: !can.edit, onClick: () => setEditing({ id: r.F_Id, values: toEnabledForm(r) }) }),
                  actions.remove({ hidden: !(can.del && r.F_IsMain !== 1), onClick: () => confirmDelete(r.F_Name, () => languageApi.remove(r.F_Id), refresh) }),
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<TypeForm>
        open={!!editing}
        title={editing?.id ? t('language.editType') : t('language.addType')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={(v) => saveEdited(editing?.id, languageApi, toEnabledBody(v), refresh)}
      >
        <Form.Item name="F_Name" label={t('language.name')} rules={rules('F_Name', t('language.name'))}>
          <Input maxLength={50} data-testid="language-type-name" />
        </Form.Item>
        {/* No length rule: the pattern already says what a too short code lacks, and the input stops at the maximum. */}
        <Form.Item
          name="F_Code"
          label={t('language.code')}
          rules={rules('F_Code', t('language.code'), { messages: { pattern: t('language.codePattern') }, skip: ['length'] })}
        >
          <Input maxLength={20} placeholder="en" data-testid="language-type-code" />
        </Form.Item>
        <Form.Item name="F_SortCode" label={t('common:sortCode')}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="F_EnabledMark" label={t('common:enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </>
  );
}

/** Picks the object to translate: a dictionary item (type, then item) or a menu entry. */
function NewMapping({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (m: LpMapObject) => unknown }) {
  const { t } = useTranslation('admin');
  const rules = useZodRules(lpMapObjectBody);
  const [form] = Form.useForm<{ F_ObjectType: LpObjectType; typeId?: string; F_ObjectId: string }>();
  const objectType = Form.useWatch('F_ObjectType', form);
  const typeId = Form.useWatch('typeId', form);
  const types = useQuery({ queryKey: ['dictionary-types'], queryFn: dictionaryApi.typeTree, enabled: open });
  const items = useQuery({
    queryKey: ['dictionary-items', typeId, ''],
    queryFn: () => dictionaryApi.itemTree(typeId!, { all: 1 }),
    enabled: open && !!typeId,
  });
  const modules = useQuery({ queryKey: ['modules-all'], queryFn: moduleApi.all, enabled: open && objectType === 'module' });
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={t('language.addMapping')}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'modal-ok' } as Record<string, string>}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        setBusy(true);
        try {
          const m = await ensureMapping(v.F_ObjectType, v.F_ObjectId);
          onClose();
          await onCreated(m);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ F_ObjectType: 'dataItem' }} preserve={false}>
        <Form.Item name="F_ObjectType" label={t('language.objectType')}>
          <Select
            options={[
              { value: 'dataItem', label: t('language.dataItem') },
              { value: 'module', label: t('language.module') },
            ]}
          />
        </Form.Item>
        {objectType === 'module' ? (
          <Form.Item name="F_ObjectId" label={t('language.module')} rules={rules('F_ObjectId', t('language.module'))}>
            <TreeSelect
              showSearch
              treeNodeFilterProp="title"
              treeData={toTreeData(
                modules.data ?? [],
                (n) => n.F_ModuleId,
                (n) => n.F_FullName,
              )}
            />
          </Form.Item>
        ) : (
          <>
            {/* Not in the body: the dictionary type only narrows the items to pick from. */}
            <Form.Item
              name="typeId"
              label={t('dictionary.types')}
              rules={[{ required: true, message: t('common:required', { label: t('dictionary.types') }) }]}
            >
              <TreeSelect
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                treeData={toTreeData(
                  types.data ?? [],
                  (n) => n.F_ItemId,
                  (n) => `${n.F_ItemName} (${n.F_ItemCode})`,
                )}
                data-testid="language-new-type"
              />
            </Form.Item>
            <Form.Item name="F_ObjectId" label={t('language.dataItem')} rules={rules('F_ObjectId', t('language.dataItem'))}>
              <TreeSelect
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                treeData={toTreeData(
                  items.data ?? [],
                  (n) => n.F_ItemDetailId,
                  (n) => n.F_ItemName,
                )}
                data-testid="language-new-item"
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

function Mappings() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const can = { add: usePermission(P.languageAdd), edit: usePermission(P.languageEdit), del: usePermission(P.languageDelete) };
  const types = useLanguageTypes();
  const others = (types.data ?? []).filter((l) => l.F_IsMain !== 1 && l.F_EnabledMark === 1);
  const [editing, setEditing] = useState<LpMapObject | null>(null);
  const [adding, setAdding] = useState(false);
  const refresh = () => refreshTranslations(qc);
  return (
    <>
      <ListPage<LpMapObject>
        queryKey="lp-map"
        rowKey="F_Id"
        rowTestId={(r) => `language-map-row-${r.F_Id}`}
        fetch={translationApi.page}
        filters={
          <Form.Item name="objectType">
            <Select
              allowClear
              placeholder={t('language.objectType')}
              style={{ width: 140 }}
              options={[
                { value: 'dataItem', label: t('language.dataItem') },
                { value: 'module', label: t('language.module') },
              ]}
            />
          </Form.Item>
        }
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('language.addMapping')}
              </>
            ),
            primary: true,
            permission: P.languageAdd,
            testId: 'language-map-add',
            onClick: () => setAdding(true),
          },
        ]}
        columns={[
          {
            title: t('language.objectType'),
            dataIndex: 'F_ObjectType',
            width: 110,
            render: (v: LpObjectType) => <Tag>{v === 'module' ? t('language.module') : t('language.dataItem')}</Tag>,
          },
          { title: t('language.mapCode'), dataIndex: 'F_Code' },
          { title: t('language.mainText'), dataIndex: 'F_Name' },
          ...others.map((l) => ({ title: l.F_Name, key: l.F_Code, render: (_: unknown, r: LpMapObject) => r.translations[l.F_Code] ?? '' })),
          {
            title: t('common:actions'),
            key: 'a',
            render: (_: unknown, r: LpMapObject) => (
              <RowActions
                actions={[
                  {
                    key: 'translate',
                    label: t('language.translate'),
                    icon: <TranslationOutlined />,
                    hidden: !can.edit,
                    testId: `language-translate-${r.F_Id}`,
                    onClick: () => setEditing(r),
                  },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    onClick: () => confirmDelete(r.F_Name, () => translationApi.remove(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <TranslationModal mapping={editing} onClose={() => setEditing(null)} />
      <NewMapping
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={async (m) => {
          await refresh();
          setEditing(m);
        }}
      />
    </>
  );
}

export default function LanguagePage() {
  const { t } = useTranslation('admin');
  return (
    <Card size="small" data-testid="language-page">
      <Tabs
        items={[
          { key: 'map', label: <span data-testid="language-tab-map">{t('language.mappings')}</span>, children: <Mappings /> },
          { key: 'types', label: <span data-testid="language-tab-types">{t('language.types')}</span>, children: <LanguageTypes /> },
        ]}
      />
    </Card>
  );
}
