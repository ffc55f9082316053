import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS = ['step1', 'step2', 'step3', 'step4', 'step5', 'step6'] as const;

/** How to export slides as JPGs from PowerPoint for a bulk thumbnail upload (spec §2, §9). */
export function ThumbnailHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('help.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {t('help.intro')}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {STEPS.map((step) => (
            <Typography component="li" key={step}>
              {t(`help.${step}`)}
            </Typography>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('help.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
