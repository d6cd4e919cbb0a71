import { DEFAULT_UPLOAD_LIMIT_MB } from '@app/contracts';
import { UploadField } from '../../../files/UploadField';
import type { FieldProps } from '../../types';

/**
 * Upload (the Files widget): the value is the attachment folder id, made by the first upload and reused after
 * (spec 4). Types, multiple, size and count come from the field; read-only refuses upload and delete with the
 * spec messages (UploadField says them).
 */
export function UploadFormField({ field, value, onChange, disabled, form }: FieldProps) {
  // A saved form's field: the server takes its size and types from the stored form, whatever the client says.
  const source = form.source;
  const formField = source ? { formId: source.schemeId, schemeId: source.versionId || undefined, fieldId: String(field.__config__.formId) } : undefined;
  return (
    <UploadField
      testId={`upload-${field.__config__.formId}`}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(folderId) => onChange(folderId ?? '')}
      purpose="form"
      formField={formField}
      accept={field.accept || undefined}
      multiple={field.multiple === true}
      limit={field.__config__.fileSize ?? DEFAULT_UPLOAD_LIMIT_MB}
      unit={field.__config__.sizeUnit ?? 'MB'}
      maxCount={field.limit}
      disabled={disabled}
    />
  );
}
