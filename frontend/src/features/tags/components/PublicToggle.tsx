import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@/api/types';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useUpdateTag } from '../api/updateTag';

/** The Admin-only public switch of a tag (spec §6). */
export function PublicToggle({ tag }: { tag: Tag }) {
  const { t } = useTranslation('tags');
  const updateTag = useUpdateTag();
  const notify = useNotify();
  const describeError = useErrorMessage();

  async function toggle() {
    try {
      await updateTag.mutateAsync({ tagId: tag._id, changes: { public: !tag.public } });
      notify(t('updated'));
    } catch (error) {
      notify(describeError(error), 'error');
    }
  }

  return (
    <FormControlLabel
      label={t('public')}
      control={
        <Switch
          checked={tag.public}
          onChange={() => void toggle()}
          disabled={updateTag.isPending}
          slotProps={{ input: { 'aria-label': t('publicToggle', { name: tag.name }) } }}
        />
      }
    />
  );
}
