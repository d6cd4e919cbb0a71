import { App, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../components/RowActions';

/**
 * News and notices are published and withdrawn alike: the status column, the publish / withdraw row action and
 * its toast. `kind` picks the list's own texts (news.* or notice.*).
 */
export function usePublishing(kind: 'news' | 'notice', setStatusOf: (id: string, status: 0 | 1) => Promise<unknown>, refresh: () => unknown) {
  const { t } = useTranslation('oa');
  const { message } = App.useApp();
  const setStatus = async (id: string, status: 0 | 1) => {
    await setStatusOf(id, status);
    void message.success(t(status ? 'news.published_ok' : 'news.unpublished_ok'));
    await refresh();
  };
  const column = {
    title: t(`${kind}.status`),
    dataIndex: 'F_EnabledMark',
    width: 90,
    render: (v: number) => (v === 1 ? <Tag color="green">{t(`${kind}.published`)}</Tag> : <Tag>{t(`${kind}.draft`)}</Tag>),
  };
  /** The action that withdraws a published row and publishes a draft. */
  const action = (id: string, mark: number, a: { hidden: boolean; testId: string }): RowAction => ({
    key: 'publish',
    label: mark === 1 ? t(`${kind}.unpublish`) : t(`${kind}.publish`),
    ...a,
    onClick: () => setStatus(id, mark === 1 ? 0 : 1),
  });
  return { setStatus, column, action };
}
