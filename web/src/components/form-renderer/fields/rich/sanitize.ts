/**
 * Rich text of a form value shown read-only. Form values come from any client that may save the form, so the HTML
 * is cleaned before it reaches the page: an allow-list of formatting tags and attributes, no event handlers, no
 * script / style / frames, and links and images only over http(s), mailto, relative paths or image data URLs.
 * DOMParser builds an inert document (nothing runs, nothing loads) to walk.
 */
const TAGS = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'del',
  'div',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
/** Dropped with everything inside (their text is not content). */
const DROP = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'frame',
  'frameset',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'form',
]);
const ATTRIBUTES = new Set([
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
  'align',
  'style',
  'color',
  'face',
  'size',
  'target',
  'border',
]);
const URL_ATTRIBUTES = new Set(['href', 'src']);
const SAFE_URL = /^(?:https?:|mailto:|\/|\.{0,2}\/|#|[^:]*$)/i;
const SAFE_IMAGE_DATA = /^data:image\/(?:png|gif|jpe?g|webp|bmp);base64,/i;
/** Style values that could load or run something (url(), expression(), legacy behaviours). */
const UNSAFE_STYLE = /url\s*\(|expression\s*\(|javascript:|behavior\s*:|-moz-binding/i;

function clean(node: Element): void {
  for (const child of Array.from(node.children)) {
    const tag = child.tagName.toLowerCase();
    if (DROP.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!TAGS.has(tag)) {
      // Unknown wrappers keep their (already cleaned) content.
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    for (const attr of Array.from(child.attributes)) {
      const name = attr.name.toLowerCase();
      // Browsers ignore control characters and spaces inside a scheme ('java\tscript:'): compare without them.
      const v = Array.from(attr.value)
        .filter((ch) => ch.charCodeAt(0) > 0x20)
        .join('');
      const keep =
        ATTRIBUTES.has(name) &&
        (!URL_ATTRIBUTES.has(name) || SAFE_URL.test(v) || (name === 'src' && tag === 'img' && SAFE_IMAGE_DATA.test(v))) &&
        (name !== 'style' || !UNSAFE_STYLE.test(attr.value));
      if (!keep) child.removeAttribute(attr.name);
    }
    if (tag === 'a' && child.getAttribute('target')) child.setAttribute('rel', 'noopener noreferrer');
  }
}

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
