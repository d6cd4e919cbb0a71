import { useState } from 'react';
import { Alert, Button, Col, Empty, Flex, Form, Input, Modal, Row, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataSource, DataSourceBody } from '@app/contracts';
import { dataSourceBody, dataSourceParam } from '@app/contracts';
import { dataSourceApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { dataPermissions as P } from './permissions';
import { ResultGrid, errorMessage, mono, useLinks } from './shared';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';

export default function DataSourcePage() {
  const { t } = useTranslation('data');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const can = { edit: usePermission(P.dataSourceEdit), del: usePermission(P.dataSourceDelete) };
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<DataSourceBody> } | null>(null);
  const [previewing, setPreviewing] = useState<DataSource | null>(null);
  const links = useLinks();
  const linkName = (id: string) => links.data?.find((l) => l.F_Id === id)?.F_DBAlias ?? id;
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'data-sources'] });
  const rules = useZodRules(dataSourceBody);
  const paramRules = useZodRules(dataSourceParam);
  const namePattern = { messages: { pattern: t('design.namePattern') } };
  return (
    <>
      <ListPage<DataSource>
        queryKey="data-sources"
        testId="data-source-page"
        rowKey="F_Id"
        rowTestId={(r) => `source-row-${r.F_Code}`}
        keywordPlaceholder={t('source.keyword')}
        fetch={(q) => dataSourceApi.list(q)}
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: P.dataSourceAdd,
            testId: 'source-add',
            onClick: () => setEditing({ id: null, values: { F_DbId: 'local', F_Params: [] } }),
          },
        ]}
        columns={[
          { title: t('source.code'), dataIndex: 'F_Code' },
          { title: t('source.name'), dataIndex: 'F_Name' },
          { title: t('source.link'), dataIndex: 'F_DbId', render: (v: string) => linkName(v) },
          {
            title: t('source.sql'),
            dataIndex: 'F_Sql',
            ellipsis: true,
            width: 320,
            render: (v: string) => <Typography.Text style={{ ...mono, fontSize: 12 }}>{v}</Typography.Text>,
          },
          { title: t('source.params'), dataIndex: 'F_Params', render: (ps: DataSource['F_Params']) => ps.map((p) => <Tag key={p.name}>@{p.name}</Tag>) },
          { title: t('source.tree'), key: 'tree', render: (_, r) => (r.F_IdField && r.F_ParentField ? `${r.F_IdField} / ${r.F_ParentField}` : '') },
          { title: t('common:description'), dataIndex: 'F_Description', ellipsis: true },
          {
            title: t('common:actions'),
            key: 'a',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                actions={[
                  { key: 'preview', label: t('source.preview'), testId: `source-preview-${r.F_Code}`, onClick: () => setPreviewing(r) },
                  {
                    key: 'edit',
                    label: t('common:edit'),
                    hidden: !can.edit,
                    testId: `source-edit-${r.F_Code}`,
                    onClick: () => setEditing({ id: r.F_Id, values: r }),
                  },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `source-delete-${r.F_Code}`,
                    onClick: () => confirmDelete(r.F_Name, () => dataSourceApi.remove(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<DataSourceBody>
        open={!!editing}
        width={860}
        title={editing?.id ? t('source.edit') : t('source.add')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        testId="source-form"
        onSubmit={async (v) => {
          const body: DataSourceBody = {
            ...v,
            F_Params: v.F_Params ?? [],
            F_IdField: v.F_IdField ?? '',
            F_ParentField: v.F_ParentField ?? '',
            F_Description: v.F_Description ?? '',
          };
          if (editing?.id) await dataSourceApi.update(editing.id, body);
          else await dataSourceApi.add(body);
          await refresh();
        }}
      >
        <Form.Item name="F_Code" label={t('source.code')} rules={rules('F_Code', t('source.code'), { messages: { pattern: t('source.codePattern') } })}>
          <Input maxLength={50} data-testid="source-code" />
        </Form.Item>
        <Form.Item name="F_Name" label={t('source.name')} rules={rules('F_Name', t('source.name'))}>
          <Input maxLength={100} data-testid="source-name" />
        </Form.Item>
        <Form.Item name="F_DbId" label={t('source.link')} rules={rules('F_DbId', t('source.link'))}>
          <Select loading={links.isFetching} data-testid="source-link" options={(links.data ?? []).map((l) => ({ value: l.F_Id, label: l.F_DBAlias }))} />
        </Form.Item>
        <Form.Item name="F_Sql" label={t('source.sql')} rules={rules('F_Sql', t('source.sql'))} extra={t('source.sqlHelp')}>
          <Input.TextArea rows={6} maxLength={20_000} spellCheck={false} style={mono} data-testid="source-sql" />
        </Form.Item>
        <Form.Item label={t('source.params')}>
          <Form.List name="F_Params">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((f) => (
                  <Flex key={f.key} gap={8} align="flex-start">
                    <Form.Item name={[f.name, 'name']} rules={paramRules('name', t('source.paramName'), namePattern)} style={{ margin: 0, flex: 1 }}>
                      <Input prefix="@" placeholder={t('source.paramName')} data-testid={`source-param-name-${f.name}`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'label']} rules={paramRules('label', t('source.paramLabel'))} style={{ margin: 0, flex: 1 }}>
                      <Input placeholder={t('source.paramLabel')} maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'defaultValue']} rules={paramRules('defaultValue', t('source.paramDefault'))} style={{ margin: 0, flex: 1 }}>
                      <Input placeholder={t('source.paramDefault')} maxLength={1000} data-testid={`source-param-default-${f.name}`} />
                    </Form.Item>
                    <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common:delete')} />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', label: '', defaultValue: '' })}
                  data-testid="source-param-add"
                  style={{ width: 160 }}
                >
                  {t('source.addParam')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item label={t('source.tree')} tooltip={t('source.treeHelp')} style={{ marginBottom: 0 }}>
          <Row gutter={8}>
            <Col span={12}>
              <Form.Item name="F_IdField" rules={rules('F_IdField', t('source.idField'), namePattern)}>
                <Input placeholder={t('source.idField')} maxLength={63} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="F_ParentField" rules={rules('F_ParentField', t('source.parentField'), namePattern)}>
                <Input placeholder={t('source.parentField')} maxLength={63} />
              </Form.Item>
            </Col>
          </Row>
        </Form.Item>
        <Form.Item name="F_Description" label={t('common:description')} rules={rules('F_Description', t('common:description'))}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormModal>
      <Modal
        open={!!previewing}
        title={previewing ? t('source.previewTitle', { name: previewing.F_Name }) : ''}
        width={1100}
        footer={null}
        onCancel={() => setPreviewing(null)}
        destroyOnHidden
      >
        {previewing && <SourcePreview source={previewing} />}
      </Modal>
    </>
  );
}

interface Applied {
  params: Record<string, string>;
  field?: string;
  keyword?: string;
  limit: number;
  size: number;
}

/** Runs the saved query with the given parameter values; a keyword filters one result column on the server. */
function SourcePreview({ source }: { source: DataSource }) {
  const { t } = useTranslation('data');
  const defaults = Object.fromEntries(source.F_Params.map((p) => [p.name, p.defaultValue]));
  const [params, setParams] = useState<Record<string, string>>(defaults);
  const [field, setField] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState<Applied>({ params: defaults, limit: 1, size: 20 });
  const isTree = !!source.F_IdField && !!source.F_ParentField;
  const data = useQuery({
    queryKey: ['data-source-preview', source.F_Id, applied],
    queryFn: () =>
      dataSourceApi.data(source.F_Id, {
        limit: applied.limit,
        size: applied.size,
        params: JSON.stringify(applied.params),
        field: applied.keyword ? applied.field : undefined,
        keyword: applied.field ? applied.keyword : undefined,
      }),
    placeholderData: keepPreviousData,
  });
  const tree = useQuery({
    queryKey: ['data-source-tree', source.F_Id, applied.params],
    queryFn: () => dataSourceApi.tree(source.F_Id, JSON.stringify(applied.params)),
    enabled: isTree,
  });
  const fields = data.data?.fields.map((f) => f.name) ?? [];
  const apply = () => setApplied((a) => ({ ...a, params, field, keyword: keyword.trim() || undefined, limit: 1 }));
  const grid = (
    <>
      {data.error && <Alert type="error" showIcon title={errorMessage(data.error)} data-testid="source-preview-error" style={{ marginBottom: 8 }} />}
      {data.data && (
        <Typography.Text type="secondary" data-testid="source-preview-stats">
          {t('source.stats', { total: data.data.Total, ms: data.data.durationMs })}
        </Typography.Text>
      )}
      <ResultGrid
        testId="source-preview-grid"
        fields={fields}
        rows={data.data?.Rows ?? []}
        loading={data.isFetching}
        pagination={{
          current: applied.limit,
          pageSize: applied.size,
          total: data.data?.Total ?? 0,
          showSizeChanger: true,
          size: 'small',
          onChange: (limit, size) => setApplied((a) => ({ ...a, limit: size !== a.size ? 1 : limit, size })),
        }}
      />
    </>
  );
  return (
    <Flex vertical gap={12} data-testid="source-preview">
      <Flex gap={8} wrap align="center">
        {source.F_Params.map((p) => (
          <Space.Compact key={p.name}>
            <Space.Addon>{p.label || `@${p.name}`}</Space.Addon>
            <Input
              value={params[p.name] ?? ''}
              onChange={(e) => setParams((v) => ({ ...v, [p.name]: e.target.value }))}
              onPressEnter={apply}
              style={{ width: 160 }}
              data-testid={`preview-param-${p.name}`}
            />
          </Space.Compact>
        ))}
        <Space.Compact>
          <Select
            allowClear
            placeholder={t('source.searchField')}
            value={field}
            onChange={setField}
            options={fields.map((f) => ({ value: f, label: f }))}
            style={{ width: 160 }}
            data-testid="preview-field"
          />
          <Input
            placeholder={t('source.searchKeyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={apply}
            style={{ width: 180 }}
            data-testid="preview-keyword"
          />
        </Space.Compact>
        <Button type="primary" icon={<SearchOutlined />} onClick={apply} data-testid="preview-run">
          {t('source.run')}
        </Button>
      </Flex>
      {isTree ? (
        <Tabs
          items={[
            { key: 'grid', label: t('source.grid'), children: grid },
            {
              key: 'tree',
              label: t('source.treeView'),
              children: tree.error ? (
                <Alert type="error" showIcon title={errorMessage(tree.error)} />
              ) : !tree.data ? (
                <Spin />
              ) : !tree.data.length ? (
                <Empty />
              ) : (
                // Keyed by the answer so each new tree opens fully expanded.
                <ResultGrid
                  key={tree.dataUpdatedAt}
                  testId="source-preview-tree"
                  tree
                  fields={fields}
                  rows={tree.data as unknown as Record<string, unknown>[]}
                />
              ),
            },
          ]}
        />
      ) : (
        grid
      )}
    </Flex>
  );
}
