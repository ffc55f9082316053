import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { useNotify } from '@/components/notifier/notifierContext';
import { UploadProgress } from '@/components/UploadProgress';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useUploadMaterial } from '../api/uploadMaterial';
import { checkMaterialUpload, MATERIAL_ACCEPT } from '../materialRules';

interface UploadMaterialDialogProps {
  open: boolean;
  onClose: () => void;
  projectId?: string;
}

/** Upload one .txt, .md or .docx file (spec §5), checked here first and then by the server. */
export function UploadMaterialDialog({ open, onClose, projectId }: UploadMaterialDialogProps) {
  const { t } = useTranslation('materials');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const upload = useUploadMaterial(projectId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function reset() {
    setFile(null);
    setFileError(null);
    setProgress(null);
    setFailure(null);
  }

  function choose(files: File[]) {
    setFailure(null);
    const check = checkMaterialUpload(files);
    if (!check.ok) {
      setFileError(check.problem === 'oneFile' ? t('upload.oneFile') : t('upload.wrongType'));
      return;
    }
    setFileError(null);
    setFile(check.file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      notify(t('upload.uploaded'));
      onClose();
    } catch (error) {
      setFailure(t('upload.failed', { reason: describeError(error) }));
      setProgress(null);
    }
  }

  const selection = file && (
    <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
      <DescriptionOutlinedIcon color="primary" sx={{ fontSize: 44 }} />
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
    </Stack>
  );

  return (
    <Dialog
      open={open}
      onClose={upload.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('upload.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Box>
              <FileDropZone
                accept={MATERIAL_ACCEPT}
                ariaLabel={t('upload.dropZone')}
                dropLabel={t('upload.dropHere')}
                orLabel={t('upload.or')}
                chooseLabel={file ? t('upload.change') : t('upload.choose')}
                hint={t('upload.types')}
                selection={selection}
                disabled={upload.isPending}
                onFiles={choose}
              />
              {fileError && <FormHelperText error>{fileError}</FormHelperText>}
            </Box>
            {progress !== null && <UploadProgress fraction={progress} label={t('upload.progress', { percent: Math.round(progress * 100) })} />}
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={upload.isPending}>
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!file || upload.isPending}>
            {t('upload.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
