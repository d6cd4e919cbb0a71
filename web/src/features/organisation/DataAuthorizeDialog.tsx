import { useEffect, useState } from 'react';
import { App, Modal, Select, Table, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataAuthorizeBody, DataAuthorizeRow, OrgNode } from '@app/contracts';
import { dataAuthorizeApi } from './api';
import { useOrgTree } from '../../components/pickers';

export interface DataAuthorizeDialogProps {
  open: boolean;
  objectType: 1 | 2;
  objectId: string;
  title?: string;
  onClose: () => void;
}

const SCOPES = [1, 2, 3, 4, 5, 6] as const;

interface DeptTree {
  value: string;
  title: string;
  selectable?: boolean;
  children: DeptTree[];
}
const deptTree = (nodes: OrgNode[]): DeptTree[] =>
  nodes.map((n) => ({
    value: n.type === 'company' ? `company:${n.id}` : n.id,
    title: n.title,
    selectable: n.type !== 'company',
    children: deptTree(n.children),
  }));

/** Data permissions per menu entry: scope 1..6, custom departments for 6 (GET /data-authorize/…/menu, PUT /data-authorize/). */
export function DataAuthorizeDialog(props: DataAuthorizeDialogProps) {
  return props.open ? <DataAuthorizeBody {...props} /> : null;
}

function DataAuthorizeBody({ objectType, objectId, title, onClose }: DataAuthorizeDialogProps) {
  const { t } = useTranslation('organisation');
  const { message } = App.useApp();
  const org = useOrgTree();
  const q = useQuery({
    queryKey: ['data-authorize', objectType, objectId],
    queryFn: () => dataAuthorizeApi.get(objectType, objectId),
    staleTime: 0,
  });
  const [rows, setRows] = useState<DataAuthorizeRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (q.data && !rows) setRows(q.data);
  }, [q.data, rows]);
  const set = (id: string, patch: Partial<DataAuthorizeRow>) => setRows((r) => r?.map((x) => (x.F_ModuleId === id ? { ...x, ...patch } : x)) ?? r);
  const save = async () => {
    if (!rows) return;
    setBusy(true);
    try {
      const body: DataAuthorizeBody = {
        objectId,
        objectType,
        items: rows
          .filter((r) => r.scope != null)
          .map((r) => ({ moduleId: r.F_ModuleId, scope: r.scope!, departmentIds: r.scope === 6 ? r.departmentIds : [] })),
      };
      await dataAuthorizeApi.save(body);
      void message.success(t('common:updated'));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const depts = deptTree(org.data ?? []);
  return (
    <Modal
      open
      width={900}
      title={title ?? t('dataAuthorize.title')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={busy}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ 'data-testid': 'modal-ok' } as Record<string, string>}
    >
      <div data-testid="data-authorize-dialog">
        <Table<DataAuthorizeRow>
          size="small"
          rowKey="F_ModuleId"
          loading={q.isLoading}
          dataSource={rows ?? []}
          pagination={false}
          scroll={{ y: 420 }}
          columns={[
            { title: t('dataAuthorize.module'), dataIndex: 'F_FullName', width: 200 },
            {
              title: t('dataAuthorize.scope'),
              dataIndex: 'scope',
              width: 200,
              render: (v: number | null, r) => (
                <Select
                  allowClear
                  style={{ width: 180 }}
                  value={v ?? undefined}
                  placeholder={t('dataAuthorize.unset')}
                  data-testid={`data-scope-${r.F_ModuleId}`}
                  options={SCOPES.map((s) => ({ value: s, label: t(`dataAuthorize.scopes.${s}`) }))}
                  onChange={(s: number | undefined) => set(r.F_ModuleId, { scope: s ?? null })}
                />
              ),
            },
            {
              title: t('dataAuthorize.departments'),
              key: 'departments',
              render: (_, r) =>
                r.scope === 6 ? (
                  <TreeSelect
                    multiple
                    treeDefaultExpandAll
                    style={{ width: '100%' }}
                    value={r.departmentIds}
                    treeData={depts}
                    data-testid={`data-departments-${r.F_ModuleId}`}
                    onChange={(v: string[]) => set(r.F_ModuleId, { departmentIds: v.filter((x) => !x.startsWith('company:')) })}
                  />
                ) : null,
            },
          ]}
        />
      </div>
    </Modal>
  );
}
