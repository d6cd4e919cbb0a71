import type { FormField } from '@app/contracts';
import { LANGS } from '../../lib/i18n';
import zhDesigner from '../../locales/zh-CN/formDesigner.json';
import enDesigner from '../../locales/en/formDesigner.json';

/**
 * The generic prompt of a field: "请输入" / "请选择" (en "Please enter " / "Please select ") followed by what it names.
 * A new field's prompt names its label; older forms kept the component's type name ("请输入单行文本") even after
 * the label was renamed. One rule here: a prompt that is the generic one for the type name (any language) names
 * the field's label instead, in the prompt's own language. The required message follows (it is the placeholder).
 */
const OLDER_PREFIXES = ['Enter ', 'Choose '];

// A prompt saved in either language must be recognised whatever language is shown, so the designer's texts of
// both are imported here: the screens' namespaces are fetched for the current language only.
const designerTexts: Record<string, unknown> = { 'zh-CN': zhDesigner, en: enDesigner };

function resource(lng: string, key: string): string | undefined {
  let v: unknown = designerTexts[lng];
  for (const part of key.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Every generic prefix ("请输入", "请选择", "Please enter ", …). */
export function placeholderPrefixes(): string[] {
  const out = new Set<string>(OLDER_PREFIXES);
  for (const lng of LANGS)
    for (const key of ['defaults.pleaseInput', 'defaults.pleaseSelect']) {
      const v = resource(lng, key);
      if (v) out.add(v);
    }
  return [...out];
}

/** The field type's default label in every language ("单行文本", "Text"). */
export function typeNames(type: string): string[] {
  return [...new Set(LANGS.map((lng) => resource(lng, `type.${type}`)).filter((v): v is string => !!v))];
}

/** The prefix when `placeholder` is the generic prompt for one of `names`, else null. */
export function genericPrefix(placeholder: unknown, names: readonly string[]): string | null {
  if (typeof placeholder !== 'string') return null;
  for (const prefix of placeholderPrefixes()) {
    if (!placeholder.startsWith(prefix)) continue;
    const rest = placeholder.slice(prefix.length);
    if (names.includes(rest)) return prefix;
  }
  return null;
}

/** The placeholder a field shows: the generic prompt for its type names its label. */
export function shownPlaceholder(field: FormField): FormField['placeholder'] {
  const label = field.__config__.label?.trim();
  if (!label) return field.placeholder;
  const prefix = genericPrefix(field.placeholder, typeNames(field.__config__.avueType));
  return prefix === null ? field.placeholder : `${prefix}${label}`;
}

/** The scheme's fields with shownPlaceholder applied (unchanged fields and lists keep their identity). */
export function withShownPlaceholders(data: FormField[]): FormField[] {
  let changed = false;
  const out = data.map((f) => {
    const next = fieldWithShownPlaceholder(f);
    if (next !== f) changed = true;
    return next;
  });
  return changed ? out : data;
}

function fieldWithShownPlaceholder(f: FormField): FormField {
  const c = f.__config__;
  let config = c;
  if (c.children) {
    const children = withShownPlaceholders(c.children);
    if (children !== c.children) config = { ...config, children };
  }
  if (c.childrenObj) {
    let tabChanged = false;
    const childrenObj = Object.fromEntries(
      Object.entries(c.childrenObj).map(([k, list]) => {
        const next = withShownPlaceholders(list);
        if (next !== list) tabChanged = true;
        return [k, next];
      }),
    );
    if (tabChanged) config = { ...config, childrenObj };
  }
  const placeholder = shownPlaceholder(f);
  if (config === c && placeholder === f.placeholder) return f;
  return { ...f, placeholder, __config__: config };
}
