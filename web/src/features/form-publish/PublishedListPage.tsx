import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Grid, Result, Spin, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type FormField, type ListButton, type PublishedPageInfo } from '@app/contracts';
import { ApiError } from '../../lib/api';
import { useMenu } from '../../app/shell/menu-data';
import { leaves } from '../../app/shell/menu-utils';
import { ListPage, type ToolbarButton } from '../../components/ListPage';
import { useDeleteConfirm } from '../../components/crud';
import { useDisplayText } from '../../components/form-renderer';
import { PrintDialog } from '../form-print/PrintDialog';
import { pageInfoKey, publishedApi, type PublishedRow } from './api';
import { isSystemField, listFields } from './fields';
import { ImportDialog } from './ImportDialog';
import { relationIdOf } from './paths';
import { QueryFields, querySpecs, queryRuntime, toQueryParam } from './QueryBar';
import { RecordModal, type RecordTarget } from './RecordModal';

/**
 * A published form's page (docs/form-publishing-design.md "Published list"): `/form-publish/<relationId>/index`.
 * Everything on it comes from GET …/page-info — the query bar from the query fields, the table from the columns
 * (server paging and sorting), the toolbar and row actions from the buttons, already cut to the caller's grants.
 */
export default function PublishedListPage() {
  const { t } = useTranslation('formPublish');
  const { pathname } = useLocation();
  const relationId = relationIdOf(pathname) ?? '';
  const info = useQuery({ queryKey: pageInfoKey(relationId), queryFn: () => publishedApi.pageInfo(relationId), enabled: !!relationId });

  useMenuWithPage(info.data?.F_ModuleId);

  if (!relationId) return <Result status="404" title={t('notFound')} data-testid="published-error" />;
  if (info.error) {
    const err = info.error;
    const behaviour = err instanceof ApiError ? err.behaviour : 'show';
    const status = behaviour === 'notFound' ? '404' : behaviour === 'forbidden' ? '403' : 'error';
    return <Result status={status} title={status === '404' ? t('notFound') : t('loadFailed')} subTitle={err.message} data-testid="published-error" />;
  }
  if (!info.data) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  // Another published page reuses this route's component: its list starts afresh.
  return <PublishedList key={relationId} relationId={relationId} info={info.data} />;
}

/**
 * A page published after the menu was loaded is not in it yet, so its tab would be titled by the route: the menu is
 * asked again, once per page, and then names the tab.
 */
function useMenuWithPage(moduleId: string | undefined) {
  const qc = useQueryClient();
  const { menu, isSuccess } = useMenu();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!moduleId || !isSuccess || asked.current === moduleId) return;
    if (leaves(menu).some((entry) => entry.F_ModuleId === moduleId)) return;
    asked.current = moduleId;
    void qc.invalidateQueries({ queryKey: ['menu'] });
  }, [moduleId, isSuccess, menu, qc]);
}

const ROW_BUTTONS: readonly ListButton[] = ['edit', 'view', 'delete', 'print'];

