import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Empty, Form, Input, InputNumber, Space, Tree } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Area, AreaCreateBody } from '@app/contracts';
import { areaApi } from './api';
import { usePermission } from '../../lib/permission';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { ResizablePanel } from '../../components/pickers';
import { systemPermissions as P } from './permissions';
import { useZodRules } from '../../lib/zod-rules';
import { areaCreateBody } from '@app/contracts';

type AreaForm = AreaCreateBody;
interface AreaTreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: AreaTreeNode[];
}

const ROOT = '0';

export default function AreaPage() {
  const { t } = useTranslation('system');
  const [kids, setKids] = useState<Record<string, Area[]>>({});
  const [byId, setById] = useState<Record<string, Area>>({});
  const [selected, setSelected] = useState<Area | null>(null);
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<AreaForm> } | null>(null);
  const confirmDelete = useDeleteConfirm();
  const rules = useZodRules(areaCreateBody);
  const can = { add: usePermission(P.areaAdd), edit: usePermission(P.areaEdit), del: usePermission(P.areaDelete) };

  const load = useCallback(async (parent: string) => {
    const rows = await (parent === ROOT ? areaApi.provinces() : areaApi.children(parent));
    setKids((k) => ({ ...k, [parent]: rows }));
    setById((m) => ({ ...m, ...Object.fromEntries(rows.map((a) => [a.F_AreaId, a])) }));
  }, []);
  useEffect(() => {
    void load(ROOT);
  }, [load]);

  const build = (parent: string): AreaTreeNode[] =>
    (kids[parent] ?? []).map((a) => ({
      key: a.F_AreaId,
      title: a.F_AreaName,
      isLeaf: a.F_Level >= 3 || !a.hasChildren,
      children: kids[a.F_AreaId] ? build(a.F_AreaId) : undefined,
    }));
  const parentOf = (a: Area) => (a.F_Level === 1 ? ROOT : a.F_ParentId);
  const save = async (v: AreaForm) => {
    if (editing?.id) await areaApi.update(editing.id, { F_AreaName: v.F_AreaName, F_SortCode: v.F_SortCode });
    else await areaApi.add(v);
    const parentId = v.F_ParentId || ROOT;
    await load(parentId);
    if (parentId !== ROOT && byId[parentId]) await load(parentOf(byId[parentId]));
  };
  return (
    <Card size="small" data-testid="area-page">
      <ResizablePanel
        defaultWidth={320}
        side={
          <div data-testid="area-tree">
            <Space style={{ marginBottom: 8 }}>
              {can.add && (
                <Button
                  type="primary"
                  size="small"
                  icon={<PlusOutlined />}
                  data-testid="area-add"
                  onClick={() => setEditing({ id: null, values: { F_ParentId: selected && selected.F_Level < 3 ? selected.F_AreaId : ROOT, F_SortCode: 0 } })}
                >
                  {selected && selected.F_Level < 3 ? t('area.addChild') : t('area.addProvince')}
                </Button>
              )}
            </Space>
            <Tree<AreaTreeNode>
              blockNode
              treeData={build(ROOT)}
              loadData={(n) => (kids[n.key] ? Promise.resolve() : load(n.key))}
              selectedKeys={selected ? [selected.F_AreaId] : []}
              onSelect={(keys) => setSelected(keys[0] ? (byId[String(keys[0])] ?? null) : null)}
            />
          </div>
        }
      >
        {selected ? (
          <div>
            <Space style={{ marginBottom: 12 }}>
              {can.edit && (
                <Button
                  data-testid="area-edit"
                  onClick={() =>
                    setEditing({
                      id: selected.F_AreaId,
                      values: { F_AreaName: selected.F_AreaName, F_ParentId: parentOf(selected), F_SortCode: selected.F_SortCode },
                    })
                  }
                >
                  {t('common:edit')}
                </Button>
              )}
              {can.del && (
                <Button
                  danger
                  data-testid="area-delete"
                  onClick={() =>
                    confirmDelete(
                      selected.F_AreaName,
                      () => areaApi.remove(selected.F_AreaId),
                      async () => {
                        const p = parentOf(selected);
                        setSelected(null);
                        await load(p);
                      },
                    )
                  }
                >
                  {t('common:delete')}
                </Button>
              )}
            </Space>
            <Descriptions bordered size="small" column={1}>
              <Descriptions.Item label={t('area.code')}>{selected.F_AreaId}</Descriptions.Item>
              <Descriptions.Item label={t('area.name')}>{selected.F_AreaName}</Descriptions.Item>
              <Descriptions.Item label={t('area.level')}>{t(`area.levels.${selected.F_Level}`)}</Descriptions.Item>
              <Descriptions.Item label={t('common:sortCode')}>{selected.F_SortCode}</Descriptions.Item>
            </Descriptions>
          </div>
        ) : (
          <Empty description={t('area.choose')} />
        )}
      </ResizablePanel>
      <FormModal<AreaForm>
        open={!!editing}
        editing={!!editing?.id}
        title={editing?.id ? t('area.edit') : t('area.add')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="area-form"
      >
        <Form.Item name="F_ParentId" hidden>
          <Input />
        </Form.Item>
        {!editing?.id && (
          <Form.Item name="F_AreaId" label={t('area.code')} rules={rules('F_AreaId', t('area.code'), { messages: { pattern: t('area.codeRule') } })}>
            <Input data-testid="area-code" maxLength={12} />
          </Form.Item>
        )}
        <Form.Item name="F_AreaName" label={t('area.name')} rules={rules('F_AreaName', t('area.name'))}>
          <Input data-testid="area-name" maxLength={50} />
        </Form.Item>
        <Form.Item name="F_SortCode" label={t('common:sortCode')}>
          <InputNumber min={0} />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
