import { useState } from 'react';
import { Badge, Button, Empty, List, Popover, Tabs, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTICE_TABS, unreadTotal, useMessages, type OaMessage } from './messages';
import { useMessageActions, useMessagePush } from './message-actions';

/** Spec 9: badge maximum and pop-over sizes. */
export const BADGE_MAX = 99;
export const POPOVER_WIDTH = 380;
export const LIST_HEIGHT = 450;

export function MessageRow({ m, onOpen, showContent }: { m: OaMessage; onOpen: (m: OaMessage) => void; showContent?: boolean }) {
  return (
    <List.Item
      data-testid={`notice-row-${m.F_Id}`}
      data-read={m.isRead ? 'true' : 'false'}
      onClick={() => onOpen(m)}
      style={{ cursor: 'pointer', padding: '8px 4px' }}
    >
      <div style={{ display: 'flex', gap: 8, width: '100%', minWidth: 0 }}>
        <Badge
          status={m.isRead ? 'default' : 'error'}
          data-testid={m.isRead ? undefined : `notice-unread-${m.F_Id}`}
          style={{ visibility: m.isRead ? 'hidden' : 'visible' }}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong={!m.isRead} ellipsis style={{ display: 'block' }}>
            {m.title}
          </Typography.Text>
          {showContent && (
            <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
              {m.F_Content}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {showContent ? m.F_SendTime || m.createTime : m.createTime || m.F_SendTime}
          </Typography.Text>
        </div>
      </div>
    </List.Item>
  );
}

function NoticePanel({ close }: { close: () => void }) {
  const { t } = useTranslation('oa');
  const navigate = useNavigate();
  const [tab, setTab] = useState<(typeof NOTICE_TABS)[number]['key']>('news');
  const { data, isLoading } = useMessages();
  const { open, readAll } = useMessageActions(close);
  const current = NOTICE_TABS.find((x) => x.key === tab)!;
  const group = data?.[current.group];
  return (
    <div data-testid="notice-popover" style={{ width: POPOVER_WIDTH }}>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        items={NOTICE_TABS.map((x) => ({
          key: x.key,
          label: (
            <span data-testid={`notice-tab-${x.key}`}>
              {t(`bell.tab.${x.key}`)}
              {(data?.[x.group]?.unread ?? 0) > 0 && (
                <Badge count={data?.[x.group]?.unread} overflowCount={BADGE_MAX} size="small" style={{ marginInlineStart: 4 }} />
              )}
            </span>
          ),
        }))}
      />
      <div style={{ height: LIST_HEIGHT, overflowY: 'auto' }} data-testid="notice-list">
        {!isLoading && !group?.messageList.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} style={{ marginTop: 120 }} />
        ) : (
          <List size="small" loading={isLoading} dataSource={group?.messageList ?? []} renderItem={(m) => <MessageRow m={m} onOpen={(x) => void open(x)} />} />
        )}
      </div>
      <div style={{ display: 'flex', borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 6 }}>
        <Button type="text" block data-testid="notice-read-all" onClick={() => void readAll(current.type, group?.unread ?? 0)}>
          {t('bell.readAll')}
        </Button>
        <Button
          type="text"
          block
          data-testid="notice-more"
          disabled={!current.more}
          onClick={() => {
            if (!current.more) return;
            close();
            navigate(current.more);
          }}
        >
          {t('bell.more')}
        </Button>
      </div>
    </div>
  );
}

/** Spec 2.3 notice bell: unread badge (max 99) and the four-tab pop-over; runs the push reader. */
export function NoticeBell() {
  const { t } = useTranslation('oa');
  const [open, setOpen] = useState(false);
  const { data } = useMessages();
  useMessagePush(true);
  const total = unreadTotal(data);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      destroyOnHidden
      styles={{ container: { padding: '4px 12px 8px' } }}
      content={<NoticePanel close={() => setOpen(false)} />}
    >
      <Button type="text" data-testid="notice-bell" aria-label={t('bell.title')} style={{ paddingInline: 10 }}>
        <Badge count={total} overflowCount={BADGE_MAX} size="small" offset={[4, -2]}>
          <span
            data-testid="notice-badge"
            data-count={total}
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
          >
            {total > BADGE_MAX ? `${BADGE_MAX}+` : total}
          </span>
          <BellOutlined style={{ fontSize: 16, color: 'inherit' }} />
        </Badge>
      </Button>
    </Popover>
  );
}
