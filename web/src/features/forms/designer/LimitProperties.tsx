import { useTranslation } from 'react-i18next';
import type { FormField } from '@app/contracts';
import { FormulaEditor } from './FormulaEditor';
import { APPLIES, P, boolInput, numberInput, textInput, useFieldPatch } from './property-inputs';

/** Length, affixes, range, step and precision of text and number fields, and the formula of computed ones. */
export function LimitProperties({ field, data }: { field: FormField; data: FormField[] }) {
  const { t } = useTranslation('formDesigner');
  const { patch, setF, setC, setS } = useFieldPatch(field);
  const c = field.__config__;
  const type = c.avueType;

  return (
    <>
      {APPLIES.maxlength(type) && (
        <P label={t('prop.maxlength')}>{numberInput('maxlength', field.maxlength, (v) => setF('maxlength', v), { min: 1, max: 1_000_000 })}</P>
      )}
      {APPLIES.wordLimit(type) && (
        <P label={t('prop.showWordLimit')}>{boolInput('show-word-limit', field['show-word-limit'], (v) => setF('show-word-limit', v))}</P>
      )}
      {APPLIES.affix(type) && (
        <>
          <P label={t('prop.prepend')}>{textInput('prepend', field.__slot__?.prepend, (v) => setS('prepend', v), { max: 50 })}</P>
          <P label={t('prop.append')}>{textInput('append', field.__slot__?.append, (v) => setS('append', v), { max: 50 })}</P>
        </>
      )}
      {APPLIES.minMax(type) && (
        <>
          <P label={t('prop.min')}>{numberInput('min', field.min, (v) => setF('min', v))}</P>
          <P label={t('prop.max')}>{numberInput('max', field.max, (v) => setF('max', v))}</P>
        </>
      )}
      {APPLIES.rateMax(type) && <P label={t('prop.max')}>{numberInput('max', field.max, (v) => setF('max', v), { min: 1, max: 10 })}</P>}
      {APPLIES.step(type) && <P label={t('prop.step')}>{numberInput('step', field.step, (v) => setF('step', v), { min: 0.000001 })}</P>}
      {APPLIES.precision(type) && (
        <P label={t('prop.precision')}>{numberInput('precision', field.precision, (v) => setF('precision', v), { min: 0, max: 10 })}</P>
      )}
      {APPLIES.capital(type) && (
        <P label={t('prop.showCapitalizedValue')}>{boolInput('showCapitalizedValue', c.showCapitalizedValue, (v) => setC('showCapitalizedValue', v))}</P>
      )}
      {APPLIES.formula(type) && (
        <FormulaEditor
          field={field}
          data={data}
          onChange={(tokens) => patch({ field: { computationalConfiguration: tokens } }, 'formula')}
          onTaxRate={(v) => setF('taxRate', v)}
        />
      )}
    </>
  );
}
