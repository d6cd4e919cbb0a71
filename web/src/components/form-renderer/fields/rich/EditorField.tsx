import { Suspense, useMemo } from 'react';
import { lazyWithTexts } from '../../../../lib/lazy';
import { Skeleton } from 'antd';
import type { FieldProps } from '../../types';
import { sanitizeHtml } from './sanitize';

// The editor (Tiptap) is its own chunk: it loads with the first editable rich-text field, never with the form itself.
const RichEditor = lazyWithTexts(() => import('../../../editor/RichEditor'), ['editor', 'files']);

/** Rich text (Tiptap). Read-only shows the cleaned HTML instead of an editor. */
export function EditorField({ field, value, onChange, disabled }: FieldProps) {
  const html = typeof value === 'string' ? value : '';
  const safe = useMemo(() => (disabled ? sanitizeHtml(html) : ''), [disabled, html]);
  const testId = `editor-${field.__config__.formId}`;
  if (disabled) {
    return <div className="form-editor-readonly" data-testid={testId} style={{ minHeight: 32, ...field.style }} dangerouslySetInnerHTML={{ __html: safe }} />;
  }
  const height = typeof field.style?.height === 'number' ? field.style.height : undefined;
  return (
    <div data-testid={testId}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <RichEditor value={html} height={height} onChange={(next) => onChange(next)} />
      </Suspense>
    </div>
  );
}
