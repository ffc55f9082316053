import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import type { Image } from '../types';

/** Puts an image's description on the clipboard and says whether it worked. */
export function useCopyDescription() {
  const { t } = useTranslation('images');
  const notify = useNotify();
  return async (image: Pick<Image, 'alt'>) => {
    try {
      await navigator.clipboard.writeText(image.alt);
      notify(t('description.copied'));
    } catch {
      notify(t('description.copyFailed'), 'error');
    }
  };
}
