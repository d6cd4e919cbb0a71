import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Empty, Modal, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CandidateNode, ChosenApprovers } from '@app/contracts';
import { UserPicker } from '../../../components/pickers';
import { idPart } from './common';

/** The node's tab title: its name, or 'node N' (1-based). */
export const nodeTitle = (node: CandidateNode, index: number, nodeN: (n: number) => string) => node.name || nodeN(index + 1);

/**
 * Choose next-node approvers after retCode 2 (spec 2.9, 5): one tab per node (its name, or 'node N') with a
 * checkbox list of its users and select all — or, for a node the starter staffs at launch (`anyUser`, a
 * starterChoice rule), a user picker over every user. OK requires at least one approver per node, else
 * '节点：{name} 请至少选择一个审批人' (the node's tab is shown) and onOk is not called. Answers
 * [{ taskId: node id, userList: user ids }].
 */
export function NextApproversDialog(props: { open: boolean; nodes: CandidateNode[]; onOk: (chosen: ChosenApprovers) => void; onCancel: () => void }) {
  const { open, nodes, onOk, onCancel } = props;
  const { t } = useTranslation('wfShared');
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [tab, setTab] = useState('0');
  useEffect(() => {
    if (open) {
      setChosen({});
      setTab('0');
    }
  }, [open]);
  const nodeN = (n: number) => t('next.nodeN', { n });

  const ok = () => {
    for (const [i, node] of nodes.entries()) {
      if ((chosen[node.taskId] ?? []).length === 0) {
        setTab(String(i));
        void message.warning(t('next.atLeastOne', { name: nodeTitle(node, i, nodeN) }));
        return;
      }
    }
    onOk(nodes.map((node) => ({ taskId: node.taskId, userList: chosen[node.taskId] ?? [] })));
  };

  return (
    <Modal
      open={open}
      title={t('next.title')}
      onOk={ok}
      onCancel={onCancel}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': 'wf-next-ok' } as Record<string, string>}
      cancelButtonProps={{ 'data-testid': 'wf-next-cancel' } as Record<string, string>}
    >
      <div data-testid="wf-next-approvers">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={nodes.map((node, i) => {
            const all = node.userList.map((u) => u.F_UserId);
            const mine = chosen[node.taskId] ?? [];
            const set = (ids: string[]) => setChosen((c) => ({ ...c, [node.taskId]: ids }));
            return {
              key: String(i),
              label: <span data-testid={`wf-next-tab-${i}`}>{nodeTitle(node, i, nodeN)}</span>,
              children: node.anyUser ? (
                <AnyUserChoice index={i} nodeId={node.taskId} value={mine} onChange={set} />
              ) : all.length === 0 ? (
                <Empty description={t('next.noUsers')} />
              ) : (
                <Space orientation="vertical" style={{ width: '100%' }} data-testid={`wf-next-node-${idPart(node.taskId)}`}>
                  <Checkbox
                    checked={mine.length === all.length}
                    indeterminate={mine.length > 0 && mine.length < all.length}
                    onChange={(e) => set(e.target.checked ? all : [])}
                    data-testid={`wf-next-all-${i}`}
                  >
                    {t('next.selectAll')}
                  </Checkbox>
                  <Checkbox.Group value={mine} onChange={(v) => set(v as string[])} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
                    {node.userList.map((u) => (
                      <Checkbox key={u.F_UserId} value={u.F_UserId} data-testid={`wf-next-user-${i}-${idPart(u.F_UserId)}`}>
                        {u.F_RealName}
                        {u.F_Account ? <span style={{ color: '#8c8c8c' }}>（{u.F_Account}）</span> : null}
                      </Checkbox>
                    ))}
                  </Checkbox.Group>
                </Space>
              ),
            };
          })}
        />
      </div>
    </Modal>
  );
}

/** A starterChoice node: any enabled user of the tenant, picked with the user picker, in the order picked. */
function AnyUserChoice(props: { index: number; nodeId: string; value: string[]; onChange: (ids: string[]) => void }) {
  const { index, nodeId, value, onChange } = props;
  const { t } = useTranslation('wfShared');
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<Record<string, string>>({});
  return (
    <Space wrap data-testid={`wf-next-node-${idPart(nodeId)}`}>
      <Button onClick={() => setOpen(true)} data-testid={`wf-next-pick-${index}`}>
        {t('next.pickUsers')}
      </Button>
      <span data-testid={`wf-next-picked-${index}`}>
        {value.map((id) => (
          <Tag key={id}>{names[id] ?? id}</Tag>
        ))}
      </span>
      <UserPicker
        open={open}
        value={value}
        onCancel={() => setOpen(false)}
        onOk={(ids, users) => {
          setOpen(false);
          setNames((n) => ({ ...n, ...Object.fromEntries(users.map((u) => [u.F_UserId, u.F_RealName])) }));
          onChange(ids);
        }}
      />
    </Space>
  );
}
