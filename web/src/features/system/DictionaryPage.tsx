import { useEffect, useState } from 'react';
import { Button, Card, Empty, Form, Input, Space, Spin, Switch, Table, Tree, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LpMapObject, DictionaryItemBody, DictionaryItemNode, DictionaryTypeBody, DictionaryTypeNode } from '@app/contracts';
import { dictionaryApi } from './api';
import { usePermission } from '../../lib/permission';
import { FormModal, SortEnabledDescriptionFields, pruneChildren, toTreeData, useDeleteConfirm } from '../../components/crud';
import { ResizablePanel } from '../../components/pickers';
import { DICTIONARY_KEY } from '../../components/dictionary';
import { systemPermissions as P } from './permissions';
import { ensureMapping, TranslationModal } from './TranslationModal';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { dictionaryItemBody, dictionaryTypeBody } from '@app/contracts';
import { AddButton, saveEdited, toEnabledBody, toEnabledForm, useCrudActions, useEnabledColumn } from './admin-list';

type TypeForm = Omit<DictionaryTypeBody, 'F_IsTree' | 'F_IsNav' | 'F_EnabledMark'> & { F_IsTree?: boolean; F_IsNav?: boolean; F_EnabledMark?: boolean };
interface TypeTreeNode {
  key: string;
  title: React.ReactNode;
  children: TypeTreeNode[];
}
type ItemForm = Omit<DictionaryItemBody, 'F_EnabledMark'> & { F_EnabledMark?: boolean };

const findType = (nodes: DictionaryTypeNode[], id: string): DictionaryTypeNode | undefined => {
  for (const n of nodes) {
    if (n.F_ItemId === id) return n;
    const c = findType(n.children, id);
    if (c) return c;
  }
  return undefined;
};

/** The parent picker of both forms (types and items): the top level, '0', holding the given nodes. */
function ParentSelect({ nodes }: { nodes: ReturnType<typeof toTreeData> }) {
  const { t } = useTranslation('admin');
  return (
    <Form.Item name="F_ParentId" label={t('dictionary.parent')}>
      <TreeSelect allowClear treeDefaultExpandAll treeData={[{ key: '0', value: '0', title: t('common:root'), children: nodes }]} />
    </Form.Item>
  );
}

