import { useTranslation } from 'react-i18next';
import { formatDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/languageContext';
import { sizeInKb } from '../materialRules';
import type { Material } from '../types';

/** The material's type, size and date as display strings in the interface language. */
export function useMaterialFacts(material: Material) {
  const { t } = useTranslation('materials');
  const { t: tCommon } = useTranslation();
  const { uiLanguage } = useLanguage();
  const size = new Intl.NumberFormat(uiLanguage, { maximumFractionDigits: 1 }).format(sizeInKb(material.fileMeta.size));
  return {
    type: t(`types.${material.fileMeta.type}`),
    size: t('meta.sizeKb', { size }),
    created: formatDate(material.createdAt, uiLanguage) ?? tCommon('invalidDate'),
  };
}
