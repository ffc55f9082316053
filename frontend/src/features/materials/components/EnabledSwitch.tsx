import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useToggleMaterialEnabled } from '../api/toggleMaterialEnabled';
import type { Material } from '../types';

/** Whether the AI may draw on the material (in a project: whether this project uses it). */
export function EnabledSwitch({ material, projectId }: { material: Material; projectId?: string }) {
  const { t } = useTranslation('materials');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const toggle = useToggleMaterialEnabled(projectId);

  async function flip() {
    try {
      const updated = await toggle.mutateAsync(material._id);
      notify(updated.enabled ? t('enabled.on') : t('enabled.off'));
    } catch (error) {
      notify(t('enabled.failed', { reason: describeError(error) }), 'error');
    }
  }

  return (
    <FormControlLabel
      label={t('enabled.label')}
      sx={{ mr: 0 }}
      control={
        <Switch
          checked={material.enabled}
          onChange={() => void flip()}
          disabled={toggle.isPending}
          slotProps={{ input: { 'aria-label': t('actions.enable', { name: material.fileMeta.filename }) } }}
        />
      }
    />
  );
}
