import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDeleteMaterial } from '../api/deleteMaterial';
import type { Material } from '../types';

interface DeleteMaterialButtonProps {
  material: Material;
  projectId?: string;
  /** An icon in list rows; a labelled button on the detail page. */
  variant?: 'icon' | 'button';
  onDeleted?: () => void;
}

/** Delete with a confirmation dialog. */
export function DeleteMaterialButton({ material, projectId, variant = 'icon', onDeleted }: DeleteMaterialButtonProps) {
  const { t } = useTranslation('materials');
  const { t: tCommon } = useTranslation();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const deleteMaterial = useDeleteMaterial(projectId);
  const [confirming, setConfirming] = useState(false);
  const name = material.fileMeta.filename;
  const label = t('actions.delete', { name });

  async function confirm() {
    try {
      await deleteMaterial.mutateAsync(material._id);
      notify(t('delete.deleted'));
      setConfirming(false);
      onDeleted?.();
    } catch (error) {
      notify(t('delete.failed', { reason: describeError(error) }), 'error');
      setConfirming(false);
    }
  }

  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label}>
          <IconButton aria-label={label} onClick={() => setConfirming(true)}>
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)}>
          {tCommon('actions.delete')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('delete.title')}
        body={t('delete.body', { name })}
        confirmLabel={tCommon('actions.delete')}
        destructive
        busy={deleteMaterial.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
