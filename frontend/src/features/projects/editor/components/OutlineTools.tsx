import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import EditNoteIcon from '@mui/icons-material/EditNote';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface OutlineHandlers {
  onGenerate: () => void;
  onEdit: () => void;
}

/** On an empty project: one large Generate Outline (spec §2). */
export function GenerateOutlineHero({ onGenerate }: Pick<OutlineHandlers, 'onGenerate'>) {
  const { t } = useTranslation('editor');
  return (
    <Card sx={{ p: { xs: 3, md: 4 }, textAlign: 'center', borderColor: 'ai.light', borderStyle: 'dashed', bgcolor: 'rgba(126, 87, 194, 0.04)' }}>
      <AutoAwesomeIcon color="ai" sx={{ fontSize: 40 }} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mt: 1 }}>
        {t('outline.heroTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5, maxWidth: 560, mx: 'auto' }}>
        {t('outline.heroBody')}
      </Typography>
      <Button
        size="large"
        variant="contained"
        color="ai"
        startIcon={<AutoAwesomeIcon />}
        onClick={onGenerate}
        sx={{ px: 4, py: 1.25 }}
      >
        {t('outline.generate')}
      </Button>
    </Card>
  );
}

/** Otherwise: Regenerate Outline and Edit Outline in the toolbar. */
export function OutlineButtons({ onGenerate, onEdit }: OutlineHandlers) {
  const { t } = useTranslation('editor');
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" color="ai" startIcon={<RefreshIcon />} onClick={onGenerate}>
        {t('outline.regenerate')}
      </Button>
      <Button size="small" color="ai" startIcon={<EditNoteIcon />} onClick={onEdit}>
        {t('outline.edit')}
      </Button>
    </Stack>
  );
}
