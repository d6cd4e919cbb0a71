import { useEffect, useMemo, useState } from 'react';
import { App, Button, Empty, Modal, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UserPicker, type UserBrief } from '../../../components/pickers';
import { taskApi, taskKeys } from '../task-api';
import { idPart, useCurrentUserId } from './common';

interface Person {
  F_UserId: string;
  F_RealName: string;
  F_Account: string;
}

const label = (p: Person) => (p.F_Account ? `${p.F_RealName}（${p.F_Account}）` : p.F_RealName);

/**
 * Add or subtract signers of a (countersign) task (spec 2.9): tabs approvers (the task's current signers, each
 * can be subtracted), users (the user picker, multi, without the current user and the signers, to add) and selected
 * (the pending changes, each can be undone). OK posts signature 'add' and / or 'subtract', then onDone.
 */
export function SignerDialog(props: { open: boolean; taskId: string; onDone: () => void; onCancel: () => void }) {
  const { open, taskId, onDone, onCancel } = props;
  const { t } = useTranslation('wfShared');
  const { message } = App.useApp();
  const me = useCurrentUserId();
  const [tab, setTab] = useState('approvers');
  const [adds, setAdds] = useState<Person[]>([]);
  const [subtracts, setSubtracts] = useState<Person[]>([]);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const signers = useQuery({
    queryKey: [...taskKeys.all, 'signature-users', taskId],
    queryFn: () => taskApi.signatureUsers(taskId),
    enabled: open && !!taskId,
    retry: false,
    staleTime: 0,
  });
  useEffect(() => {
    if (open) {
      setTab('approvers');
      setAdds([]);
      setSubtracts([]);
    }
  }, [open]);
  const current = useMemo(() => signers.data ?? [], [signers.data]);
  const subtracted = new Set(subtracts.map((p) => p.F_UserId));

  const toggleSubtract = (p: Person) =>
    setSubtracts((list) => (list.some((x) => x.F_UserId === p.F_UserId) ? list.filter((x) => x.F_UserId !== p.F_UserId) : [...list, p]));

  const ok = async () => {
    if (adds.length === 0 && subtracts.length === 0) {
      void message.warning(t('signer.nothing'));
      return;
    }
    setBusy(true);
    try {
      if (adds.length)
        await taskApi.signature(
          taskId,
          adds.map((p) => p.F_UserId),
          'add',
        );
      if (subtracts.length)
        await taskApi.signature(
          taskId,
          subtracts.map((p) => p.F_UserId),
          'subtract',
        );
      void message.success(t('signer.success'));
      onDone();
    } catch {
      void message.error(t('signer.failed'));
    } finally {
      setBusy(false);
    }
  };

  const approvers =
    signers.isPending && signers.fetchStatus !== 'idle' ? (
      <Spin />
    ) : current.length === 0 ? (
      <Empty description={t('signer.noApprovers')} />
    ) : (
      <div data-testid="wf-signer-approvers">
        {current.map((p) => {
          const gone = subtracted.has(p.F_UserId);
          return (
            <div
              key={p.F_UserId}
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 8,
                padding: '6px 0',
                borderBottom: '1px solid rgba(5,5,5,0.06)',
              }}
              data-testid={`wf-signer-approver-${idPart(p.F_UserId)}`}
            >
              <Typography.Text delete={gone}>{label(p)}</Typography.Text>
              {p.F_UserId !== me && (
                <Button size="small" danger={!gone} onClick={() => toggleSubtract(p)} data-testid={`wf-signer-remove-${idPart(p.F_UserId)}`}>
                  {gone ? t('signer.undo') : t('signer.remove')}
                </Button>
              )}
            </div>
          );
        })}
      </div>
    );

  const users = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('signer.usersHint')}</Typography.Text>
      <Button icon={<UserAddOutlined />} onClick={() => setPicking(true)} data-testid="wf-signer-choose">
        {t('signer.chooseUsers')}
      </Button>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {adds.map((p) => (
          <Tag key={p.F_UserId} color="green" closable onClose={() => setAdds(adds.filter((x) => x.F_UserId !== p.F_UserId))}>
            {label(p)}
          </Tag>
        ))}
      </div>
    </Space>
  );

  const selected =
    adds.length === 0 && subtracts.length === 0 ? (
      <Empty description={t('signer.nothing')} />
    ) : (
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="wf-signer-selected">
        {adds.length > 0 && (
          <div>
            <Typography.Text strong>{t('signer.add')}：</Typography.Text>
            {adds.map((p) => (
              <Tag
                key={p.F_UserId}
                color="green"
                closable
                onClose={() => setAdds(adds.filter((x) => x.F_UserId !== p.F_UserId))}
                data-testid={`wf-signer-add-${idPart(p.F_UserId)}`}
              >
                {label(p)}
              </Tag>
            ))}
          </div>
        )}
        {subtracts.length > 0 && (
          <div>
            <Typography.Text strong>{t('signer.subtract')}：</Typography.Text>
            {subtracts.map((p) => (
              <Tag key={p.F_UserId} color="red" closable onClose={() => toggleSubtract(p)} data-testid={`wf-signer-sub-${idPart(p.F_UserId)}`}>
                {label(p)}
              </Tag>
            ))}
          </div>
        )}
      </Space>
    );

  const count = adds.length + subtracts.length;
  return (
    <>
      <Modal
        open={open}
        title={t('signer.title')}
        onOk={() => void ok()}
        onCancel={onCancel}
        confirmLoading={busy}
        destroyOnHidden
        width={600}
        okButtonProps={{ 'data-testid': 'wf-signer-ok' } as Record<string, string>}
        cancelButtonProps={{ 'data-testid': 'wf-signer-cancel' } as Record<string, string>}
      >
        <div data-testid="wf-signer-dialog">
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'approvers', label: <span data-testid="wf-signer-tab-approvers">{t('signer.approvers')}</span>, children: approvers },
              { key: 'users', label: <span data-testid="wf-signer-tab-users">{t('signer.users')}</span>, children: users },
              {
                key: 'selected',
                label: <span data-testid="wf-signer-tab-selected">{count ? `${t('signer.selected')} (${count})` : t('signer.selected')}</span>,
                children: selected,
              },
            ]}
          />
        </div>
      </Modal>
      <UserPicker
        open={open && picking}
        value={adds.map((p) => p.F_UserId)}
        excludeUserIds={[...(me ? [me] : []), ...current.map((p) => p.F_UserId)]}
        onOk={(_ids, chosen: UserBrief[]) => {
          setAdds(chosen.map((u) => ({ F_UserId: u.F_UserId, F_RealName: u.F_RealName, F_Account: u.F_Account })));
          setPicking(false);
        }}
        onCancel={() => setPicking(false)}
      />
    </>
  );
}
