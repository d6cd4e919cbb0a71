// Self-hosted TinyMCE: everything comes from the npm package and is bundled into this lazily loaded chunk (no CDN).
import 'tinymce/tinymce';
import 'tinymce/models/dom/model';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
import 'tinymce/skins/ui/oxide/skin.js';
import 'tinymce/skins/ui/oxide/content.js';
import 'tinymce/skins/content/default/content.js';
import 'tinymce/skins/ui/oxide-dark/skin.js';
import 'tinymce/skins/ui/oxide-dark/content.js';
import 'tinymce/skins/content/dark/content.js';
import 'tinymce/plugins/link';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/table';
import 'tinymce/plugins/image';
import 'tinymce/plugins/code';
import 'tinymce/plugins/autolink';
import 'tinymce/plugins/wordcount';
import { Editor } from '@tinymce/tinymce-react';
import { theme } from 'antd';

/** True when the colour (#rgb / #rrggbb / rgb[a](...)) is dark: relative luminance under 0.2. */
function isDark(colour: string): boolean {
  let rgb: number[];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const h = hex[1].length === 3 ? hex[1].replace(/./g, '$&$&') : hex[1];
    rgb = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  } else {
    rgb = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  }
  if (rgb.length < 3) return false;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.2;
}

export interface RichEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  height?: number;
}

/** TinyMCE rich-text editor (GPL licence key, skins imported from the package). Used as a Form.Item control. */
export default function RichEditor({ value, onChange, height = 360 }: RichEditorProps) {
  // Dark themes (dark algorithm: dark container background) get TinyMCE's dark skin and content CSS, all bundled.
  const { token } = theme.useToken();
  const dark = isDark(token.colorBgContainer);
  return (
    <Editor
      // TinyMCE reads its skin only when it starts, so a theme change starts a new editor.
      key={dark ? 'dark' : 'light'}
      licenseKey="gpl"
      value={value ?? ''}
      onEditorChange={(html) => onChange?.(html)}
      init={{
        height,
        menubar: false,
        promotion: false,
        branding: false,
        // The skins and content CSS are registered by the skin.js / content.js imports above.
        skin: dark ? 'oxide-dark' : 'oxide',
        content_css: dark ? 'dark' : 'default',
        plugins: 'link lists table image code autolink wordcount',
        toolbar: 'undo redo | blocks | bold italic underline forecolor | alignleft aligncenter alignright | bullist numlist | link image table | code',
      }}
    />
  );
}
