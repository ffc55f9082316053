import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDescribeImage } from '../api/describeImage';
import { useUpdateImageAlt } from '../api/updateImageAlt';
import type { Image } from '../types';

/**
 * "Generate AI description" from the actions menu: asks the AI for a description in the
 * interface language and saves it, with the spec's snackbars for each outcome.
 */
export function useGenerateDescription() {
  const { t } = useTranslation('images');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const { uiLanguage } = useLanguage();
  const describe = useDescribeImage();
  const updateAlt = useUpdateImageAlt();

  async function generate(image: Image) {
    let description: string;
    try {
      description = await describe.mutateAsync({ imageId: image._id, lang: uiLanguage });
    } catch (error) {
      notify(t('description.generateFailed', { reason: describeError(error) }), 'error');
      return;
    }
    try {
      await updateAlt.mutateAsync({ imageId: image._id, alt: description });
      notify(t('description.updated'));
    } catch {
      notify(t('description.updateFailed'), 'error');
    }
  }

  return { generate, pending: describe.isPending || updateAlt.isPending };
}
