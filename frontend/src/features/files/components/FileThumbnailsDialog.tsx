import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePickButton } from '@/components/media/FilePickButton';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useUploadFileThumbnails } from '../api/fileThumbnails';
import type { UploadedFile } from '../types';

interface FileThumbnailsDialogProps {
  open: boolean;
  file: Pick<UploadedFile, '_id' | 'name' | 'slideCount'>;
  onClose: () => void;
}

/** Upload Thumbnails (spec §2, §5): several images, or one with an optional slide number. */
export function FileThumbnailsDialog({ open, file, onClose }: FileThumbnailsDialogProps) {
  const { t } = useTranslation('files');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const upload = useUploadFileThumbnails();
  const [images, setImages] = useState<File[]>([]);
  const [index, setIndex] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const slideNumber = index.trim() === '' ? null : Number(index);
  const indexInvalid = slideNumber !== null && !(Number.isInteger(slideNumber) && slideNumber >= 1 && slideNumber <= file.slideCount);
  const tooManyForIndex = slideNumber !== null && images.length > 1;

  function close() {
    if (upload.isPending) return;
    setImages([]);
    setIndex('');
    setFailure(null);
    onClose();
  }

  async function submit() {
    setFailure(null);
    try {
      await upload.mutateAsync({ fileId: file._id, images, index: slideNumber });
      notify(t('thumbnails.done'));
      close();
    } catch (error) {
      setFailure(describeError(error));
      notify(t('thumbnails.failed'), 'error');
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('thumbnails.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">{t('thumbnails.intro', { name: file.name, count: file.slideCount })}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <FilePickButton
            variant="outlined"
            startIcon={<AddPhotoAlternateOutlinedIcon />}
            accept="image/*"
            multiple
            inputLabel={t('thumbnails.choose')}
            onFiles={(chosen) => {
              setImages(chosen);
              setFailure(null);
            }}
          >
            {t('thumbnails.choose')}
          </FilePickButton>
          {images.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {`${t('thumbnails.chosen', { count: images.length })}: ${images.map((image) => image.name).join(', ')}`}
            </Typography>
          )}
        </Box>
        <TextField
          label={t('thumbnails.index')}
          value={index}
          onChange={(event) => setIndex(event.target.value)}
          type="number"
          error={indexInvalid || tooManyForIndex}
          helperText={
            indexInvalid
              ? t('thumbnails.indexInvalid', { count: file.slideCount })
              : tooManyForIndex
                ? t('thumbnails.oneForIndex')
                : t('thumbnails.indexHelp', { count: file.slideCount })
          }
          slotProps={{ htmlInput: { min: 1, max: file.slideCount, step: 1 } }}
          sx={{ maxWidth: 320 }}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={upload.isPending}>
          {tCommon('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          loading={upload.isPending}
          disabled={images.length === 0 || indexInvalid || tooManyForIndex}
        >
          {t('thumbnails.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
