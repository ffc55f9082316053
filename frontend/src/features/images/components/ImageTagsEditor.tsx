import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useUpdateImageTags } from '../api/updateImageTags';
import type { Image, VisibleTag } from '../types';
import { TagSelect } from './TagSelect';

/** Changes an own image's tags; every change is saved at once. */
export function ImageTagsEditor({ image, options }: { image: Image; options: VisibleTag[] }) {
  const { t } = useTranslation('images');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const updateTags = useUpdateImageTags();

  async function change(tagIds: string[]) {
    try {
      await updateTags.mutateAsync({ imageId: image._id, tagIds });
      notify(t('tags.updated'));
    } catch (error) {
      notify(t('tags.updateFailed', { reason: describeError(error) }), 'error');
    }
  }

  return (
    <TagSelect
      label={t('tags.label')}
      options={options}
      value={image.tagIds}
      onChange={(tagIds) => void change(tagIds)}
      disabled={updateTags.isPending}
    />
  );
}
