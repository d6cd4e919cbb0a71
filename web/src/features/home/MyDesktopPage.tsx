import { useState } from 'react';
import { Button, Card, Col, Input, Row, Space } from 'antd';
import { IdcardOutlined, FireOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOtherLeaves } from '../../app/shell/menu-data';
import { StorageKeys, readString, writeString } from '../../lib/storage';
import { useSession } from '../../lib/session';
import { Shortcuts } from './Shortcuts';

export default function MyDesktopPage() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const session = useSession();
  const { leaves } = useOtherLeaves();
  const key = `${StorageKeys.desktopNotes}.${session?.userInfo.F_UserId ?? ''}`;
  const [notes, setNotes] = useState(() => readString(key));
  return (
    <Row gutter={[12, 12]} data-testid="my-desktop-page">
      <Col xs={24} lg={16}>
        <Card title={t('desktop.shortcuts')}>
          <Shortcuts items={leaves} testId="desktop-shortcut" />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('desktop.quickLinks')} style={{ marginBottom: 12 }}>
          <Space wrap>
            <Button icon={<IdcardOutlined />} onClick={() => navigate('/info/index')}>
              {t('desktop.profile')}
            </Button>
            <Button icon={<SettingOutlined />} onClick={() => navigate('/info/setting')}>
              {t('desktop.password')}
            </Button>
            <Button icon={<FireOutlined />} onClick={() => navigate('/wel/hotFunc')}>
              {t('hotFunctions')}
            </Button>
          </Space>
        </Card>
        <Card title={t('desktop.notes')}>
          <Input.TextArea
            data-testid="desktop-notes"
            rows={6}
            maxLength={2000}
            value={notes}
            placeholder={t('desktop.notesPlaceholder')}
            onChange={(e) => {
              setNotes(e.target.value);
              writeString(key, e.target.value);
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
