import type { ReactNode } from 'react';
import { Form, type GlobalToken } from 'antd';
import { useFormContext } from './context';

/**
 * Light layout pieces. antd's Form.Item and Grid Row / Col each run responsive observers and CSS-in-JS style
 * hooks; with three of them per field a 200-field form spent most of its mount time there (measured in Chromium).
 * These render plain elements with class names from one stylesheet per form (formCss, built from the theme
 * tokens), not inline styles (hundreds of style objects were the next cost). The control still gets antd's error
 * look through a `Form.Item noStyle` (a status provider only).
 */

/** The stylesheet of one rendered form: rules under its own scope class, values from the theme tokens. */
export function formCss(scope: string, token: GlobalToken, gutter: number): string {
  const s = `.${scope}`;
  const half = gutter / 2;
  const textHeight = token.fontSize * token.lineHeight;
  const cols = Array.from({ length: 24 }, (_, i) => {
    const width = `${(((i + 1) / 24) * 100).toFixed(6)}%`;
    return `${s} .fr-col-${i + 1}{flex:0 0 ${width};max-width:${width}}`;
  }).join('');
  const border = `${token.lineWidth}px solid ${token.colorBorderSecondary}`;
  return [
    `${s} .fr-row{display:flex;flex-wrap:wrap;margin-inline:-${half}px}`,
    `${s} .fr-col{padding-inline:${half}px;box-sizing:border-box;min-width:0}`,
    cols,
    `${s} .fr-item{margin-bottom:${token.marginLG}px}`,
    `${s} .fr-item.fr-has-help{margin-bottom:0}`,
    `${s} .fr-item-h{display:flex}`,
    `${s} .fr-label{color:${token.colorTextHeading};font-size:${token.fontSize}px;line-height:${textHeight}px;box-sizing:border-box;overflow-wrap:anywhere}`,
    `${s} .fr-item-h>.fr-label{min-height:${token.controlHeight}px;padding-block:${(token.controlHeight - textHeight) / 2}px;padding-inline-end:12px;text-align:right}`,
    `${s}.fr-labels-left .fr-item-h>.fr-label{text-align:left}`,
    `${s} .fr-label-top{display:block;padding-bottom:8px}`,
    `${s} .fr-star{color:${token.colorError};margin-inline-end:${token.marginXXS}px;font-family:SimSun,sans-serif}`,
    `${s} .fr-control{flex:1 1 0;min-width:0}`,
    `${s} .fr-explain{color:${token.colorError};font-size:${token.fontSize}px;line-height:${token.lineHeight};min-height:${token.marginLG}px}`,
    `${s} .fr-capital{font-size:${token.fontSizeSM}px;line-height:1.8;color:${token.colorTextSecondary}}`,
    `${s} .fr-unsupported{color:${token.colorTextTertiary}}`,
    `${s} .fr-subtable-wrap{overflow-x:auto}`,
    `${s} .fr-subtable{width:100%;border-collapse:collapse}`,
    `${s} .fr-subtable td,${s} .fr-subtable th{border:${border};padding:4px 8px;vertical-align:top}`,
    `${s} .fr-subtable th,${s} .fr-subtable tfoot td{background:${token.colorFillAlter};font-weight:500;text-align:left;white-space:nowrap}`,
    `${s} .fr-subtable .fr-empty{text-align:center;color:${token.colorTextTertiary}}`,
    `${s} .fr-cell-error{color:${token.colorError};font-size:${token.fontSizeSM}px;line-height:1.5}`,
    `${s} .fr-lite-cell{width:100%;box-sizing:border-box;height:${token.controlHeight}px;padding:0 ${token.paddingSM - token.lineWidth}px;` +
      `border:${token.lineWidth}px solid ${token.colorBorder};border-radius:${token.borderRadius}px;font:inherit;font-size:${token.fontSize}px;` +
      `color:${token.colorText};background:${token.colorBgContainer};outline:none;text-overflow:ellipsis;cursor:text}`,
    `${s} .fr-lite-cell:hover{border-color:${token.colorPrimaryHover}}`,
    `${s} .fr-lite-cell[aria-invalid]{border-color:${token.colorError}}`,
    `${s} .fr-lite-cell:disabled{color:${token.colorTextDisabled};background:${token.colorBgContainerDisabled};border-color:${token.colorBorder};cursor:not-allowed}`,
  ].join('\n');
}

interface FieldFrameProps {
  label?: string;
  required: boolean;
  /** Error text; the control shows antd's error status while there is one. */
  help?: string;
  /** Label width in px (left / right labels); ignored when the label is on top. */
  labelWidth: number;
  /** Label above the control (besides the form's labelPosition top): sub-tables. */
  labelTop?: boolean;
  children: ReactNode;
}

/** Label, control and error message of one field. */
export function FieldFrame({ label, required, help, labelWidth, labelTop, children }: FieldFrameProps) {
  const { labelTop: formTop } = useFormContext();
  const top = labelTop || formTop;
  return (
    <div className={`fr-item${top ? '' : ' fr-item-h'}${help ? ' fr-has-help' : ''}`}>
      {label !== undefined && (
        <label className={top ? 'fr-label fr-label-top' : 'fr-label'} style={top ? undefined : { flex: `0 0 ${labelWidth}px`, maxWidth: labelWidth }}>
          {required && <span className="fr-star">*</span>}
          {label}
        </label>
      )}
      <div className="fr-control">
        <Form.Item noStyle validateStatus={help ? 'error' : undefined}>
          {children}
        </Form.Item>
        {help && (
          <div className="fr-explain" role="alert">
            {help}
          </div>
        )}
      </div>
    </div>
  );
}

/** A row of the 24-column grid (antd Row's gutter, without its breakpoint observer). */
export function GridRow({ children }: { children: ReactNode }) {
  return <div className="fr-row">{children}</div>;
}

/** A cell of the grid spanning `span` of 24 columns. */
export function GridCol({ span, children, ...data }: { span: number; children: ReactNode; 'data-field'?: string }) {
  return (
    <div {...data} className={`fr-col fr-col-${Math.min(Math.max(Math.round(span), 1), 24)}`}>
      {children}
    </div>
  );
}
