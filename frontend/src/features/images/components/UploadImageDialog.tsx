import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiCapabilities } from '@/api/appConfig';
import { FileDropZone } from '@/components/FileDropZone';
import { useNotify } from '@/components/notifier/notifierContext';
import { UploadProgress } from '@/components/UploadProgress';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDescribeImage } from '../api/describeImage';
import { useTagOptions } from '../api/listTagOptions';
import { useUpdateImageAlt } from '../api/updateImageAlt';
import { useUploadImage } from '../api/uploadImage';
import { IMAGE_ACCEPT, isAcceptedImageFile } from '../imageRules';
import { TagSelect } from './TagSelect';

/** A local preview of the chosen file (no token needed: it has not left the browser yet). */
function LocalImagePreview({ file }: { file: File }) {
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (img.current) img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <Box component="img" ref={img} alt={file.name} sx={{ maxHeight: 160, maxWidth: '100%', borderRadius: 1 }} />;
}

/**
 * Upload Image (spec §2): drag and drop or pick one picture, an optional description and tags,
 * a progress bar, and an optional AI description written after the upload.
 */
export function UploadImageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('images');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const { uiLanguage } = useLanguage();
  const upload = useUploadImage();
  const describe = useDescribeImage();
  const updateAlt = useUpdateImageAlt();
  const tags = useTagOptions();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [withAiDescription, setWithAiDescription] = useState(false);
  // Offered only when the server's AI can see pictures: never a switch that then fails.
  const { canDescribeImages } = useAiCapabilities();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = upload.isPending || describe.isPending || updateAlt.isPending;

  function reset() {
    setFile(null);
    setFileError(null);
    setAlt('');
    setTagIds([]);
    setWithAiDescription(false);
    setProgress(null);
    setFailure(null);
  }

  function close() {
    if (busy) return;
    onClose();
  }

  function choose(files: File[]) {
    const [chosen] = files;
    setFailure(null);
    if (!chosen || !isAcceptedImageFile(chosen)) {
      setFileError(t('upload.notAnImage'));
      return;
    }
    setFileError(null);
    setFile(chosen);
  }

  async function describeAfterUpload(imageId: string) {
    try {
      const description = await describe.mutateAsync({ imageId, lang: uiLanguage });
      await updateAlt.mutateAsync({ imageId, alt: description });
      notify(t('upload.uploadedWithDescription'));
    } catch (error) {
      notify(t('upload.uploadedDescribeFailed', { reason: describeError(error) }), 'warning');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError(t('upload.notAnImage'));
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      const image = await upload.mutateAsync({ file, alt, tagIds, onProgress: setProgress });
      if (withAiDescription) await describeAfterUpload(image._id);
      else notify(t('upload.uploaded'));
      onClose();
    } catch (error) {
      setFailure(t('upload.failed', { reason: describeError(error) }));
      setProgress(null);
    }
  }

  const selection = file && (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <LocalImagePreview file={file} />
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
    </Stack>
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('upload.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <Box>
              <FileDropZone
                accept={IMAGE_ACCEPT}
                ariaLabel={t('upload.dropZone')}
                dropLabel={t('upload.dropHere')}
                orLabel={t('upload.or')}
                chooseLabel={file ? t('upload.change') : t('upload.choose')}
                hint={t('upload.types')}
                selection={selection}
                disabled={busy}
                onFiles={choose}
              />
              {fileError && <FormHelperText error>{fileError}</FormHelperText>}
            </Box>
            <TextField
              label={t('upload.alt')}
              value={alt}
              onChange={(event) => setAlt(event.target.value)}
              helperText={t('upload.altHelp')}
              multiline
              minRows={2}
              disabled={busy || withAiDescription}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <TagSelect label={t('tags.label')} options={tags.data ?? []} value={tagIds} onChange={setTagIds} disabled={busy} />
            {canDescribeImages && (
              <Box>
                <FormControlLabel
                  control={<Switch checked={withAiDescription} onChange={(event) => setWithAiDescription(event.target.checked)} disabled={busy} />}
                  label={
                    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                      <AutoAwesomeOutlinedIcon fontSize="small" color="ai" />
                      <span>{t('upload.aiDescription')}</span>
                    </Stack>
                  }
                />
                <FormHelperText sx={{ mt: 0 }}>{t('upload.aiDescriptionHelp')}</FormHelperText>
              </Box>
            )}
            {progress !== null && (
              <UploadProgress
                fraction={progress}
                label={describe.isPending || updateAlt.isPending ? t('upload.describing') : t('upload.progress', { percent: Math.round(progress * 100) })}
              />
            )}
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!file || busy}>
            {t('upload.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
