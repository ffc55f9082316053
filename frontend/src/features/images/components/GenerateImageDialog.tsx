import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useGenerateImage } from '../api/generateImage';
import { DEFAULT_IMAGE_SIZE, IMAGE_SIZES } from '../imageRules';
import type { ImageSize } from '../types';

/**
 * Generate Image (spec §2, §5): a prompt and an aspect ratio (default landscape 4:3).
 * Generate stays disabled while the prompt is blank; Enter submits, Shift+Enter adds a line.
 */
export function GenerateImageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('images');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const generate = useGenerateImage();
  const [prompt, setPrompt] = useState('');
  const [imageSize, setImageSize] = useState<ImageSize>(DEFAULT_IMAGE_SIZE);
  const [failure, setFailure] = useState<string | null>(null);
  const blank = prompt.trim() === '';

  function reset() {
    setPrompt('');
    setImageSize(DEFAULT_IMAGE_SIZE);
    setFailure(null);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blank || generate.isPending) return;
    setFailure(null);
    try {
      await generate.mutateAsync({ prompt: prompt.trim(), imageSize });
      notify(t('generate.generated'));
      onClose();
    } catch (error) {
      setFailure(t('generate.failed', { reason: describeError(error) }));
    }
  }

  function submitOnEnter(event: KeyboardEvent) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <Dialog
      open={open}
      onClose={generate.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('generate.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <TextField
              label={t('generate.prompt')}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              onKeyDown={submitOnEnter}
              helperText={t('generate.promptHelp')}
              multiline
              minRows={3}
              autoFocus
              disabled={generate.isPending}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            <TextField
              select
              label={t('generate.aspect')}
              value={imageSize}
              onChange={(event) => setImageSize(event.target.value as ImageSize)}
              disabled={generate.isPending}
            >
              {IMAGE_SIZES.map((size) => (
                <MenuItem key={size} value={size}>
                  {t(`generate.sizes.${size}`)}
                </MenuItem>
              ))}
            </TextField>
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={generate.isPending}>
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="ai" startIcon={<AutoAwesomeOutlinedIcon />} disabled={blank || generate.isPending}>
            {generate.isPending ? t('generate.generating') : t('generate.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
