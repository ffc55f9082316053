import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDeleteMaterial } from '../api/deleteMaterial';
import { isLinkedInto } from '../scope';
import type { Material } from '../types';

interface DeleteMaterialButtonProps {
  material: Material;
  projectId?: string;
  /** An icon in list rows; a labelled button on the detail page. */
  variant?: 'icon' | 'button';
  onDeleted?: () => void;
}

/**
 * Delete with a confirmation dialog. In a project, a material linked from the library is only
 * removed from the project (the server unlinks it), and the button says so.
 */
export function DeleteMaterialButton({ material, projectId, variant = 'icon', onDeleted }: DeleteMaterialButtonProps) {
  const { t } = useTranslation('materials');
  const { t: tCommon } = useTranslation();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const deleteMaterial = useDeleteMaterial(projectId);
  const [confirming, setConfirming] = useState(false);
  const name = material.fileMeta.filename;
  const linked = isLinkedInto(material, projectId);
  const label = linked ? t('actions.unlink', { name }) : t('actions.delete', { name });
  const action = linked ? t('unlink.action') : tCommon('actions.delete');
  const icon = linked ? <LinkOffIcon /> : <DeleteOutlineIcon />;

  async function confirm() {
    try {
      await deleteMaterial.mutateAsync(material._id);
      notify(linked ? t('unlink.removed') : t('delete.deleted'));
      setConfirming(false);
      onDeleted?.();
    } catch (error) {
      notify(t(linked ? 'unlink.failed' : 'delete.failed', { reason: describeError(error) }), 'error');
      setConfirming(false);
    }
  }

  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label}>
          <IconButton aria-label={label} onClick={() => setConfirming(true)}>
            {icon}
          </IconButton>
        </Tooltip>
      ) : (
        <Button color="error" variant="outlined" startIcon={icon} onClick={() => setConfirming(true)}>
          {action}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={linked ? t('unlink.title') : t('delete.title')}
        body={linked ? t('unlink.body', { name }) : t('delete.body', { name })}
        confirmLabel={action}
        destructive
        busy={deleteMaterial.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
