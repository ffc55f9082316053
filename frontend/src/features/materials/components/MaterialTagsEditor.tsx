import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useTagNameOptions } from '../api/listTagOptions';
import { useUpdateMaterial } from '../api/updateMaterial';
import type { Material } from '../types';

/**
 * A material's tags as chips. Tags are free strings; the user's tag names are suggested.
 * Every change is saved at once.
 */
export function MaterialTagsEditor({ material, projectId }: { material: Material; projectId?: string }) {
  const { t } = useTranslation('materials');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const suggestions = useTagNameOptions();
  const update = useUpdateMaterial(projectId);

  async function change(tags: string[]) {
    const cleaned = [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
    try {
      await update.mutateAsync({ materialId: material._id, changes: { tags: cleaned } });
      notify(t('detail.tagsUpdated'));
    } catch (error) {
      notify(t('detail.tagsFailed', { reason: describeError(error) }), 'error');
    }
  }

  return (
    <Autocomplete
      multiple
      freeSolo
      options={suggestions.data ?? []}
      value={material.tags}
      disabled={update.isPending}
      onChange={(_event, tags) => void change(tags)}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={tag} color="primary" variant="outlined" size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={t('detail.tags')} placeholder={t('detail.addTag')} helperText={t('detail.tagsHelp')} />
      )}
    />
  );
}
