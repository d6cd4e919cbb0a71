import { Alert, Form, Input, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportInfoBody, type ReportFolder, type ReportInfoBody, type ReportInfoRow } from '@app/contracts';
import { reportApi } from '../api';
import { useZodRules } from '../../../lib/zod-rules';
import { FormModal } from '../../../components/crud';
import { ROOT_FOLDER, folderOptions } from '../shared';

/** What the dialog does: a new report (in a folder), the metadata of one, or a copy of one (its design too). */
export type ReportInfoTarget = { mode: 'add'; folderId: string } | { mode: 'edit'; row: ReportInfoRow } | { mode: 'copy'; row: ReportInfoRow };

interface Values {
  F_Name: string;
  F_Code: string;
  F_FolderId: string;
  F_Description?: string;
  enabled?: boolean;
}

function initial(target: ReportInfoTarget, copySuffix: string): Partial<Values> {
  if (target.mode === 'add') return { F_FolderId: target.folderId || ROOT_FOLDER, enabled: true };
  const r = target.row;
  if (target.mode === 'copy')
    return {
      F_Name: `${r.F_Name}${copySuffix}`.slice(0, 100),
      F_Code: `${r.F_Code}_copy`.slice(0, 64),
      F_FolderId: r.F_FolderId || ROOT_FOLDER,
      F_Description: r.F_Description,
      enabled: true,
    };
  return { F_Name: r.F_Name, F_Code: r.F_Code, F_FolderId: r.F_FolderId || ROOT_FOLDER, F_Description: r.F_Description, enabled: r.F_EnabledMark === 1 };
}

/** 新增 / 编辑 / 复制 报表: name, code (unique), folder, enabled, description. A copy takes the original's design. */
export function ReportInfoModal({
  target,
  folders,
  onClose,
  onSaved,
}: {
  target: ReportInfoTarget | null;
  folders: ReportFolder[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('report');
  const rules = useZodRules(reportInfoBody);
  const title = !target ? '' : target.mode === 'add' ? t('manage.addTitle') : target.mode === 'edit' ? t('manage.editTitle') : t('manage.copyTitle');
  return (
    <FormModal<Values>
      open={!!target}
      title={title}
      editing={target?.mode === 'edit'}
      initialValues={target ? initial(target, t('manage.copySuffix')) : undefined}
      onClose={onClose}
      testId="report-info-form"
      onSubmit={async (v) => {
        if (!target) return;
        const body: ReportInfoBody = {
          F_Name: v.F_Name,
          F_Code: v.F_Code,
          F_FolderId: v.F_FolderId || ROOT_FOLDER,
          F_Description: v.F_Description ?? '',
          F_EnabledMark: v.enabled === false ? 0 : 1,
        };
        if (target.mode === 'edit') await reportApi.update(target.row.F_Id, body);
        else await reportApi.add(target.mode === 'copy' ? { ...body, copyFrom: target.row.F_Id } : body);
        await onSaved();
      }}
    >
      {target?.mode === 'copy' && (
        <Alert type="info" showIcon title={t('manage.copyHelp', { name: target.row.F_Name })} style={{ marginBottom: 16 }} data-testid="report-copy-help" />
      )}
      <Form.Item name="F_Name" label={t('manage.name')} rules={rules('F_Name', t('manage.name'))}>
        <Input maxLength={100} data-testid="report-name" />
      </Form.Item>
      <Form.Item
        name="F_Code"
        label={t('manage.code')}
        rules={rules('F_Code', t('manage.code'), { messages: { pattern: t('manage.codeRule') } })}
        extra={t('manage.codeHelp')}
      >
        <Input maxLength={64} data-testid="report-code" />
      </Form.Item>
      <Form.Item name="F_FolderId" label={t('manage.folder')}>
        <TreeSelect treeDefaultExpandAll treeData={folderOptions(folders, t('manage.topLevel'))} data-testid="report-folder" />
      </Form.Item>
      <Form.Item name="enabled" label={t('manage.enabled')} valuePropName="checked">
        <Switch data-testid="report-enabled" />
      </Form.Item>
      <Form.Item name="F_Description" label={t('common:description')} rules={rules('F_Description', t('common:description'))}>
        <Input.TextArea rows={2} maxLength={500} data-testid="report-description" />
      </Form.Item>
    </FormModal>
  );
}
