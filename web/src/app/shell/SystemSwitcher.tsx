import { useEffect } from 'react';
import { Button, Dropdown } from 'antd';
import { CheckOutlined, SwapOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Subsystem } from '@app/contracts';
import { StorageKeys, writeString } from '../../lib/storage';
import { homeOf, indexUrlOf, scheduleAutoSelect, showSystemSwitcher } from './systems';
import { systemIdStore, useSystemId, useSystems } from './menu-data';
import { resetTabs } from './tabs';

/** Spec 2.4 system switcher. */
export function SystemSwitcher() {
  const { t } = useTranslation('layout');
  const { data: systems = [] } = useSystems();
  const current = useSystemId();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const choose = (s: Subsystem) => {
    resetTabs();
    systemIdStore.set(s.F_Id);
    writeString(StorageKeys.indexUrl, indexUrlOf(s));
    void qc.invalidateQueries({ queryKey: ['menu'] });
    navigate(homeOf(s), { replace: true });
  };
  useEffect(() => scheduleAutoSelect(systems, current, choose), [systems, current]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!showSystemSwitcher(systems)) return null;
  const name = systems.find((s) => s.F_Id === current)?.F_Name ?? '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: systems.map((s) => ({
          key: s.F_Id,
          disabled: s.F_Id === current,
          icon: s.F_Id === current ? <CheckOutlined /> : undefined,
          label: <span data-testid={`system-${s.F_Id}`}>{s.F_Name}</span>,
        })),
        onClick: ({ key }) => {
          const s = systems.find((x) => x.F_Id === key);
          if (s && s.F_Id !== current) choose(s);
        },
      }}
    >
      <Button type="text" icon={<SwapOutlined />} data-testid="system-switcher">
        <span className="app-hide-xs">{name || t('system.switch')}</span>
      </Button>
    </Dropdown>
  );
}
