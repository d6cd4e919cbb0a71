import { Button, Card, Col, Empty, List, Row } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMessages, type MessageCentre } from './messages';
import { useMessageActions } from './message-actions';
import { MessageRow } from './NoticeBell';

const LISTS = [
  { key: 'approval', group: 'workflowApproval', type: 13, more: '/workflow/process/index?tab=todo' },
  { key: 'circulated', group: 'workflowCirculated', type: 14, more: '/workflow/process/index?tab=circulated' },
] as const satisfies readonly { key: string; group: keyof MessageCentre; type: number; more: string }[];

/** Spec 2.7 dashboard notice panel: workflow approval and circulation messages (content and send time). */
export function WorkflowNoticePanel() {
  const { t } = useTranslation('oa');
  const { data, isLoading } = useMessages();
  const navigate = useNavigate();
  const { open, readAll } = useMessageActions();
  return (
    <Row gutter={[12, 12]} data-testid="home-notice-panel">
      {LISTS.map((l) => {
        const group = data?.[l.group];
        return (
          <Col key={l.key} xs={24} md={12}>
            <Card
              size="small"
              title={t(`panel.${l.key}`)}
              data-testid={`home-notice-${l.key}`}
              extra={
                <>
                  <Button type="link" size="small" data-testid={`home-notice-read-all-${l.key}`} onClick={() => void readAll(l.type, group?.unread ?? 0)}>
                    {t('panel.readAll')}
                  </Button>
                  <Button type="link" size="small" data-testid={`home-notice-more-${l.key}`} onClick={() => navigate(l.more)}>
                    {t('panel.more')}
                  </Button>
                </>
              }
            >
              <div style={{ height: 260, overflowY: 'auto' }}>
                {!isLoading && !group?.messageList.length ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
                ) : (
                  <List
                    size="small"
                    loading={isLoading}
                    dataSource={group?.messageList ?? []}
                    renderItem={(m) => <MessageRow m={m} showContent onOpen={(x) => void open(x)} />}
                  />
                )}
              </div>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
