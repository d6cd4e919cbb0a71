import { useState } from 'react';
import { Alert, Button, Card, Flex, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormDataRecord, FormSchemeDetail } from '@app/contracts';
import { formInstanceApi, formSchemeApi } from '../forms/api';
import { publishedApi } from '../form-publish/api';
import { FormRenderer } from '../../components/form-renderer';
import { PrintDialog } from './PrintDialog';

/** What the detail shows: the form, the record and whether the page grants printing. */
interface Detail {
  title: string;
  form: FormSchemeDetail;
  record: FormDataRecord;
  canPrint: boolean;
}

/**
 * A published record: the page's info (its form, the caller's buttons) and the record, both checked by the page's
 * grants and data scope on the server.
 */
async function publishedDetail(relationId: string, keyValue: string): Promise<Detail> {
  const [page, record] = await Promise.all([publishedApi.pageInfo(relationId), publishedApi.get(relationId, keyValue, true)]);
  return { title: page.F_Name, form: page.form, record, canPrint: page.setting.buttons.includes('print') };
}

/** A designed form's record through the Form engine (forms.scheme.data). */
async function formRecordDetail(formId: string, keyValue: string): Promise<Detail> {
  const [form, record] = await Promise.all([formSchemeApi.info(formId, true), formInstanceApi.get(formId, keyValue)]);
  return { title: form.F_Name, form, record, canPrint: false };
}

/**
 * /form-detail/index?relationId&keyValue (a published record, its view button) or ?formId&keyValue (a designed
 * form's record): the record read-only in the form renderer, with Print (the print dialog) when the published page
 * grants it.
 */
export default function FormDetailPage() {
  const { t } = useTranslation('formParser');
  const [params] = useSearchParams();
  const relationId = params.get('relationId') ?? '';
  const formId = params.get('formId') ?? '';
  const keyValue = params.get('keyValue') ?? '';
  const [printing, setPrinting] = useState(false);
  const ready = !!keyValue && (!!relationId || !!formId);
  const detail = useQuery({
    queryKey: ['form-detail', relationId, formId, keyValue],
    queryFn: () => (relationId ? publishedDetail(relationId, keyValue) : formRecordDetail(formId, keyValue)),
    enabled: ready,
  });

  if (!ready) return <Alert type="warning" showIcon title={t('detailMissing')} data-testid="form-detail-page" />;
  const d = detail.data;
  return (
    <Card
      size="small"
      data-testid="form-detail-page"
      title={
        d && (
          <Space>
            <Typography.Text strong>{d.title}</Typography.Text>
            <Typography.Text type="secondary">{t('record', { key: keyValue })}</Typography.Text>
          </Space>
        )
      }
      extra={
        d?.canPrint && (
          <Button size="small" icon={<PrinterOutlined />} data-testid="form-detail-print" onClick={() => setPrinting(true)}>
            {t('print')}
          </Button>
        )
      }
    >
      {detail.error ? (
        <Alert type="error" showIcon title={detail.error.message} data-testid="form-detail-error" />
      ) : !d ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <FormRenderer scheme={d.form.F_Scheme} mode="look" source={{ schemeId: d.form.F_Id, versionId: d.form.F_SchemeId }} initialValues={d.record.formData} />
      )}
      {relationId && <PrintDialog open={printing} relationId={relationId} keyValue={keyValue} onClose={() => setPrinting(false)} />}
    </Card>
  );
}
