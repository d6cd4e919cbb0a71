import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOtherLeaves } from '../../app/shell/menu-data';
import { Shortcuts } from './Shortcuts';

export default function HotFuncPage() {
  const { t } = useTranslation('home');
  const { leaves } = useOtherLeaves();
  return (
    <Card title={t('hotFunctions')} data-testid="hot-func-page">
      <Shortcuts items={leaves} testId="hot-func" />
    </Card>
  );
}
