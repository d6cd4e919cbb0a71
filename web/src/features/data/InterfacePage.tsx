import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  INTERFACE_MAX_TIMEOUT_MS,
  interfaceBody,
  interfaceHeader,
  interfaceMethods,
  type InterfaceBody,
  type InterfaceCallResult,
  type InterfaceRow,
} from '@app/contracts';
import { interfaceApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { dataPermissions as P } from './permissions';
import { JsonBlock, errorMessage, mono } from './shared';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';

const METHOD_COLORS: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'orange', PATCH: 'purple', DELETE: 'red' };

/** `{{name}}` placeholders of the URL and body template: the parameters a test call should offer. */
export function templateParams(row: Pick<InterfaceRow, 'F_Url' | 'F_BodyTemplate'>): string[] {
  const names = new Set<string>();
  for (const m of `${row.F_Url}\n${row.F_BodyTemplate}`.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)) names.add(m[1]);
  return [...names];
}

export default function InterfacePage() {
  const { t } = useTranslation('data');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const can = { edit: usePermission(P.interfaceEdit), del: usePermission(P.interfaceDelete), test: usePermission(P.interfaceTest) };
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<InterfaceBody> } | null>(null);
  const [testing, setTesting] = useState<InterfaceRow | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'interfaces'] });
  const rules = useZodRules(interfaceBody);
  const headerRules = useZodRules(interfaceHeader);
  return (
    <>
      <ListPage<InterfaceRow>
        queryKey="interfaces"
        testId="interface-page"
        rowKey="F_Id"
        rowTestId={(r) => `iface-row-${r.F_Code}`}
        keywordPlaceholder={t('iface.keyword')}
        fetch={(q) => interfaceApi.list(q)}
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: P.interfaceAdd,
            testId: 'iface-add',
            onClick: () => setEditing({ id: null, values: { F_Method: 'GET', F_TimeoutMs: 5000, F_Headers: [] } }),
          },
        ]}
        columns={[
          { title: t('iface.code'), dataIndex: 'F_Code' },
          { title: t('iface.name'), dataIndex: 'F_Name' },
          { title: t('iface.method'), dataIndex: 'F_Method', width: 90, render: (v: string) => <Tag color={METHOD_COLORS[v]}>{v}</Tag> },
          {
            title: t('iface.url'),
            dataIndex: 'F_Url',
            ellipsis: true,
            width: 320,
            render: (v: string) => <Typography.Text style={{ ...mono, fontSize: 12 }}>{v}</Typography.Text>,
          },
          { title: t('iface.responsePath'), dataIndex: 'F_ResponsePath' },
          { title: t('iface.timeout'), dataIndex: 'F_TimeoutMs', render: (v: number) => `${v} ms` },
          { title: t('common:description'), dataIndex: 'F_Description', ellipsis: true },
          {
            title: t('common:actions'),
            key: 'a',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                actions={[
                  { key: 'test', label: t('iface.test'), hidden: !can.test, testId: `iface-test-${r.F_Code}`, onClick: () => setTesting(r) },
                  {
                    key: 'edit',
                    label: t('common:edit'),
                    hidden: !can.edit,
                    testId: `iface-edit-${r.F_Code}`,
                    onClick: () => setEditing({ id: r.F_Id, values: r }),
                  },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `iface-delete-${r.F_Code}`,
                    onClick: () => confirmDelete(r.F_Name, () => interfaceApi.remove(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<InterfaceBody>
        open={!!editing}
        width={820}
        title={editing?.id ? t('iface.edit') : t('iface.add')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        testId="iface-form"
        onSubmit={async (v) => {
          const body: InterfaceBody = {
            ...v,
            F_Headers: v.F_Headers ?? [],
            F_BodyTemplate: v.F_BodyTemplate ?? '',
            F_ResponsePath: v.F_ResponsePath ?? '',
            F_Description: v.F_Description ?? '',
          };
          if (editing?.id) await interfaceApi.update(editing.id, body);
          else await interfaceApi.add(body);
          await refresh();
        }}
      >
        <Form.Item name="F_Code" label={t('iface.code')} rules={rules('F_Code', t('iface.code'), { messages: { pattern: t('source.codePattern') } })}>
          <Input maxLength={50} data-testid="iface-code" />
        </Form.Item>
        <Form.Item name="F_Name" label={t('iface.name')} rules={rules('F_Name', t('iface.name'))}>
          <Input maxLength={100} data-testid="iface-name" />
        </Form.Item>
        <Form.Item label={t('iface.url')} required style={{ marginBottom: 0 }}>
          <Space.Compact block>
            <Form.Item name="F_Method" rules={rules('F_Method', t('iface.method'))}>
              <Select style={{ width: 110 }} options={interfaceMethods.map((m) => ({ value: m, label: m }))} data-testid="iface-method" />
            </Form.Item>
            <Form.Item
              name="F_Url"
              rules={rules('F_Url', t('iface.url'), { messages: { pattern: t('iface.urlPattern') } })}
              style={{ flex: 1 }}
              extra={t('iface.urlHelp', { ph: '{{name}}' })}
            >
              <Input maxLength={2000} placeholder="https://example.com/api/items?code={{code}}" data-testid="iface-url" style={mono} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('iface.headers')}>
          <Form.List name="F_Headers">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((f) => (
                  <Flex key={f.key} gap={8} align="flex-start">
                    <Form.Item
                      name={[f.name, 'name']}
                      rules={headerRules('name', t('iface.headerName'), { messages: { pattern: t('iface.headerPattern') } })}
                      style={{ margin: 0, width: 220 }}
                    >
                      <Input placeholder={t('iface.headerName')} data-testid={`iface-header-name-${f.name}`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'value']} rules={headerRules('value', t('iface.headerValue'))} style={{ margin: 0, flex: 1 }}>
                      <Input placeholder={t('iface.headerValue')} maxLength={4000} data-testid={`iface-header-value-${f.name}`} />
                    </Form.Item>
                    <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common:delete')} />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', value: '' })}
                  style={{ width: 160 }}
                  data-testid="iface-header-add"
                >
                  {t('iface.addHeader')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item
          name="F_BodyTemplate"
          label={t('iface.body')}
          rules={rules('F_BodyTemplate', t('iface.body'))}
          extra={t('iface.bodyHelp', { ph: '{{name}}' })}
        >
          <Input.TextArea rows={5} maxLength={100_000} spellCheck={false} style={mono} placeholder={'{ "code": "{{code}}" }'} data-testid="iface-body" />
        </Form.Item>
        <Form.Item
          name="F_ResponsePath"
          label={t('iface.responsePath')}
          rules={rules('F_ResponsePath', t('iface.responsePath'))}
          extra={t('iface.responsePathHelp')}
        >
          <Input maxLength={200} placeholder="data.items.0.name" data-testid="iface-path" style={mono} />
        </Form.Item>
        <Form.Item name="F_TimeoutMs" label={t('iface.timeout')}>
          <InputNumber min={100} max={INTERFACE_MAX_TIMEOUT_MS} step={500} suffix="ms" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="F_Description" label={t('common:description')} rules={rules('F_Description', t('common:description'))}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormModal>
      <Modal
        open={!!testing}
        title={testing ? t('iface.testTitle', { name: testing.F_Name }) : ''}
        width={860}
        footer={null}
        onCancel={() => setTesting(null)}
        destroyOnHidden
      >
        {testing && <InterfaceTest row={testing} />}
      </Modal>
    </>
  );
}

function InterfaceTest({ row }: { row: InterfaceRow }) {
  const { t } = useTranslation('data');
  const [params, setParams] = useState(() => JSON.stringify(Object.fromEntries(templateParams(row).map((n) => [n, ''])), null, 2));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<InterfaceCallResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    let values: unknown;
    try {
      values = params.trim() ? JSON.parse(params) : {};
      if (!values || typeof values !== 'object' || Array.isArray(values)) throw new Error();
    } catch {
      setError(t('iface.paramsInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await interfaceApi.test(row.F_Id, values));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const ok = result && result.status >= 200 && result.status < 300;
  return (
    <Flex vertical gap={12} data-testid="iface-tester">
      <Typography.Text style={{ ...mono, fontSize: 12 }}>
        <Tag color={METHOD_COLORS[row.F_Method]}>{row.F_Method}</Tag>
        {row.F_Url}
      </Typography.Text>
      <div>
        <Typography.Text type="secondary">{t('iface.params')}</Typography.Text>
        <Input.TextArea value={params} onChange={(e) => setParams(e.target.value)} rows={4} spellCheck={false} style={mono} data-testid="iface-test-params" />
      </div>
      <div>
        <Button type="primary" icon={<SendOutlined />} loading={busy} onClick={() => void send()} data-testid="iface-test-send">
          {t('iface.send')}
        </Button>
      </div>
      {error && <Alert type="error" showIcon title={error} data-testid="iface-test-error" />}
      {result && (
        <>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('iface.status')}>
              <Tag color={ok ? 'green' : 'red'} data-testid="iface-test-status">
                {result.status}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('iface.duration')}>
              <span data-testid="iface-test-duration">{result.durationMs} ms</span>
            </Descriptions.Item>
          </Descriptions>
          {result.truncated && <Alert type="warning" showIcon title={t('iface.truncated')} />}
          <div>
            <Typography.Text strong>{row.F_ResponsePath ? t('iface.valueAt', { path: row.F_ResponsePath }) : t('iface.value')}</Typography.Text>
            <JsonBlock value={result.value} testId="iface-test-value" />
          </div>
          <div>
            <Typography.Text strong>{t('iface.responseBody')}</Typography.Text>
            <JsonBlock value={result.body} testId="iface-test-body" />
          </div>
        </>
      )}
    </Flex>
  );
}