export default function DictionaryPage() {
  const { t } = useTranslation('admin');
  const typeRules = useZodRules(dictionaryTypeBody);
  const itemRules = useZodRules(dictionaryItemBody);
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const actions = useCrudActions();
  const enabledColumn = useEnabledColumn();
  const can = { add: usePermission(P.dictionaryAdd), edit: usePermission(P.dictionaryEdit), del: usePermission(P.dictionaryDelete) };
  const [selected, setSelected] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [typeEdit, setTypeEdit] = useState<{ id: string | null; values: Partial<TypeForm> } | null>(null);
  const [translating, setTranslating] = useState<LpMapObject | null>(null);
  const canTranslate = usePermission(P.languageEdit);
  const [itemEdit, setItemEdit] = useState<{ id: string | null; values: Partial<ItemForm> } | null>(null);
  const types = useQuery({ queryKey: ['dictionary-types'], queryFn: dictionaryApi.typeTree });
  const items = useQuery({
    queryKey: ['dictionary-items', selected, keyword],
    queryFn: () => dictionaryApi.itemTree(selected!, { all: 1, keyword }),
    enabled: !!selected,
  });
  useEffect(() => {
    if (!selected && types.data?.length) setSelected(types.data[0].F_ItemId);
  }, [types.data, selected]);
  const current = selected ? findType(types.data ?? [], selected) : undefined;
  const refreshTypes = () => qc.invalidateQueries({ queryKey: ['dictionary-types'] });
  const refreshItems = async () => {
    await qc.invalidateQueries({ queryKey: ['dictionary-items'] });
    await qc.invalidateQueries({ queryKey: [DICTIONARY_KEY] });
  };
  const typeTree = (nodes: DictionaryTypeNode[]): TypeTreeNode[] =>
    nodes.map((n) => ({
      key: n.F_ItemId,
      title: (
        <span data-testid={`dictionary-type-node-${n.F_ItemCode}`}>
          {n.F_ItemName} <Typography.Text type="secondary">{n.F_ItemCode}</Typography.Text>
        </span>
      ),
      children: typeTree(n.children),
    }));

  const side = (
    <Card
      size="small"
      title={t('dictionary.types')}
      extra={
        <Space size={0}>
          {can.add && (
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              data-testid="dictionary-type-add"
              onClick={() => setTypeEdit({ id: null, values: { F_ParentId: selected ?? '0', F_EnabledMark: true, F_SortCode: 0 } })}
            />
          )}
          {can.edit && current && (
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              data-testid="dictionary-type-edit"
              onClick={() =>
                setTypeEdit({
                  id: current.F_ItemId,
                  values: { ...current, F_IsTree: current.F_IsTree === 1, F_IsNav: current.F_IsNav === 1, F_EnabledMark: current.F_EnabledMark === 1 },
                })
              }
            />
          )}
          {can.del && current && (
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              data-testid="dictionary-type-delete"
              onClick={() =>
                confirmDelete(
                  current.F_ItemName,
                  () => dictionaryApi.removeType(current.F_ItemId),
                  async () => {
                    setSelected(null);
                    await refreshTypes();
                  },
                )
              }
            />
          )}
        </Space>
      }
      styles={{ body: { padding: 8, maxHeight: 'calc(100vh - 230px)', overflow: 'auto' } }}
    >
      <div data-testid="dictionary-type-tree">
        {types.isLoading ? (
          <Spin />
        ) : types.data?.length ? (
          <Tree
            blockNode
            defaultExpandAll
            selectedKeys={selected ? [selected] : []}
            treeData={typeTree(types.data)}
            onSelect={(k) => k.length && setSelected(String(k[0]))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </div>
    </Card>
  );

  return (
    <ResizablePanel side={side} defaultWidth={280} testId="dictionary-page">
      <Card
        size="small"
        title={current ? `${current.F_ItemName} (${current.F_ItemCode})` : t('dictionary.items')}
        extra={
          <Space>
            <Input.Search allowClear placeholder={t('common:keyword')} onSearch={setKeyword} style={{ width: 200 }} data-testid="dictionary-item-keyword" />
            {can.add && current && (
              <AddButton
                testId="dictionary-item-add"
                onClick={() => setItemEdit({ id: null, values: { F_ItemId: current.F_ItemId, F_ParentId: '0', F_EnabledMark: true, F_SortCode: 0 } })}
              />
            )}
          </Space>
        }
      >
        <Table<DictionaryItemNode>
          size="middle"
          rowKey="F_ItemDetailId"
          loading={items.isFetching}
          dataSource={pruneChildren(items.data ?? [])}
          pagination={false}
          // Columns keep their natural width and the table scrolls sideways: on a phone no name breaks per character.
          scroll={{ x: 'max-content' }}
          expandable={{ defaultExpandAllRows: true }}
          onRow={(r) => ({ 'data-testid': `dictionary-item-row-${r.F_ItemDetailId}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('dictionary.itemName'), dataIndex: 'F_ItemName' },
            { title: t('dictionary.itemValue'), dataIndex: 'F_ItemValue' },
            { title: t('dictionary.itemCode'), dataIndex: 'F_ItemCode' },
            { title: t('common:sortCode'), dataIndex: 'F_SortCode', width: 80 },
            enabledColumn(90),
            { title: t('common:description'), dataIndex: 'F_Description' },
            {
              title: t('common:actions'),
              key: 'a',
              render: (_, r) => (
                <RowActions
                  actions={[
                    actions.edit({
                      hidden: !can.edit,
                      testId: `dictionary-item-edit-${r.F_ItemDetailId}`,
                      onClick: () => setItemEdit({ id: r.F_ItemDetailId, values: toEnabledForm(r) }),
                    }),
                    {
                      key: 'translate',
                      label: t('language.translate'),
                      hidden: !canTranslate,
                      testId: `dictionary-item-translate-${r.F_ItemDetailId}`,
                      onClick: () => ensureMapping('dataItem', r.F_ItemDetailId).then(setTranslating),
                    },
                    actions.remove({
                      hidden: !can.del,
                      testId: `dictionary-item-delete-${r.F_ItemDetailId}`,
                      onClick: () => confirmDelete(r.F_ItemName, () => dictionaryApi.removeItem(r.F_ItemDetailId), refreshItems),
                    }),
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      <FormModal<TypeForm>
        open={!!typeEdit}
        title={typeEdit?.id ? t('dictionary.editType') : t('dictionary.addType')}
        editing={!!typeEdit?.id}
        initialValues={typeEdit?.values}
        onClose={() => setTypeEdit(null)}
        testId="dictionary-type-form"
        onSubmit={(v) =>
          saveEdited(
            typeEdit?.id,
            { add: dictionaryApi.addType, update: dictionaryApi.updateType },
            { ...toEnabledBody(v), F_ParentId: v.F_ParentId || '0', F_IsTree: v.F_IsTree ? 1 : 0, F_IsNav: v.F_IsNav ? 1 : 0 },
            refreshTypes,
          )
        }
      >
        <ParentSelect
          nodes={toTreeData(
            types.data ?? [],
            (n) => n.F_ItemId,
            (n) => n.F_ItemName,
          )}
        />
        <Form.Item name="F_ItemName" label={t('dictionary.typeName')} rules={typeRules('F_ItemName', t('dictionary.typeName'))}>
          <Input maxLength={100} data-testid="dictionary-type-name" />
        </Form.Item>
        <Form.Item
          name="F_ItemCode"
          label={t('dictionary.typeCode')}
          rules={typeRules('F_ItemCode', t('dictionary.typeCode'), { messages: { pattern: t('dictionary.codePattern') } })}
        >
          <Input maxLength={50} data-testid="dictionary-type-code" />
        </Form.Item>
        <Form.Item name="F_IsTree" label={t('dictionary.isTree')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="F_IsNav" label={t('dictionary.isNav')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <SortEnabledDescriptionFields />
      </FormModal>
      <FormModal<ItemForm>
        open={!!itemEdit}
        title={itemEdit?.id ? t('dictionary.editItem') : t('dictionary.addItem')}
        editing={!!itemEdit?.id}
        initialValues={itemEdit?.values}
        onClose={() => setItemEdit(null)}
        testId="dictionary-item-form"
        onSubmit={(v) =>
          saveEdited(
            itemEdit?.id,
            { add: dictionaryApi.addItem, update: dictionaryApi.updateItem },
            { ...toEnabledBody(v), F_ItemId: itemEdit?.values.F_ItemId ?? selected ?? '', F_ParentId: v.F_ParentId || '0' },
            refreshItems,
          )
        }
      >
        {current?.F_IsTree === 1 && (
          <ParentSelect
            nodes={toTreeData(
              (items.data ?? []).filter((i) => i.F_ItemDetailId !== itemEdit?.id),
              (n) => n.F_ItemDetailId,
              (n) => n.F_ItemName,
            )}
          />
        )}
        <Form.Item name="F_ItemName" label={t('dictionary.itemName')} rules={itemRules('F_ItemName', t('dictionary.itemName'))}>
          <Input maxLength={100} data-testid="dictionary-item-name" />
        </Form.Item>
        <Form.Item name="F_ItemValue" label={t('dictionary.itemValue')} rules={itemRules('F_ItemValue', t('dictionary.itemValue'))}>
          <Input maxLength={200} data-testid="dictionary-item-value" />
        </Form.Item>
        <Form.Item name="F_ItemCode" label={t('dictionary.itemCode')}>
          <Input maxLength={50} data-testid="dictionary-item-code" />
        </Form.Item>
        <SortEnabledDescriptionFields />
      </FormModal>
      <TranslationModal mapping={translating} onClose={() => setTranslating(null)} />
    </ResizablePanel>
  );
}