function PublishedList({ relationId, info }: { relationId: string; info: PublishedPageInfo }) {
  const { t } = useTranslation('formPublish');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const { form, setting } = info;
  const [record, setRecord] = useState<RecordTarget | null>(null);
  const [importing, setImporting] = useState(false);
  const [printing, setPrinting] = useState<string | null>(null);
  // Narrow screens: icon-only row actions, so the fixed action column leaves room for the data.
  const narrow = Grid.useBreakpoint().md === false;

  const fields = useMemo(() => listFields(form.F_Scheme.data, (name) => t(name === 'F_CreateDate' ? 'createDate' : 'modifyDate')), [form.F_Scheme.data, t]);
  const source = useMemo(() => ({ schemeId: form.F_Id, versionId: form.F_SchemeId }), [form.F_Id, form.F_SchemeId]);
  const specs = useMemo(() => querySpecs(setting, fields), [setting, fields]);
  const runtime = useMemo(() => queryRuntime(form.F_Scheme, source), [form.F_Scheme, source]);
  const columnFields = useMemo(
    () => setting.columns.flatMap((c) => (fields.has(c.field) && !isSystemField(c.field) ? [fields.get(c.field)!] : [])),
    [setting.columns, fields],
  );
  const displayText = useDisplayText(columnFields, source);

  const has = (b: ListButton) => setting.buttons.includes(b);
  const listKey = `published-${relationId}`;
  const refresh = () => void qc.invalidateQueries({ queryKey: ['list', listKey] });

  // System columns are shown as stored; form fields as people read them (option labels, names…).
  const cellText = (name: string, value: unknown): string => {
    const field: FormField | undefined = fields.get(name);
    if (field && !isSystemField(name)) return displayText(field, value);
    return value === null || value === undefined ? '' : String(value);
  };
  const columns: TableColumnsType<PublishedRow> = setting.columns.map((c) => {
    const field: FormField | undefined = fields.get(c.field);
    return {
      key: c.field,
      dataIndex: c.field,
      title: c.label || field?.__config__.label || c.field,
      width: c.width,
      align: c.align,
      sorter: c.sortable,
      render: (value: unknown) => cellText(c.field, value),
    };
  });
  const rowButtons = ROW_BUTTONS.filter(has);
  if (rowButtons.length > 0) {
    const action = (b: ListButton, row: PublishedRow) => {
      if (b === 'edit') setRecord({ mode: 'edit', keyValue: row.F_Id });
      else if (b === 'view') setRecord({ mode: 'look', keyValue: row.F_Id });
      else if (b === 'print') setPrinting(row.F_Id);
      else {
        const first = setting.columns[0];
        const name = first ? cellText(first.field, row[first.field]) : '';
        confirmDelete(name || row.F_Id, () => publishedApi.remove(relationId, row.F_Id), refresh);
      }
    };
    const icons: Partial<Record<ListButton, React.ReactNode>> = {
      edit: <EditOutlined />,
      view: <EyeOutlined />,
      delete: <DeleteOutlined />,
      print: <PrinterOutlined />,
    };
    columns.push({
      key: '__actions',
      title: t('common:actions'),
      fixed: 'right',
      width: rowButtons.length * (narrow ? 32 : 64),
      render: (_: unknown, row: PublishedRow) => (
        <Flex gap={0} wrap={false}>
          {rowButtons.map((b) => (
            <Button
              key={b}
              type="link"
              size="small"
              danger={b === 'delete'}
              icon={icons[b]}
              title={t(b)}
              aria-label={t(b)}
              onClick={() => action(b, row)}
              data-testid={`row-${b}-${row.F_Id}`}
              style={{ paddingInline: 4 }}
            >
              {narrow ? null : t(b)}
            </Button>
          ))}
        </Flex>
      ),
    });
  }

  const toolbar: ToolbarButton[] = [];
  if (has('add')) toolbar.push({ key: 'add', label: t('add'), primary: true, onClick: () => setRecord({ mode: 'add' }) });
  if (has('export'))
    toolbar.push({ key: 'export', label: t('export'), onClick: (q) => publishedApi.exportList(relationId, q, `${info.F_Name}.xlsx`).catch(() => undefined) });
  if (has('import')) toolbar.push({ key: 'import', label: t('import'), onClick: () => setImporting(true) });

  return (
    <div data-testid="published-page">
      <ListPage<PublishedRow>
        queryKey={listKey}
        fetch={(q) => publishedApi.list(relationId, q)}
        columns={columns}
        rowKey="F_Id"
        keyword={false}
        filters={<QueryFields specs={specs} runtime={runtime} />}
        toQuery={(values) => ({ query: toQueryParam(specs, values) })}
        serverSort
        searchTestId="published-search"
        resetTestId="published-reset"
        toolbar={toolbar}
        pageSize={setting.pageSize}
        rowTestId={(row) => `published-row-${row.F_Id}`}
      />
      <RecordModal relationId={relationId} form={form} target={record} onClose={() => setRecord(null)} onSaved={refresh} />
      {has('import') && <ImportDialog open={importing} relationId={relationId} name={info.F_Name} onClose={() => setImporting(false)} onImported={refresh} />}
      {printing && <PrintDialog open relationId={relationId} keyValue={printing} onClose={() => setPrinting(null)} />}
    </div>
  );
}
