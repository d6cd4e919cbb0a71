// Self-hosted TinyMCE: everything comes from the npm package and is bundled into this lazily loaded chunk (no CDN).
import 'tinymce/tinymce';
import 'tinymce/models/dom/model';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
import 'tinymce/skins/ui/oxide/skin.js';
import 'tinymce/skins/ui/oxide/content.js';
import 'tinymce/skins/content/default/content.js';
import 'tinymce/plugins/link';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/table';
import 'tinymce/plugins/image';
import 'tinymce/plugins/code';
import 'tinymce/plugins/autolink';
import 'tinymce/plugins/wordcount';
import { Editor } from '@tinymce/tinymce-react';

export interface RichEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  height?: number;
}

/** TinyMCE rich-text editor (GPL licence key, skins imported from the package). Used as a Form.Item control. */
export default function RichEditor({ value, onChange, height = 360 }: RichEditorProps) {
  return (
    <Editor
      licenseKey="gpl"
      value={value ?? ''}
      onEditorChange={(html) => onChange?.(html)}
      init={{
        height,
        menubar: false,
        promotion: false,
        branding: false,
        // The skin and content CSS are registered by the skin.js / content.js imports above.
        skin: 'oxide',
        content_css: 'default',
        plugins: 'link lists table image code autolink wordcount',
        toolbar: 'undo redo | blocks | bold italic underline forecolor | alignleft aligncenter alignright | bullist numlist | link image table | code',
      }}
    />
  );
}
