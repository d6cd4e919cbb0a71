import sanitizeHtml from 'sanitize-html';

const STYLE_VALUE = [/^[#\w\s.,%()'"-]+$/];

/**
 * Rich text from the editor (news, notices), cleaned when saved: no <script>, <style>, <iframe> or forms, no on*
 * handlers, no javascript: (or other unknown) URLs. Normal formatting, images, tables and links stay.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'del', 'ins', 'video', 'source'],
  allowedAttributes: {
    '*': ['style', 'class', 'title', 'align'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'width', 'height', 'valign'],
    th: ['colspan', 'rowspan', 'width', 'height', 'valign', 'scope'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    ol: ['start', 'type'],
    font: ['color', 'size', 'face'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    source: ['src', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: true,
  allowedStyles: {
    '*': {
      color: STYLE_VALUE,
      'background-color': STYLE_VALUE,
      'text-align': [/^(left|right|center|justify)$/],
      'text-decoration': STYLE_VALUE,
      'text-indent': STYLE_VALUE,
      'font-size': STYLE_VALUE,
      'font-weight': STYLE_VALUE,
      'font-style': STYLE_VALUE,
      'font-family': STYLE_VALUE,
      'line-height': STYLE_VALUE,
      width: STYLE_VALUE,
      height: STYLE_VALUE,
      margin: STYLE_VALUE,
      'margin-left': STYLE_VALUE,
      padding: STYLE_VALUE,
      'padding-left': STYLE_VALUE,
      border: STYLE_VALUE,
      'border-collapse': STYLE_VALUE,
      'vertical-align': STYLE_VALUE,
      float: [/^(left|right|none)$/],
    },
  },
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

/** Plain text of rich content, for message previews. */
export function plainText(html: string, max = 200): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
