import { useState } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Flex, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tooltip } from 'antd';
import { DeleteOutlined, FolderOpenOutlined, PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { columnDataTypes, type ColumnDataType, type DatabaseLinkRow, type FieldRow, type ReleaseResult, type TableDesign } from '@app/contracts';
import { databaseDraftApi, databaseFieldApi, databaseLinkApi } from './api';
import { useDeleteConfirm } from '../../components/crud';
import { errorMessage } from './shared';

const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

interface ColumnForm {
  name: string;
  dataType: ColumnDataType;
  length?: number | null;
  precision?: number | null;
  scale?: number | null;
  nullable?: boolean;
  primaryKey?: boolean;
  identity?: boolean;
  /** Typed as text; turned into a number or boolean for numeric and boolean columns when saved. */
  defaultValue?: string;
  comment?: string;
}
interface IndexForm {
  name: string;
  columns: string[];
  unique?: boolean;
}
export interface DesignForm {
  tableName: string;
  comment?: string;
  columns: ColumnForm[];
  indexes: IndexForm[];
}

const NUMERIC: ColumnDataType[] = ['int', 'bigint', 'decimal'];

export function toDesign(v: DesignForm): TableDesign {
  return {
    tableName: v.tableName.trim(),
    comment: v.comment ?? '',
    columns: (v.columns ?? []).map((c) => {
      const text = (c.defaultValue ?? '').trim();
      let defaultValue: string | number | boolean | null = text === '' ? null : (c.defaultValue ?? '');
      if (text !== '' && NUMERIC.includes(c.dataType) && !Number.isNaN(Number(text))) defaultValue = Number(text);
      if (c.dataType === 'boolean' && /^(true|false)$/i.test(text)) defaultValue = text.toLowerCase() === 'true';
      return {
        name: c.name.trim(),
        dataType: c.dataType,
        length: c.dataType === 'varchar' ? (c.length ?? null) : null,
        precision: c.dataType === 'decimal' ? (c.precision ?? null) : null,
        scale: c.dataType === 'decimal' ? (c.scale ?? null) : null,
        nullable: !!c.nullable && !c.primaryKey,
        primaryKey: !!c.primaryKey,
        identity: !!c.identity,
        defaultValue,
        comment: c.comment ?? '',
      };
    }),
    indexes: (v.indexes ?? []).map((i) => ({ name: i.name.trim(), columns: i.columns ?? [], unique: !!i.unique })),
  };
}

export function fromDesign(d: TableDesign): DesignForm {
  return {
    tableName: d.tableName,
    comment: d.comment,
    columns: d.columns.map((c) => ({ ...c, defaultValue: c.defaultValue === null || c.defaultValue === undefined ? '' : String(c.defaultValue) })),
    indexes: d.indexes.map((i) => ({ ...i })),
  };
}

const partsOf = (d: TableDesign) => ({ columns: d.columns.map((c) => c.name), indexes: d.indexes.map((i) => i.name) });

const newDesign = (): DesignForm => ({
  tableName: '',
  comment: '',
  columns: [{ name: 'F_Id', dataType: 'varchar', length: 64, nullable: false, primaryKey: true, identity: false, defaultValue: '', comment: '主键' }],
  indexes: [],
});

export function TableDesigner({ link, onClose }: { link: DatabaseLinkRow | null; onClose: () => void }) {
  const { t } = useTranslation('data');
  return (
    <Drawer open={!!link} onClose={onClose} size="92%" title={link ? t('design.title', { name: link.F_DBAlias }) : ''} destroyOnHidden>
      {link && <Designer linkId={link.F_Id} />}
    </Drawer>
  );
}

export function Designer({ linkId }: { linkId: string }) {
  const { t } = useTranslation('data');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<DesignForm>();
  // What is already in the database: a release never changes it, so those rows are read-only here.
  const [released, setReleased] = useState<{ columns: string[]; indexes: string[] } | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const columns = Form.useWatch('columns', form) ?? [];
  const tableName = Form.useWatch('tableName', form);
  const confirmDelete = useDeleteConfirm();
  const drafts = useQuery({ queryKey: ['design-drafts', linkId], queryFn: () => databaseDraftApi.list(linkId) });
  const tables = useQuery({
    queryKey: ['design-tables', linkId],
    queryFn: () => databaseLinkApi.tables(linkId),
  });

  const load = (design: TableDesign, releasedParts: { columns: string[]; indexes: string[] } | null) => {
    form.setFieldsValue(fromDesign(design));
    setReleased(releasedParts);
    setOutcome(null);
  };
  const open = async (value: string) => {
    const [kind, name] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
    try {
      if (kind === 'draft') {
        const draft = drafts.data?.find((d) => d.F_TableName === name);
        if (draft) load(draft.F_Design, await releasedPartsOf(name));
        return;
      }
      const table = await databaseLinkApi.released(linkId, name);
      load(table.F_Design, partsOf(table.F_Design));
    } catch (e) {
      setOutcome({ ok: false, text: errorMessage(e) });
    }
  };
  const releasedPartsOf = (name: string) =>
    databaseLinkApi.released(linkId, name).then(
      (r) => partsOf(r.F_Design),
      () => null,
    );
  const validDesign = async () => toDesign(await form.validateFields());
  const saveDraft = async () => {
    const design = await validDesign();
    setBusy(true);
    try {
      await databaseDraftApi.save(linkId, design);
      void message.success(t('design.draftSaved'));
      await drafts.refetch();
    } finally {
      setBusy(false);
    }
  };
  const release = async () => {
    const design = await validDesign();
    modal.confirm({
      title: t('design.releaseTitle', { name: design.tableName }),
      content: t('design.releaseConfirm'),
      okText: t('design.release'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'design-release-ok' } as Record<string, string>,
      onOk: async () => {
        try {
          const r = await databaseLinkApi.release(linkId, design);
          setOutcome({ ok: true, text: releaseText(r) });
          setReleased(partsOf(design));
          void message.success(t('design.released'));
          await Promise.all([tables.refetch(), drafts.refetch()]);
        } catch (e) {
          setOutcome({ ok: false, text: errorMessage(e) });
        }
      },
    });
  };
  const releaseText = (r: ReleaseResult) => {
    if (r.created) return t('design.created', { name: r.F_TableName });
    const parts = [
      ...(r.addedColumns.length ? [t('design.addedColumns', { names: r.addedColumns.join(', ') })] : []),
      ...(r.addedIndexes.length ? [t('design.addedIndexes', { names: r.addedIndexes.join(', ') })] : []),
    ];
    return parts.length ? t('design.altered', { name: r.F_TableName, parts: parts.join(t('design.sep')) }) : t('design.unchanged', { name: r.F_TableName });
  };
  const addFields = (rows: FieldRow[]) => {
    const current: ColumnForm[] = form.getFieldValue('columns') ?? [];
    const have = new Set(current.map((c) => c.name?.toLowerCase()));
    const added = rows
      .filter((r) => !have.has(r.F_FieldName.toLowerCase()))
      .map((r): ColumnForm => ({
        name: r.F_FieldName,
        dataType: r.F_DataType,
        length: r.F_Length,
        nullable: r.F_Nullable,
        primaryKey: false,
        identity: false,
        defaultValue: r.F_DefaultValue,
        comment: r.F_Remark,
      }));
    form.setFieldValue('columns', [...current, ...added]);
  };
  const columnNames = columns.map((c) => c?.name).filter((n): n is string => !!n && NAME_PATTERN.test(n));
  const isReleased = (i: number) => !!released && !!columns[i]?.name && released.columns.includes(columns[i].name);
  const indexes = Form.useWatch('indexes', form) ?? [];
  const isReleasedIndex = (i: number) => !!released && !!indexes[i]?.name && released.indexes.includes(indexes[i].name);
  const nameRules = (label: string) => [
    { required: true, message: t('common:required', { label }) },
    { pattern: NAME_PATTERN, message: t('design.namePattern') },
  ];

  return (
    <div data-testid="table-designer">
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Select
          showSearch
          value={null}
          placeholder={
            <>
              <FolderOpenOutlined /> {t('design.open')}
            </>
          }
          style={{ width: 300 }}
          data-testid="design-open"
          loading={drafts.isFetching || tables.isFetching}
          onChange={(v: string) => void open(v)}
          options={[
            { label: t('design.drafts'), options: (drafts.data ?? []).map((d) => ({ value: `draft:${d.F_TableName}`, label: d.F_TableName })) },
            {
              label: t('design.tables'),
              options: (tables.data ?? []).map((tb) => ({ value: `table:${tb.name}`, label: tb.comment ? `${tb.name} (${tb.comment})` : tb.name })),
            },
          ]}
        />
        <Button
          icon={<PlusOutlined />}
          onClick={() => {
            form.resetFields();
            setReleased(null);
            setOutcome(null);
          }}
        >
          {t('design.new')}
        </Button>
        <div style={{ flex: 1 }} />
        {!!tableName && drafts.data?.some((d) => d.F_TableName === tableName) && (
          <Button
            danger
            data-testid="design-delete-draft"
            onClick={() =>
              confirmDelete(
                t('design.draftName', { name: tableName }),
                () => databaseDraftApi.remove(linkId, tableName),
                () => drafts.refetch(),
              )
            }
          >
            {t('design.deleteDraft')}
          </Button>
        )}
        <Button loading={busy} onClick={() => void saveDraft().catch(() => undefined)} data-testid="design-save-draft">
          {t('design.saveDraft')}
        </Button>
        <Button type="primary" onClick={() => void release().catch(() => undefined)} data-testid="design-release">
          {t('design.release')}
        </Button>
      </Flex>
      {(tables.error ?? drafts.error) && <Alert type="error" showIcon title={errorMessage(tables.error ?? drafts.error)} style={{ marginBottom: 12 }} />}
      {outcome && (
        <Alert
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          closable={{ onClose: () => setOutcome(null) }}
          title={outcome.text}
          style={{ marginBottom: 12 }}
          data-testid="design-outcome"
        />
      )}
      {released && <Alert type="info" showIcon title={t('design.releasedHelp')} style={{ marginBottom: 12 }} />}
      <Form<DesignForm> form={form} initialValues={newDesign()} layout="vertical" component="div">
        <Flex gap={12}>
          <Form.Item name="tableName" label={t('design.tableName')} rules={nameRules(t('design.tableName'))} style={{ width: 300 }}>
            <Input maxLength={63} disabled={!!released} data-testid="design-table-name" />
          </Form.Item>
          <Form.Item name="comment" label={t('design.comment')} style={{ flex: 1 }}>
            <Input maxLength={500} />
          </Form.Item>
        </Flex>
        <Tabs
          items={[
            {
              key: 'columns',
              label: t('design.columns'),
              children: (
                <Form.List name="columns">
                  {(fields, { add, remove }) => (
                    <>
                      <Table
                        size="small"
                        bordered
                        rowKey="key"
                        dataSource={fields}
                        pagination={false}
                        scroll={{ x: 'max-content' }}
                        data-testid="design-columns"
                        columns={[
                          {
                            title: t('design.column.name'),
                            key: 'name',
                            width: 200,
                            render: (_, f) => (
                              <Form.Item name={[f.name, 'name']} rules={nameRules(t('design.column.name'))} style={{ margin: 0 }}>
                                <Input maxLength={63} disabled={isReleased(f.name)} data-testid={`design-col-name-${f.name}`} />
                              </Form.Item>
                            ),
                          },
                          {
                            title: t('design.column.type'),
                            key: 'type',
                            width: 130,
                            render: (_, f) => (
                              <Form.Item
                                name={[f.name, 'dataType']}
                                rules={[{ required: true, message: t('common:required', { label: t('design.column.type') }) }]}
                                style={{ margin: 0 }}
                              >
                                <Select
                                  disabled={isReleased(f.name)}
                                  options={columnDataTypes.map((d) => ({ value: d, label: d }))}
                                  data-testid={`design-col-type-${f.name}`}
                                />
                              </Form.Item>
                            ),
                          },
                          {
                            title: t('design.column.length'),
                            key: 'length',
                            width: 180,
                            render: (_, f) => {
                              const type = columns[f.name]?.dataType;
                              if (type === 'decimal')
                                return (
                                  <Space.Compact>
                                    <Form.Item name={[f.name, 'precision']} noStyle>
                                      <InputNumber min={1} max={38} placeholder="18" disabled={isReleased(f.name)} style={{ width: 80 }} />
                                    </Form.Item>
                                    <Form.Item name={[f.name, 'scale']} noStyle>
                                      <InputNumber min={0} max={38} placeholder="2" disabled={isReleased(f.name)} style={{ width: 70 }} />
                                    </Form.Item>
                                  </Space.Compact>
                                );
                              return (
                                <Form.Item name={[f.name, 'length']} noStyle>
                                  <InputNumber
                                    min={1}
                                    max={4000}
                                    placeholder={type === 'varchar' ? '255' : ''}
                                    disabled={type !== 'varchar' || isReleased(f.name)}
                                    style={{ width: 100 }}
                                  />
                                </Form.Item>
                              );
                            },
                          },
                          ...(['nullable', 'primaryKey', 'identity'] as const).map((k) => ({
                            title: t(`design.column.${k}`),
                            key: k,
                            width: 70,
                            align: 'center' as const,
                            render: (_: unknown, f: { name: number }) => (
                              <Form.Item name={[f.name, k]} valuePropName="checked" noStyle>
                                <Checkbox
                                  disabled={isReleased(f.name) || (k === 'identity' && !['int', 'bigint'].includes(columns[f.name]?.dataType ?? ''))}
                                  data-testid={`design-col-${k}-${f.name}`}
                                />
                              </Form.Item>
                            ),
                          })),
                          {
                            title: <Tooltip title={t('design.column.defaultHelp')}>{t('design.column.default')}</Tooltip>,
                            key: 'default',
                            width: 160,
                            render: (_, f) => (
                              <Form.Item name={[f.name, 'defaultValue']} noStyle>
                                <Input maxLength={4000} disabled={isReleased(f.name) || !!columns[f.name]?.identity} />
                              </Form.Item>
                            ),
                          },
                          {
                            title: t('design.column.comment'),
                            key: 'comment',
                            width: 200,
                            render: (_, f) => (
                              <Form.Item name={[f.name, 'comment']} noStyle>
                                <Input maxLength={500} disabled={isReleased(f.name)} />
                              </Form.Item>
                            ),
                          },
                          {
                            key: 'x',
                            width: 48,
                            render: (_, f) => (
                              <Button
                                type="text"
                                danger
                                size="small"
                                icon={<DeleteOutlined />}
                                disabled={isReleased(f.name)}
                                onClick={() => remove(f.name)}
                                aria-label={t('common:delete')}
                              />
                            ),
                          },
                        ]}
                      />
                      <Space style={{ marginTop: 8 }}>
                        <Button
                          icon={<PlusOutlined />}
                          data-testid="design-add-column"
                          onClick={() =>
                            add({
                              name: '',
                              dataType: 'varchar',
                              length: 255,
                              nullable: true,
                              primaryKey: false,
                              identity: false,
                              defaultValue: '',
                              comment: '',
                            })
                          }
                        >
                          {t('design.addColumn')}
                        </Button>
                        <Button icon={<ProfileOutlined />} data-testid="design-pick-fields" onClick={() => setPicking(true)}>
                          {t('design.fromFields')}
                        </Button>
                      </Space>
                    </>
                  )}
                </Form.List>
              ),
            },
            {
              key: 'indexes',
              label: t('design.indexes'),
              forceRender: true,
              children: (
                <Form.List name="indexes">
                  {(fields, { add, remove }) => (
                    <>
                      <Table
                        size="small"
                        bordered
                        rowKey="key"
                        dataSource={fields}
                        pagination={false}
                        data-testid="design-indexes"
                        columns={[
                          {
                            title: t('design.index.name'),
                            key: 'name',
                            width: 220,
                            render: (_, f) => (
                              <Form.Item name={[f.name, 'name']} rules={nameRules(t('design.index.name'))} style={{ margin: 0 }}>
                                <Input maxLength={63} disabled={isReleasedIndex(f.name)} />
                              </Form.Item>
                            ),
                          },
                          {
                            title: t('design.index.columns'),
                            key: 'columns',
                            render: (_, f) => (
                              <Form.Item
                                name={[f.name, 'columns']}
                                rules={[{ required: true, message: t('common:required', { label: t('design.index.columns') }) }]}
                                style={{ margin: 0 }}
                              >
                                <Select mode="multiple" disabled={isReleasedIndex(f.name)} options={columnNames.map((n) => ({ value: n, label: n }))} />
                              </Form.Item>
                            ),
                          },
                          {
                            title: t('design.index.unique'),
                            key: 'unique',
                            width: 70,
                            align: 'center',
                            render: (_, f) => (
                              <Form.Item name={[f.name, 'unique']} valuePropName="checked" noStyle>
                                <Checkbox disabled={isReleasedIndex(f.name)} />
                              </Form.Item>
                            ),
                          },
                          {
                            key: 'x',
                            width: 48,
                            render: (_, f) => (
                              <Button
                                type="text"
                                danger
                                size="small"
                                icon={<DeleteOutlined />}
                                disabled={isReleasedIndex(f.name)}
                                onClick={() => remove(f.name)}
                                aria-label={t('common:delete')}
                              />
                            ),
                          },
                        ]}
                      />
                      <Button
                        icon={<PlusOutlined />}
                        style={{ marginTop: 8 }}
                        data-testid="design-add-index"
                        onClick={() => add({ name: '', columns: [], unique: false })}
                      >
                        {t('design.addIndex')}
                      </Button>
                    </>
                  )}
                </Form.List>
              ),
            },
          ]}
        />
      </Form>
      <FieldPicker open={picking} onClose={() => setPicking(false)} onPick={addFields} />
    </div>
  );
}

/** Picks rows of the common-fields library to append as columns. */
function FieldPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (rows: FieldRow[]) => void }) {
  const { t } = useTranslation('data');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<FieldRow[]>([]);
  const list = useQuery({
    queryKey: ['database-field-picker', keyword, page],
    queryFn: () => databaseFieldApi.list({ limit: page, size: 10, keyword }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return (
    <Modal
      open={open}
      title={t('design.fromFields')}
      width={760}
      onCancel={onClose}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !selected.length, 'data-testid': 'field-picker-ok' } as { disabled: boolean }}
      onOk={() => {
        onPick(selected);
        setSelected([]);
        onClose();
      }}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={t('field.keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
      />
      <Table<FieldRow>
        size="small"
        rowKey="F_Id"
        data-testid="field-picker"
        loading={list.isFetching}
        dataSource={list.data?.Rows ?? []}
        rowSelection={{ selectedRowKeys: selected.map((s) => s.F_Id), preserveSelectedRowKeys: true, onChange: (_, rows) => setSelected(rows.filter(Boolean)) }}
        pagination={{ current: page, pageSize: 10, total: list.data?.Total ?? 0, onChange: setPage, size: 'small' }}
        columns={[
          { title: t('field.name'), dataIndex: 'F_FieldName' },
          { title: t('field.type'), dataIndex: 'F_DataType', render: (v: string, r) => (r.F_Length ? `${v}(${r.F_Length})` : v) },
          { title: t('field.default'), dataIndex: 'F_DefaultValue' },
          { title: t('field.remark'), dataIndex: 'F_Remark' },
        ]}
      />
    </Modal>
  );
}
