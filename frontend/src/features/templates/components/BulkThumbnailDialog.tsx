import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePickButton } from '@/components/media/FilePickButton';
import { TaskProgress } from '@/components/media/TaskProgress';
import { useNotify } from '@/components/notifier/notifierContext';
import { checkBulkThumbnails, type BulkThumbnailCheck } from '../bulkThumbnails';
import { useBulkThumbnailUpload } from '../hooks/useBulkThumbnailUpload';
import type { TemplateSummary } from '../types';

interface BulkThumbnailDialogProps {
  open: boolean;
  template: Pick<TemplateSummary, '_id' | 'filename' | 'slideCount'>;
  onClose: () => void;
  onShowHelp: () => void;
}

/**
 * Upload one JPG per slide at once (spec §5): the selection is checked and sorted naturally
 * before anything is sent; Upload is offered only for exactly one JPG per slide.
 */
export function BulkThumbnailDialog({ open, template, onClose, onShowHelp }: BulkThumbnailDialogProps) {
  const { t } = useTranslation('templates');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const [check, setCheck] = useState<BulkThumbnailCheck<File> | null>(null);
  const { upload, progress, busy } = useBulkThumbnailUpload(template._id);

  function close() {
    if (busy) return;
    setCheck(null);
    onClose();
  }

  async function submit() {
    if (!check?.ok) return;
    if (await upload(check.files)) {
      notify(t('bulk.done'));
      close();
    } else {
      notify(t('bulk.failed'), 'error');
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('bulk.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">{t('bulk.intro', { count: template.slideCount, name: template.filename })}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <FilePickButton
            variant="outlined"
            startIcon={<FolderOpenOutlinedIcon />}
            accept=".jpg,.jpeg,image/jpeg"
            multiple
            inputLabel={t('bulk.choose')}
            disabled={busy}
            onFiles={(files) => setCheck(checkBulkThumbnails(files, template.slideCount))}
          >
            {check ? t('bulk.chooseAgain') : t('bulk.choose')}
          </FilePickButton>
          <Button startIcon={<HelpOutlineIcon />} onClick={onShowHelp}>
            {t('warnings.howToExport')}
          </Button>
        </Box>
        {check && !check.ok && <Alert severity="error">{problemMessage(check, t)}</Alert>}
        {check?.ok && <SlideMapping files={check.files} />}
        {progress && (
          <TaskProgress
            label={t('bulk.progress', { current: Math.min(progress.done + 1, progress.total), total: progress.total })}
            percent={(progress.done / progress.total) * 100}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {tCommon('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!check?.ok || busy}>
          {t('bulk.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Translate = ReturnType<typeof useTranslation<'templates'>>['t'];

function problemMessage(check: Exclude<BulkThumbnailCheck<File>, { ok: true }>, t: Translate): string {
  switch (check.problem) {
    case 'invalidType':
      return t('bulk.invalidType', { names: check.invalidNames.join(', ') });
    case 'tooMany':
      return t('bulk.tooMany', { n: check.expected });
    case 'countMismatch':
      return t('bulk.countMismatch', { x: check.count, n: check.expected });
  }
}

/** Which file becomes which slide's thumbnail, so a wrong order shows before uploading. */
function SlideMapping({ files }: { files: readonly File[] }) {
  const { t } = useTranslation('templates');
  return (
    <Box
      component="ol"
      sx={{ m: 0, p: 1, listStyle: 'none', maxHeight: 220, overflowY: 'auto', bgcolor: 'grey.50', borderRadius: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
    >
      {files.map((file, index) => (
        <Box component="li" key={file.name} sx={{ display: 'contents' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('bulk.mapping', { number: index + 1 })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
