import { useState } from 'react';
import { App, Form, Select, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExcelExportDetail, ExcelExportRow, ExcelImportDetail, ExcelImportRow } from '@app/contracts';
import { ListPage, type ListQuery } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import { useDeleteConfirm } from '../../components/crud';
import { usePermission } from '../../lib/permission';
import { excelExportApi, excelImportApi } from './api';
import { excelExportPermissions, excelImportPermissions } from './permissions';
import { TemplateDialog, type TemplateKind } from './TemplateDialog';

type Row = ExcelImportRow | ExcelExportRow;

/** 导入模板 / 导出模板: the tenant's templates, their screen and data; add, edit, enable / disable, delete, download. */
export function TemplatesPage({ kind }: { kind: TemplateKind }) {
  const { t } = useTranslation('excelTemplate');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const P =
    kind === 'import'
      ? {
          add: excelImportPermissions.importAdd,
          edit: excelImportPermissions.importEdit,
          del: excelImportPermissions.importDelete,
          enable: excelImportPermissions.importEnable,
        }
      : {
          add: excelExportPermissions.exportAdd,
          edit: excelExportPermissions.exportEdit,
          del: excelExportPermissions.exportDelete,
          enable: excelExportPermissions.exportEnable,
        };
  const can = {
    edit: usePermission(P.edit),
    del: usePermission(P.del),
    enable: usePermission(P.enable),
    download: usePermission(excelImportPermissions.importDownload),
  };
  const api = kind === 'import' ? excelImportApi : excelExportApi;
  const listKey = `excel-${kind}`;
  const [editing, setEditing] = useState<{ detail: ExcelImportDetail | ExcelExportDetail | null } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', listKey] });
  const open = async (r: Row) => {
    try {
      setEditing({ detail: await api.detail(r.F_Id) });
    } catch {
      // Shown by the api client.
    }
  };
  const toggle = async (r: Row) => {
    try {
      if (r.F_EnabledMark) await api.stop(r.F_Id);
      else await api.start(r.F_Id);
      void message.success(t(r.F_EnabledMark ? 'stopped' : 'started'));
      await refresh();
    } catch {
      // Shown by the api client.
    }
  };
  return (
    <>
      <ListPage<Row>
        queryKey={listKey}
        testId={`excel-${kind}-list`}
        fetch={(q: ListQuery) => api.list(q)}
        rowKey="F_Id"
        rowTestId={(r) => `excel-row-${r.F_Name}`}
        toolbarExtras={false}
        filters={
          <Form.Item name="state">
            <Select
              allowClear
              placeholder={t('allStates')}
              style={{ width: 130 }}
              options={[
                { value: 1, label: t('enabled') },
                { value: 0, label: t('disabled') },
              ]}
              data-testid="excel-state-filter"
            />
          </Form.Item>
        }
        toolbar={[
          {
            key: 'add',
            label: t(kind === 'import' ? 'addImport' : 'addExport'),
            permission: P.add,
            primary: true,
            onClick: () => setEditing({ detail: null }),
          },
        ]}
        columns={[
          { title: t('name'), dataIndex: 'F_Name', key: 'F_Name' },
          { title: t('screen'), dataIndex: 'F_ModuleName', key: 'F_ModuleName', render: (v: string | null, r) => v ?? r.F_ModuleId },
          {
            title: t('target'),
            key: 'target',
            render: (_: unknown, r) => (
              <span>
                <Tag>{t(`targetKind.${r.F_TargetKind}`)}</Tag>
                {r.F_TargetKind === 'table' ? r.F_TableName : ''}
              </span>
            ),
          },
          {
            title: t('buttonName'),
            dataIndex: 'F_ButtonName',
            key: 'F_ButtonName',
            render: (v: string) => v || t(kind === 'import' ? 'importButton' : 'exportButton'),
          },
          ...(kind === 'import'
            ? [{ title: t('errorRule'), dataIndex: 'F_ErrorRule', key: 'F_ErrorRule', render: (v: 'skip' | 'refuse') => t(`errorRules.${v}`) }]
            : [{ title: t('applyQuery'), dataIndex: 'F_ApplyQuery', key: 'F_ApplyQuery', render: (v: number) => (v ? '✓' : '—') }]),
          {
            title: t('state'),
            dataIndex: 'F_EnabledMark',
            key: 'F_EnabledMark',
            render: (v: number) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'enabled' : 'disabled')}</Tag>,
          },
          { title: t('created'), dataIndex: 'F_CreateDate', key: 'F_CreateDate' },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, r) => (
              <RowActions
                actions={[
                  { key: 'edit', label: t('edit'), hidden: !can.edit, onClick: () => void open(r), testId: `excel-edit-${r.F_Name}` },
                  {
                    key: 'toggle',
                    label: t(r.F_EnabledMark ? 'stop' : 'start'),
                    hidden: !can.enable,
                    onClick: () => void toggle(r),
                    testId: `excel-toggle-${r.F_Name}`,
                  },
                  ...(kind === 'import'
                    ? [
                        {
                          key: 'download',
                          label: t('downloadTemplate'),
                          hidden: !can.download,
                          onClick: () => void excelImportApi.download(r.F_ModuleId, r.F_Id, `${r.F_Name}.xlsx`).catch(() => undefined),
                          testId: `excel-download-${r.F_Name}`,
                        },
                      ]
                    : []),
                  {
                    key: 'delete',
                    label: t('delete'),
                    danger: true,
                    hidden: !can.del,
                    onClick: () => confirmDelete(r.F_Name, () => api.remove(r.F_Id), refresh),
                    testId: `excel-delete-${r.F_Name}`,
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {editing && <TemplateDialog kind={kind} editing={editing.detail} onClose={() => setEditing(null)} onSaved={() => void refresh()} />}
    </>
  );
}
