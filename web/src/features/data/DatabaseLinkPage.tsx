import { useState } from 'react';
import { Alert, App, AutoComplete, Button, Form, Grid, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { databaseLinkBody, dbTypes, type DatabaseLinkBody, type DatabaseLinkRow } from '@app/contracts';
import { databaseLinkApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { dataPermissions as P } from './permissions';
import { LINK_GROUPS_KEY, errorMessage } from './shared';
import { TableBrowser } from './TableBrowser';
import { SqlConsole } from './SqlConsole';
import { TableDesigner } from './TableDesigner';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';

type DbType = (typeof dbTypes)[number];
const DEFAULT_PORTS: Record<DbType, number> = { postgresql: 5432, mysql: 3306, sqlserver: 1433 };

type LinkForm = Omit<DatabaseLinkBody, 'F_Password'> & { F_Password?: string };

/** A link row of the grouped table; `span` merges the group cell over the rows of one group on this page. */
interface LinkListRow {
  key: string;
  group: string;
  span: number;
  link: DatabaseLinkRow;
}

const matches = (l: DatabaseLinkRow, keyword: string) =>
  [l.F_DBAlias, l.F_ServerAddress, l.F_DBName, l.F_GroupName].some((v) => v.toLowerCase().includes(keyword));

/** Links come grouped from the server (platform link first); the page is cut here so a group never loses its header. */
async function fetchLinks(q: { limit: number; size: number; keyword?: string }) {
  const groups = await databaseLinkApi.groups();
  const keyword = (q.keyword ?? '').trim().toLowerCase();
  const flat = groups.flatMap((g) =>
    g.children.filter((l) => !keyword || matches(l, keyword)).map((link) => ({ key: link.F_Id, group: g.F_GroupName, span: 1, link })),
  );
  const page = flat.slice((q.limit - 1) * q.size, q.limit * q.size);
  page.forEach((row, i) => {
    if (i > 0 && page[i - 1].group === row.group) row.span = 0;
    else {
      let n = 1;
      while (page[i + n]?.group === row.group) n++;
      row.span = n;
    }
  });
  return { Rows: page, Total: flat.length };
}

export default function DatabaseLinkPage() {
  const { t } = useTranslation('data');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const can = {
    edit: usePermission(P.linkEdit),
    del: usePermission(P.linkDelete),
    query: usePermission(P.linkQuery),
    design: usePermission(P.linkDesign),
    taskWrite: usePermission(P.linkTaskWrite),
  };
  const { modal, message } = App.useApp();
  // Phone cards show the first few columns: there the scheduled-task flag comes right after the name.
  const phone = Grid.useBreakpoint().xs === true;
  const phoneFirst = <C extends { key?: unknown }>(columns: C[]) => {
    if (!phone) return columns;
    const flag = columns.find((c) => c.key === 'taskWrite');
    const rest = columns.filter((c) => c !== flag);
    return flag ? [...rest.slice(0, 2), flag, ...rest.slice(2)] : columns;
  };
  // Letting unattended SQL write is a risk the holder confirms, with the reason spelled out.
  const setTaskWritable = (link: DatabaseLinkRow, on: boolean) =>
    modal.confirm({
      title: t(on ? 'link.taskWriteOnTitle' : 'link.taskWriteOffTitle', { name: link.F_DBAlias }),
      content: t(on ? 'link.taskWriteOnRisk' : 'link.taskWriteOffText'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: on, 'data-testid': 'link-task-write-ok' } as { danger: boolean },
      onOk: async () => {
        try {
          await databaseLinkApi.setTaskWritable(link.F_Id, on ? 1 : 0);
        } catch {
          return; // the api client shows the refusal
        }
        void message.success(t(on ? 'link.taskWriteOn' : 'link.taskWriteOff', { name: link.F_DBAlias }));
        await refresh();
      },
    });
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<LinkForm> } | null>(null);
  const [browsing, setBrowsing] = useState<DatabaseLinkRow | null>(null);
  const [querying, setQuerying] = useState<DatabaseLinkRow | null>(null);
  const [designing, setDesigning] = useState<DatabaseLinkRow | null>(null);
  const [groupNames, setGroupNames] = useState<string[]>([]);
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['list', 'database-links'] });
    await qc.invalidateQueries({ queryKey: [LINK_GROUPS_KEY] });
  };
  const openForm = async (link: DatabaseLinkRow | null) => {
    const groups = await qc.fetchQuery({ queryKey: [LINK_GROUPS_KEY], queryFn: databaseLinkApi.groups }).catch(() => []);
    setGroupNames(groups.map((g) => g.F_GroupName).filter(Boolean));
    if (!link) {
      setEditing({ id: null, values: { F_DbType: 'postgresql', F_Port: DEFAULT_PORTS.postgresql, F_SortCode: 0 } });
      return;
    }
    const { F_Id, F_DBAlias, F_DbType, F_ServerAddress, F_Port, F_DBName, F_Schema, F_UserName, F_QueryRole, F_GroupName, F_Description, F_SortCode } = link;
    setEditing({
      id: F_Id,
      values: {
        F_DBAlias,
        F_DbType: F_DbType as DbType,
        F_ServerAddress,
        F_Port,
        F_DBName,
        F_Schema,
        F_UserName,
        F_QueryRole,
        F_GroupName,
        F_Description,
        F_SortCode,
      },
    });
  };
  return (
    <>
      <ListPage<LinkListRow>
        queryKey="database-links"
        testId="database-link-page"
        rowKey="key"
        rowTestId={(r) => `link-row-${r.link.F_Id}`}
        keywordPlaceholder={t('link.keyword')}
        fetch={fetchLinks}
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: P.linkAdd,
            testId: 'link-add',
            onClick: () => openForm(null),
          },
        ]}
        columns={phoneFirst([
          { title: t('link.group'), key: 'group', width: 120, onCell: (r) => ({ rowSpan: r.span }), render: (_, r) => r.group || t('link.noGroup') },
          {
            title: t('link.alias'),
            key: 'alias',
            render: (_, { link }) => (
              <Space size={4}>
                {link.F_DBAlias}
                {link.F_IsDefault && <Tag color="blue">{t('link.platform')}</Tag>}
              </Space>
            ),
          },
          { title: t('link.type'), key: 'type', render: (_, { link }) => t(`link.types.${link.F_DbType}`) },
          { title: t('link.address'), key: 'address', render: (_, { link }) => (link.F_IsDefault ? '-' : `${link.F_ServerAddress}:${link.F_Port}`) },
          { title: t('link.database'), key: 'db', render: (_, { link }) => link.F_DBName || '-' },
          { title: t('link.schema'), key: 'schema', render: (_, { link }) => link.F_Schema || '-' },
          { title: t('link.user'), key: 'user', render: (_, { link }) => link.F_UserName || '-' },
          {
            title: <span title={t('link.taskWriteHelp')}>{t('link.taskWrite')}</span>,
            key: 'taskWrite',
            render: (_, { link }) =>
              // The platform's own database is never writable by scheduled tasks (the server refuses it).
              can.taskWrite && !link.F_IsDefault ? (
                <Switch
                  size="small"
                  checked={link.F_TaskWritable === 1}
                  checkedChildren={t('link.taskWritable')}
                  unCheckedChildren={t('link.taskReadOnly')}
                  onChange={(on) => setTaskWritable(link, on)}
                  data-testid={`link-task-write-${link.F_Id}`}
                />
              ) : link.F_TaskWritable === 1 ? (
                <Tag color="orange" data-testid={`link-task-write-${link.F_Id}`}>
                  {t('link.taskWritable')}
                </Tag>
              ) : (
                <Tag data-testid={`link-task-write-${link.F_Id}`}>{t('link.taskReadOnly')}</Tag>
              ),
          },
          { title: t('common:description'), key: 'desc', ellipsis: true, render: (_, { link }) => link.F_Description },
          {
            title: t('common:actions'),
            key: 'a',
            fixed: 'right',
            render: (_, { link }) => (
              <RowActions
                actions={[
                  { key: 'tables', label: t('link.tables'), testId: `link-tables-${link.F_Id}`, onClick: () => setBrowsing(link) },
                  { key: 'sql', label: t('link.sql'), hidden: !can.query, testId: `link-sql-${link.F_Id}`, onClick: () => setQuerying(link) },
                  { key: 'design', label: t('link.design'), hidden: !can.design, testId: `link-design-${link.F_Id}`, onClick: () => setDesigning(link) },
                  {
                    key: 'edit',
                    label: t('common:edit'),
                    hidden: !(can.edit && !link.F_IsDefault),
                    testId: `link-edit-${link.F_Id}`,
                    onClick: () => openForm(link),
                  },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !(can.del && !link.F_IsDefault),
                    testId: `link-delete-${link.F_Id}`,
                    onClick: () => confirmDelete(link.F_DBAlias, () => databaseLinkApi.remove(link.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ])}
      />
      <FormModal<LinkForm>
        open={!!editing}
        width={720}
        title={editing?.id ? t('link.edit') : t('link.add')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        testId="link-form"
        onSubmit={async (v) => {
          // An absent password keeps the stored one; '' would be refused or, worse, read as "no password".
          const { F_Password, ...rest } = v;
          const body = F_Password ? { ...rest, F_Password } : rest;
          if (editing?.id) await databaseLinkApi.update(editing.id, body);
          else await databaseLinkApi.add(body);
          await refresh();
        }}
      >
        <LinkFields linkId={editing?.id ?? null} groupNames={groupNames} />
      </FormModal>
      <TableBrowser link={browsing} onClose={() => setBrowsing(null)} />
      <SqlConsole link={querying} onClose={() => setQuerying(null)} />
      <TableDesigner link={designing} onClose={() => setDesigning(null)} />
    </>
  );
}

const CONNECTION_FIELDS = ['F_DbType', 'F_ServerAddress', 'F_Port', 'F_DBName', 'F_Schema', 'F_UserName', 'F_Password', 'F_QueryRole'] as const;

function LinkFields({ linkId, groupNames }: { linkId: string | null; groupNames: string[] }) {
  const { t } = useTranslation('data');
  const form = Form.useFormInstance<LinkForm>();
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const rules = useZodRules(databaseLinkBody);
  const namePattern = { messages: { pattern: t('design.namePattern') } };
  const onType = (type: DbType) => {
    const port = form.getFieldValue('F_Port') as number | undefined;
    // Follow the type unless the user typed a port of their own.
    if (!port || Object.values(DEFAULT_PORTS).includes(port)) form.setFieldValue('F_Port', DEFAULT_PORTS[type]);
  };
  const runTest = async () => {
    setTest(null);
    const v = await form
      .validateFields(['F_DbType', 'F_ServerAddress', 'F_Port', 'F_DBName'])
      .then(() => form.getFieldsValue(CONNECTION_FIELDS as unknown as (keyof LinkForm)[]) as Partial<LinkForm>);
    setTesting(true);
    try {
      const query: Record<string, string | number | undefined> = { id: linkId ?? undefined };
      for (const k of CONNECTION_FIELDS) query[k] = v[k] as string | number | undefined;
      const r = await databaseLinkApi.test(query);
      setTest({ ok: true, text: t('link.testOk', { ms: r.durationMs }) });
    } catch (e) {
      setTest({ ok: false, text: errorMessage(e) });
    } finally {
      setTesting(false);
    }
  };
  return (
    <>
      <Form.Item name="F_DBAlias" label={t('link.alias')} rules={rules('F_DBAlias', t('link.alias'))}>
        <Input maxLength={100} data-testid="link-alias" />
      </Form.Item>
      <Form.Item name="F_DbType" label={t('link.type')} rules={rules('F_DbType', t('link.type'))}>
        <Select data-testid="link-type" onChange={onType} options={dbTypes.map((d) => ({ value: d, label: t(`link.types.${d}`) }))} />
      </Form.Item>
      <Form.Item label={t('link.host')} required style={{ marginBottom: 0 }}>
        <Space.Compact block>
          <Form.Item name="F_ServerAddress" rules={rules('F_ServerAddress', t('link.host'))} style={{ flex: 1 }}>
            <Input maxLength={253} placeholder={t('link.hostPlaceholder')} data-testid="link-host" />
          </Form.Item>
          <Form.Item name="F_Port" rules={rules('F_Port', t('link.port'))}>
            <InputNumber min={1} max={65535} placeholder={t('link.port')} data-testid="link-port" style={{ width: 110 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="F_DBName" label={t('link.database')} rules={rules('F_DBName', t('link.database'))}>
        <Input maxLength={128} data-testid="link-database" />
      </Form.Item>
      <Form.Item name="F_Schema" label={t('link.schema')} rules={rules('F_Schema', t('link.schema'), namePattern)} tooltip={t('link.schemaHelp')}>
        <Input maxLength={63} data-testid="link-schema" />
      </Form.Item>
      <Form.Item name="F_UserName" label={t('link.user')} rules={rules('F_UserName', t('link.user'))}>
        <Input maxLength={128} autoComplete="off" data-testid="link-user" />
      </Form.Item>
      <Form.Item name="F_Password" label={t('link.password')} rules={rules('F_Password', t('link.password'))}>
        <Input.Password maxLength={256} autoComplete="new-password" placeholder={linkId ? t('link.passwordKeep') : undefined} data-testid="link-password" />
      </Form.Item>
      <Form.Item
        name="F_QueryRole"
        label={t('link.queryRole')}
        rules={rules('F_QueryRole', t('link.queryRole'), namePattern)}
        tooltip={t('link.queryRoleHelp')}
      >
        <Input maxLength={63} data-testid="link-query-role" />
      </Form.Item>
      <Form.Item name="F_GroupName" label={t('link.group')} rules={rules('F_GroupName', t('link.group'))}>
        <AutoComplete
          options={groupNames.map((g) => ({ value: g }))}
          maxLength={100}
          data-testid="link-group"
          filterOption={(input, o) => String(o?.value ?? '').includes(input)}
        />
      </Form.Item>
      <Form.Item name="F_SortCode" label={t('common:sortCode')}>
        <InputNumber />
      </Form.Item>
      <Form.Item name="F_Description" label={t('common:description')} rules={rules('F_Description', t('common:description'))}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space>
            <Button loading={testing} onClick={() => void runTest().catch(() => undefined)} data-testid="link-test">
              {t('link.test')}
            </Button>
            <Typography.Text type="secondary">{t('link.testHelp')}</Typography.Text>
          </Space>
          {test && <Alert type={test.ok ? 'success' : 'error'} showIcon title={test.text} data-testid="link-test-result" />}
        </Space>
      </Form.Item>
    </>
  );
}
