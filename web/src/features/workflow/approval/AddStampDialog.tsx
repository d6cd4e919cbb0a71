import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { stampBody } from '@app/contracts';
import { stampApi } from '../api';
import { FormModal } from '../../../components/crud';
import { DictionarySelect } from '../../../components/dictionary';
import { STAMP_TYPE_DICTIONARY, toStampBody } from '../StampPage';
import { SignaturePad, StampImageUpload, type StampImage } from '../stamp-fields';
import { useZodRules } from '../../../lib/zod-rules';

interface AddStampForm {
  F_StampName: string;
  F_StampType: string;
  F_Password?: string;
  F_File_Type: 1 | 2;
  image?: StampImage;
  signature?: string;
}

/** The small add-stamp dialog of the e-signature picker (spec 2.9): name, category, password, image; POST /stamps (a personal stamp). */
export function AddStampDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (stampId: string) => void }) {
  const { t } = useTranslation('stamp');
  const rules = useZodRules(stampBody);
  return (
    <FormModal<AddStampForm>
      open={open}
      title={t('addTitle')}
      width={520}
      initialValues={{ F_File_Type: 1 }}
      testId="wf-approval-stamp-form"
      onClose={onClose}
      onSubmit={async (v) => {
        const saved = await stampApi.add(toStampBody({ ...v, F_Sort: 0, F_Description: '' }));
        onAdded(saved.F_StampId);
      }}
    >
      {/* The contract leaves the required fields to the service (it answers the spec's messages), so the form asks for them by hand. */}
      <Form.Item
        name="F_StampName"
        label={t('name')}
        rules={[{ required: true, whitespace: true, message: t('nameRequired') }, ...rules('F_StampName', t('name'))]}
      >
        <Input maxLength={100} data-testid="stamp-name" />
      </Form.Item>
      <Form.Item name="F_StampType" label={t('type')} rules={[{ required: true, message: t('typeRequired') }, ...rules('F_StampType', t('type'))]}>
        <DictionarySelect code={STAMP_TYPE_DICTIONARY} data-testid="stamp-type" />
      </Form.Item>
      <Form.Item name="F_Password" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }, ...rules('F_Password', t('password'))]}>
        <Input.Password maxLength={200} autoComplete="new-password" data-testid="stamp-password" />
      </Form.Item>
      <Form.Item name="F_File_Type" label={t('fileType')}>
        <Radio.Group data-testid="stamp-file-type">
          <Radio value={1}>{t('fileTypeUpload')}</Radio>
          <Radio value={2}>{t('fileTypeSignature')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: AddStampForm, b: AddStampForm) => a.F_File_Type !== b.F_File_Type}>
        {({ getFieldValue }) =>
          getFieldValue('F_File_Type') === 2 ? (
            <Form.Item key="signature" name="signature" label={t('image')} rules={[{ required: true, message: t('imageRequired') }]}>
              <SignaturePad />
            </Form.Item>
          ) : (
            <Form.Item key="image" name="image" label={t('image')} rules={[{ required: true, message: t('imageRequired') }]}>
              <StampImageUpload />
            </Form.Item>
          )
        }
      </Form.Item>
    </FormModal>
  );
}
