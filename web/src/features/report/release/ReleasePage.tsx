import { useMemo, useState } from 'react';
import { Form, Input, InputNumber, Space, Switch, TreeSelect, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportReleaseBody, type ModuleNode, type ReportReleaseBody, type ReportReleaseRow } from '@app/contracts';
import { reportApi } from '../api';
import { formRelationApi } from '../../form-relation/api';
import { MenuIcon } from '../../../app/shell/icons';
import { usePermission } from '../../../lib/permission';
import { useZodRules } from '../../../lib/zod-rules';
import { ListPage } from '../../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../../components/crud';
import { RowActions } from '../../../components/RowActions';
import { reportPermissions as P } from '../permissions';
import { viewPath } from '../paths';
import { RELEASE_LIST_KEY, ReportTreeSelect } from '../shared';
import { EnabledTag } from '../../system/admin-list';

/** The menu group releases go to unless another is chosen (the server's default, 报表中心). */
export const REPORT_CENTER = 'report-center';
const DEFAULT_ICON = 'BarChartOutlined';

/** 报表发布: the menu entries reports are released to; add, edit, delete, and open the released page. */
export default function ReleasePage() {
  const { t } = useTranslation('report');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const confirmDelete = useDeleteConfirm();
  const can = { edit: usePermission(P.releaseEdit), del: usePermission(P.releaseDelete) };
  const [editing, setEditing] = useState<{ row: ReportReleaseRow | null } | null>(null);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['list', RELEASE_LIST_KEY] }),
      // The entry shows in (or leaves) the menu at once.
      qc.invalidateQueries({ queryKey: ['menu'] }),
      qc.invalidateQueries({ queryKey: ['modules-admin'] }),
    ]);
  return (
    <>
      <ListPage<ReportReleaseRow>
        testId="report-release-page"
        queryKey={RELEASE_LIST_KEY}
        rowKey="F_Id"
        rowTestId={(r) => `release-row-${r.F_Id}`}
        keywordPlaceholder={t('release.keyword')}
        fetch={(q) => reportApi.releases(q)}
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('release.add')}
              </>
            ),
            primary: true,
            permission: P.releaseAdd,
            testId: 'release-add',
            onClick: () => setEditing({ row: null }),
          },
        ]}
        columns={[
          {
            title: t('release.menuName'),
            dataIndex: 'F_Name',
            render: (v: string, r) => (
              <Space size={6}>
                <MenuIcon name={r.F_Icon} />
                <Typography.Text strong>{v}</Typography.Text>
              </Space>
            ),
          },
          { title: t('release.report'), dataIndex: 'F_ReportName' },
          { title: t('release.parent'), dataIndex: 'F_ParentName', render: (v: string) => v || t('release.reportCenter') },
          { title: t('release.code'), dataIndex: 'F_EnCode', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
          { title: t('common:sortCode'), dataIndex: 'F_SortCode' },
          {
            title: t('manage.state'),
            dataIndex: 'F_EnabledMark',
            render: (v: number) => <EnabledTag value={v} />,
          },
          { title: t('common:createDate'), dataIndex: 'F_CreateDate' },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                wrap
                actions={[
                  { key: 'edit', label: t('common:edit'), hidden: !can.edit, testId: `release-edit-${r.F_Id}`, onClick: () => setEditing({ row: r }) },
                  {
                    key: 'open',
                    label: t('release.open'),
                    disabled: r.F_EnabledMark !== 1,
                    title: r.F_EnabledMark !== 1 ? t('release.openDisabled') : undefined,
                    testId: `release-open-${r.F_Id}`,
                    onClick: () => navigate(viewPath(r.F_Id)),
                  },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `release-delete-${r.F_Id}`,
                    onClick: () => confirmDelete(r.F_Name, () => reportApi.removeRelease(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <ReleaseModal row={editing?.row ?? null} open={!!editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </>
  );
}

interface Values {
  F_ReportId: string;
  F_Name: string;
  F_ParentId: string;
  F_Icon?: string;
  F_SortCode?: number;
  enabled?: boolean;
  F_Description?: string;
}

/** Menu groups (F_Target expand) an entry may be placed under, as a tree. */
function groupsOf(nodes: ModuleNode[]): { value: string; title: string; children: ReturnType<typeof groupsOf> }[] {
  return nodes.filter((n) => n.F_Target === 'expand').map((n) => ({ value: n.F_ModuleId, title: n.F_FullName, children: groupsOf(n.children) }));
}

/** 新增 / 编辑 发布: the report, the menu entry's name and place, icon, sort order, enabled, description. */
export function ReleaseModal({
  row,
  open,
  onClose,
  onSaved,
}: {
  row: ReportReleaseRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('report');
  const rules = useZodRules(reportReleaseBody);
  // The menu tree the form publishing dialog offers too; silent without the menu administration's permission.
  const parents = useQuery({ queryKey: ['form-relation-parents'], queryFn: () => formRelationApi.parentModules(), retry: false, enabled: open });
  const parentTree = useMemo(() => {
    const tree = parents.data ? groupsOf(parents.data) : [];
    if (!JSON.stringify(tree).includes(`"${REPORT_CENTER}"`)) tree.unshift({ value: REPORT_CENTER, title: t('release.reportCenter'), children: [] });
    if (row?.F_ParentId && !JSON.stringify(tree).includes(`"${row.F_ParentId}"`))
      tree.push({ value: row.F_ParentId, title: row.F_ParentName || row.F_ParentId, children: [] });
    return tree;
  }, [parents.data, row, t]);
  const initial: Partial<Values> = row
    ? {
        F_ReportId: row.F_ReportId,
        F_Name: row.F_Name,
        F_ParentId: row.F_ParentId || REPORT_CENTER,
        F_Icon: row.F_Icon,
        F_SortCode: row.F_SortCode,
        enabled: row.F_EnabledMark === 1,
        F_Description: row.F_Description,
      }
    : { F_ParentId: REPORT_CENTER, F_Icon: DEFAULT_ICON, F_SortCode: 0, enabled: true };
  return (
    <FormModal<Values>
      open={open}
      title={row ? t('release.editTitle') : t('release.addTitle')}
      editing={!!row}
      initialValues={initial}
      onClose={onClose}
      testId="release-form"
      onSubmit={async (v) => {
        const body: ReportReleaseBody = {
          F_ReportId: v.F_ReportId,
          F_Name: v.F_Name,
          F_ParentId: v.F_ParentId || REPORT_CENTER,
          F_Icon: v.F_Icon?.trim() || DEFAULT_ICON,
          F_SortCode: v.F_SortCode ?? 0,
          F_EnabledMark: v.enabled === false ? 0 : 1,
          F_Description: v.F_Description ?? '',
        };
        if (row) await reportApi.updateRelease(row.F_Id, body);
        else await reportApi.addRelease(body);
        await onSaved();
      }}
    >
      <ReportField />
      <Form.Item name="F_Name" label={t('release.menuName')} rules={rules('F_Name', t('release.menuName'))}>
        <Input maxLength={100} data-testid="release-name" />
      </Form.Item>
      <Form.Item name="F_ParentId" label={t('release.parent')} rules={[{ required: true, message: t('release.parentRequired') }]}>
        <TreeSelect treeData={parentTree} treeDefaultExpandAll loading={parents.isLoading} data-testid="release-parent" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.F_Icon !== b.F_Icon}>
        {({ getFieldValue }) => (
          <Form.Item name="F_Icon" label={t('release.icon')} rules={rules('F_Icon', t('release.icon'))} extra={t('release.iconHelp')}>
            <Input
              maxLength={50}
              placeholder={DEFAULT_ICON}
              prefix={<MenuIcon name={String(getFieldValue('F_Icon') || DEFAULT_ICON)} />}
              data-testid="release-icon"
            />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item name="F_SortCode" label={t('common:sortCode')}>
        <InputNumber min={0} max={1_000_000} precision={0} data-testid="release-sort" />
      </Form.Item>
      <Form.Item name="enabled" label={t('manage.enabled')} valuePropName="checked">
        <Switch data-testid="release-enabled" />
      </Form.Item>
      <Form.Item name="F_Description" label={t('common:description')} rules={rules('F_Description', t('common:description'))}>
        <Input.TextArea rows={2} maxLength={500} data-testid="release-description" />
      </Form.Item>
    </FormModal>
  );
}

/** The report released; picking one names the entry after it while the name is still empty. */
function ReportField() {
  const { t } = useTranslation('report');
  const form = Form.useFormInstance<Values>();
  return (
    <Form.Item name="F_ReportId" label={t('release.report')} rules={[{ required: true, message: t('release.reportRequired') }]}>
      <ReportTreeSelect
        placeholder={t('release.reportPlaceholder')}
        testId="release-report"
        onPicked={(_, title) => {
          if (!form.getFieldValue('F_Name')) form.setFieldValue('F_Name', title);
        }}
      />
    </Form.Item>
  );
}
