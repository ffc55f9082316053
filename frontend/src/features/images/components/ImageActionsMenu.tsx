import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PublicIcon from '@mui/icons-material/Public';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDeleteImage } from '../api/deleteImage';
import { useMakeImagePublic } from '../api/makeImagePublic';
import { useCopyDescription } from '../hooks/useCopyDescription';
import { useGenerateDescription } from '../hooks/useGenerateDescription';
import { imageLabel } from '../imageLabel';
import type { Image } from '../types';
import type { MenuAnchor } from './ImageCard';

export type ImageMenuTarget = { image: Image } & MenuAnchor;

type Confirmation = { kind: 'delete' | 'makePublic'; image: Image; open: boolean };

/**
 * The per-image context menu (spec §2): Delete, Make Public, Copy description and Generate AI
 * description on own images; public images are read-only, so only Copy description.
 */
export function ImageActionsMenu({ target, onClose }: { target: ImageMenuTarget | null; onClose: () => void }) {
  const { t } = useTranslation('images');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const deleteImage = useDeleteImage();
  const makePublic = useMakeImagePublic();
  const copyDescription = useCopyDescription();
  const { generate, pending: generating } = useGenerateDescription();
  // Kept after the menu closes so the dialog's text does not change while it fades out.
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const closeConfirmation = () => setConfirmation((current) => current && { ...current, open: false });

  const image = target?.image;
  const editable = image?.canEdit ?? false;
  const hasPublicCopy = Boolean(image && (image.isPublic || image.publicCopyId));

  function ask(kind: Confirmation['kind']) {
    if (image) setConfirmation({ kind, image, open: true });
    onClose();
  }

  async function confirm() {
    if (!confirmation) return;
    const { kind, image: subject } = confirmation;
    try {
      if (kind === 'delete') {
        await deleteImage.mutateAsync(subject._id);
        notify(t('delete.deleted'));
      } else {
        await makePublic.mutateAsync(subject._id);
        notify(t('makePublic.succeeded'));
      }
    } catch (error) {
      const reason = describeError(error);
      notify(kind === 'delete' ? t('delete.failed', { reason }) : t('makePublic.failed', { reason }), 'error');
    }
    closeConfirmation();
  }

  const anchor = target && ('anchorEl' in target ? { anchorEl: target.anchorEl } : { anchorReference: 'anchorPosition' as const, anchorPosition: target.anchorPosition });

  return (
    <>
      <Menu open={target !== null} onClose={onClose} {...anchor} slotProps={{ list: { 'aria-label': t('menu.label') } }}>
        {editable && (
          <MenuItem onClick={() => ask('makePublic')} disabled={hasPublicCopy}>
            <ListItemIcon>
              <PublicIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('menu.makePublic')} secondary={hasPublicCopy ? t('menu.alreadyPublic') : undefined} />
          </MenuItem>
        )}
        {editable && (
          <MenuItem
            disabled={generating}
            onClick={() => {
              if (image) void generate(image);
              onClose();
            }}
          >
            <ListItemIcon>
              <AutoAwesomeOutlinedIcon fontSize="small" color="ai" />
            </ListItemIcon>
            <ListItemText primary={t('menu.generateDescription')} />
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            if (image) void copyDescription(image);
            onClose();
          }}
        >
          <ListItemIcon>
            <ContentCopyOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('menu.copyDescription')} />
        </MenuItem>
        {editable && (
          <MenuItem onClick={() => ask('delete')} sx={{ color: 'error.main' }}>
            <ListItemIcon>
              <DeleteOutlineIcon fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText primary={t('menu.delete')} />
          </MenuItem>
        )}
      </Menu>
      <ConfirmDialog
        open={confirmation?.open ?? false}
        title={confirmation?.kind === 'makePublic' ? t('makePublic.title') : t('delete.title')}
        body={
          confirmation?.kind === 'makePublic'
            ? t('makePublic.body', { name: imageLabel(confirmation.image) })
            : t('delete.body', { name: confirmation ? imageLabel(confirmation.image) : '' })
        }
        confirmLabel={confirmation?.kind === 'makePublic' ? t('makePublic.confirm') : t('menu.delete')}
        destructive={confirmation?.kind === 'delete'}
        busy={deleteImage.isPending || makePublic.isPending}
        onConfirm={() => void confirm()}
        onCancel={closeConfirmation}
      />
    </>
  );
}
