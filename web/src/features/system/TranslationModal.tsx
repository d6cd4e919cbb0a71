import { Form, Input } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LpMapObject, LpObjectType } from '@app/contracts';
import { languageApi, translationApi } from './api';
import { FormModal } from '../../components/crud';
import { DICTIONARY_KEY } from '../../components/dictionary';

export function useLanguageTypes() {
  return useQuery({
    queryKey: ['lg-types'],
    queryFn: languageApi.list,
  });
}

/** After a translation changes: lists, dictionary look-ups and menus show the new text. */
export async function refreshTranslations(qc: ReturnType<typeof useQueryClient>) {
  await qc.invalidateQueries({ queryKey: ['list', 'lp-map'] });
  await qc.invalidateQueries({ queryKey: [DICTIONARY_KEY] });
  await qc.invalidateQueries({ queryKey: ['dictionary-items'] });
  await qc.invalidateQueries({ queryKey: ['menu'] });
}

/** The mapping object of a dictionary item or menu entry (created when missing, translations kept). */
export async function ensureMapping(objectType: LpObjectType, objectId: string): Promise<LpMapObject> {
  const { id } = await translationApi.ensure({ F_ObjectType: objectType, F_ObjectId: objectId, translations: {} });
  return translationApi.get(id);
}

/** One input per enabled language other than the main one (data-testid language-input-<code>). */
export function TranslationModal({ mapping, onClose }: { mapping: LpMapObject | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const types = useLanguageTypes();
  const others = (types.data ?? []).filter((l) => l.F_IsMain !== 1 && l.F_EnabledMark === 1);
  return (
    <FormModal<Record<string, string>>
      open={!!mapping}
      editing
      title={t('language.translateOf', { name: mapping?.F_Name ?? '' })}
      initialValues={mapping?.translations}
      onClose={onClose}
      testId="language-translate-form"
      onSubmit={async (v) => {
        const translations = Object.fromEntries(others.map((l) => [l.F_Code, (v[l.F_Code] ?? '').trim()]));
        await translationApi.update(mapping!.F_Id, { translations });
        await refreshTranslations(qc);
      }}
    >
      <Form.Item label={t('language.mainText')}>
        <Input value={mapping?.F_Name} disabled />
      </Form.Item>
      {others.map((l) => (
        <Form.Item key={l.F_Code} name={l.F_Code} label={`${l.F_Name} (${l.F_Code})`}>
          <Input maxLength={500} data-testid={`language-input-${l.F_Code}`} />
        </Form.Item>
      ))}
    </FormModal>
  );
}
