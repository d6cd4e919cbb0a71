import { useEffect, useMemo, useState } from 'react';
import { App, Checkbox, Modal, Space, Spin, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthorizeBody, ModuleGrantNode } from '@app/contracts';
import { authorizeApi } from './api';

export interface AuthorizeDialogProps {
  open: boolean;
  /** 1 role, 2 user. */
  objectType: 1 | 2;
  objectId: string;
  title?: string;
  onClose: () => void;
}

interface Ids {
  modules: Set<string>;
  buttons: Set<string>;
  columns: Set<string>;
  forms: Set<string>;
}
type Kind = 'buttons' | 'columns' | 'forms';
interface GrantTreeNode {
  key: string;
  title: React.ReactNode;
  children: GrantTreeNode[];
}

function index(nodes: ModuleGrantNode[], parent: string | null, map: Map<string, { node: ModuleGrantNode; parent: string | null }>) {
  for (const n of nodes) {
    map.set(n.F_ModuleId, { node: n, parent });
    index(n.children, n.F_ModuleId, map);
  }
  return map;
}

/** Function authorisation of a role or user: menu entries with their buttons, columns and forms (POST /authorizes). */
export function AuthorizeDialog(props: AuthorizeDialogProps) {
  return props.open ? <AuthorizeBody {...props} /> : null;
}

function AuthorizeBody({ objectType, objectId, title, onClose }: AuthorizeDialogProps) {
  const { t } = useTranslation('organisation');
  const { message } = App.useApp();
  const modules = useQuery({ queryKey: ['modules-all'], queryFn: authorizeApi.modules, staleTime: 0 });
  const grants = useQuery({
    queryKey: ['authorizes', objectType, objectId],
    queryFn: () => authorizeApi.get(objectType, objectId),
    staleTime: 0,
  });
  const [ids, setIds] = useState<Ids | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (grants.data && !ids)
      setIds({
        modules: new Set(grants.data.moduleIds),
        buttons: new Set(grants.data.buttonIds),
        columns: new Set(grants.data.columnIds),
        forms: new Set(grants.data.formIds),
      });
  }, [grants.data, ids]);
  const map = useMemo(() => index(modules.data ?? [], null, new Map()), [modules.data]);

  const withAncestors = (next: Ids, moduleId: string | null) => {
    for (let m = moduleId; m; m = map.get(m)?.parent ?? null) next.modules.add(m);
  };
  const clone = (s: Ids): Ids => ({ modules: new Set(s.modules), buttons: new Set(s.buttons), columns: new Set(s.columns), forms: new Set(s.forms) });
  const toggleModule = (id: string, on: boolean) =>
    setIds((s) => {
      if (!s) return s;
      const next = clone(s);
      if (on) withAncestors(next, id);
      else {
        const drop = (n: ModuleGrantNode) => {
          next.modules.delete(n.F_ModuleId);
          n.buttons.forEach((b) => next.buttons.delete(b.F_Id));
          n.columns.forEach((c) => next.columns.delete(c.F_Id));
          n.forms.forEach((f) => next.forms.delete(f.F_Id));
          n.children.forEach(drop);
        };
        const n = map.get(id)?.node;
        if (n) drop(n);
      }
      return next;
    });
  const toggleItem = (kind: Kind, itemId: string, moduleId: string, on: boolean) =>
    setIds((s) => {
      if (!s) return s;
      const next = clone(s);
      if (on) {
        next[kind].add(itemId);
        withAncestors(next, moduleId);
      } else next[kind].delete(itemId);
      return next;
    });

  const itemBoxes = (n: ModuleGrantNode, kind: Kind, testKind: string, label: string) =>
    n[kind].length > 0 && (
      <Space size={4} wrap>
        <Typography.Text type="secondary">{label}:</Typography.Text>
        {n[kind].map((b) => (
          <Checkbox
            key={b.F_Id}
            data-testid={`authorize-${testKind}-${b.F_Id}`}
            checked={ids?.[kind].has(b.F_Id) ?? false}
            onChange={(e) => toggleItem(kind, b.F_Id, n.F_ModuleId, e.target.checked)}
          >
            {b.F_FullName}
          </Checkbox>
        ))}
      </Space>
    );
  const treeData = (nodes: ModuleGrantNode[]): GrantTreeNode[] =>
    nodes.map((n) => ({
      key: n.F_ModuleId,
      title: (
        <div onClick={(e) => e.stopPropagation()}>
          <Checkbox
            data-testid={`authorize-module-${n.F_ModuleId}`}
            checked={ids?.modules.has(n.F_ModuleId) ?? false}
            onChange={(e) => toggleModule(n.F_ModuleId, e.target.checked)}
          >
            <strong>{n.F_FullName}</strong>
          </Checkbox>
          <div style={{ paddingLeft: 24 }}>
            {itemBoxes(n, 'buttons', 'button', t('authorize.buttons'))}
            {itemBoxes(n, 'columns', 'column', t('authorize.columns'))}
            {itemBoxes(n, 'forms', 'form', t('authorize.forms'))}
          </div>
        </div>
      ),
      children: treeData(n.children),
    }));

  const save = async () => {
    if (!ids) return;
    setBusy(true);
    try {
      const body: AuthorizeBody = {
        objectId,
        objectType,
        itemJson: { moduleIds: [...ids.modules], buttonIds: [...ids.buttons], columnIds: [...ids.columns], formIds: [...ids.forms] },
      };
      await authorizeApi.save(body);
      void message.success(t('common:updated'));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const loading = modules.isLoading || grants.isLoading || !ids;
  return (
    <Modal
      open
      width={860}
      title={title ?? t('authorize.title')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={busy}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ 'data-testid': 'modal-ok', disabled: loading } as { disabled: boolean }}
    >
      <div data-testid="authorize-dialog" style={{ maxHeight: '60vh', overflow: 'auto' }}>
        {loading ? <Spin /> : <Tree blockNode selectable={false} defaultExpandAll treeData={treeData(modules.data ?? [])} />}
      </div>
    </Modal>
  );
}
