import type { CSSProperties } from 'react';
import { App, Button, Form, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../components/RowActions';

/**
 * Pieces the administration lists (organisation and system) all had written out the same: the enabled flag shown,
 * filtered, switched and carried between row and form, the "add" label and the edit / delete row actions.
 */

/** The status cell: 1 enabled (green), anything else disabled. */
export function EnabledTag({ value }: { value: number }) {
  const { t } = useTranslation('common');
  return value === 1 ? <Tag color="green">{t('enabled')}</Tag> : <Tag>{t('disabled')}</Tag>;
}

/** The status column of a list whose rows carry F_EnabledMark. */
export function useEnabledColumn() {
  const { t } = useTranslation('common');
  return (width?: number) => ({
    title: t('status'),
    dataIndex: 'F_EnabledMark',
    ...(width ? { width } : {}),
    render: (v: number) => <EnabledTag value={v} />,
  });
}

/** A list filter on the enabled flag (the `enabled` query parameter). */
export function EnabledFilter({ testId }: { testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Form.Item name="enabled">
      <Select
        allowClear
        placeholder={t('status')}
        style={{ width: 120 }}
        data-testid={testId}
        options={[
          { value: 1, label: t('enabled') },
          { value: 0, label: t('disabled') },
        ]}
      />
    </Form.Item>
  );
}

/**
 * A row's enabled flag as a switch that saves at once, says so and refreshes the list.
 * `save` gets the new flag; `after` runs once it is saved.
 */
export function EnabledSwitch({
  value,
  disabled,
  testId,
  save,
  after,
}: {
  value: number;
  disabled?: boolean;
  testId?: string;
  save: (flag: 0 | 1) => Promise<unknown>;
  after: () => unknown;
}) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  return (
    <Switch
      size="small"
      checked={value === 1}
      disabled={disabled}
      data-testid={testId}
      onChange={async (on) => {
        await save(on ? 1 : 0);
        void message.success(t('updated'));
        await after();
      }}
    />
  );
}

/** The label of a list toolbar's "add" button. */
export function AddLabel() {
  const { t } = useTranslation('common');
  return (
    <Space size={4}>
      <PlusOutlined />
      {t('add')}
    </Space>
  );
}

/** The primary "add" button of a page or panel that is not a ListPage (trees, plain tables). */
export function AddButton({ testId, onClick, style }: { testId: string; onClick: () => unknown; style?: CSSProperties }) {
  const { t } = useTranslation('common');
  return (
    <Button type="primary" icon={<PlusOutlined />} style={style} data-testid={testId} onClick={onClick}>
      {t('add')}
    </Button>
  );
}

type ActionProps = Omit<RowAction, 'key' | 'label' | 'danger'>;

/** The edit and delete actions of a row, with the common labels. */
export function useCrudActions() {
  const { t } = useTranslation('common');
  return {
    edit: (a: ActionProps): RowAction => ({ key: 'edit', label: t('edit'), ...a }),
    remove: (a: ActionProps): RowAction => ({ key: 'delete', label: t('delete'), danger: true, ...a }),
  };
}

/** A form's enabled switch from a row's flag (forms edit a boolean, the contracts carry 0 / 1). */
export function toEnabledForm<R extends { F_EnabledMark: number }>(row: R): Omit<R, 'F_EnabledMark'> & { F_EnabledMark: boolean } {
  return { ...row, F_EnabledMark: row.F_EnabledMark === 1 };
}

/** The body's flag from a form's enabled switch. */
export function toEnabledBody<V extends { F_EnabledMark?: boolean }>(v: V): Omit<V, 'F_EnabledMark'> & { F_EnabledMark: 0 | 1 } {
  return { ...v, F_EnabledMark: v.F_EnabledMark ? 1 : 0 };
}

/** Saves a form: an update when it edits an existing row, else an add; then refreshes. */
export async function saveEdited<B>(
  id: string | null | undefined,
  api: { add: (body: B) => Promise<unknown>; update: (id: string, body: B) => Promise<unknown> },
  body: B,
  refresh: () => unknown,
) {
  if (id) await api.update(id, body);
  else await api.add(body);
  await refresh();
}
