import AccessibilityNewOutlinedIcon from '@mui/icons-material/AccessibilityNewOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import CheckBoxOutlineBlankOutlinedIcon from '@mui/icons-material/CheckBoxOutlineBlankOutlined';
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import FormatSizeOutlinedIcon from '@mui/icons-material/FormatSizeOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreflightIssueKind, PreflightReport } from '../../api/exportPreflight';
import type { EditorSlide } from '../../editor/model';
import { bySeverity, countByKind, describeIssue } from './preflightIssues';

/** How each kind looks (serious kinds in error and warning colours). */
const KINDS: Record<PreflightIssueKind, { Icon: typeof InfoOutlinedIcon; color: 'error' | 'warning' | 'info' | 'default' }> = {
  missing_template_slide: { Icon: DoNotDisturbOnOutlinedIcon, color: 'error' },
  text_overflow: { Icon: FormatSizeOutlinedIcon, color: 'warning' },
  missing_image: { Icon: BrokenImageOutlinedIcon, color: 'warning' },
  accessibility: { Icon: AccessibilityNewOutlinedIcon, color: 'warning' },
  empty_element: { Icon: CheckBoxOutlineBlankOutlinedIcon, color: 'info' },
  other: { Icon: InfoOutlinedIcon, color: 'default' },
};

interface ExportPreflightDialogProps {
  open: boolean;
  report: PreflightReport | null;
  /** The deck as on screen: its length and each slide's description for the headings. */
  slides: readonly EditorSlide[];
  onConfirm: () => void;
  onCancel: () => void;
  /** Closes the dialog and brings the slide into view; no link when absent. */
  onGoToSlide?: (slideId: string) => void;
}

/**
 * What the export would lack (issue #6), slide by slide, with counts per kind, before Export
 * Anyway. Slides without a template slide keep the spec's wording (§8) for the title and body.
 * When no slide can be exported at all, only Cancel remains: the export would be refused.
 */
export function ExportPreflightDialog({ open, report, slides, onConfirm, onCancel, onGoToSlide }: ExportPreflightDialogProps) {
  const { t, i18n } = useTranslation('export');
  const { t: tProjects } = useTranslation('projects');
  const { t: tCommon } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const titleId = useId();
  const bodyId = useId();
  if (!report) return null;

  const counts = countByKind(report);
  const missing = counts.some(([kind]) => kind === 'missing_template_slide');
  const nothing = report.exportedSlides === 0;
  const byId = new Map(slides.map((slide) => [slide.id, slide]));

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{tProjects('export.missingTitle')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText id={bodyId}>
          {nothing ? tErrors('codes.export_no_slides') : missing ? tProjects('export.missingBody') : t('review.body')}
        </DialogContentText>
        {missing && !nothing && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('review.exportedCount', { count: report.exportedSlides, total: slides.length })}
          </Typography>
        )}
        <Box component="ul" aria-label={t('review.summaryLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, mt: 2, mb: 0 }}>
          {counts.map(([kind, count]) => {
            const { Icon, color } = KINDS[kind];
            return (
              <li key={kind}>
                <Chip size="small" variant="outlined" color={color} icon={<Icon />} label={t(`kind.${kind}`, { count })} />
              </li>
            );
          })}
        </Box>
        {/* minmax(0, 1fr): a long description is cut with an ellipsis instead of widening the list. */}
        <Box component="ul" aria-label={t('review.listLabel')} sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
          {report.slides.map((entry) => {
            const slide = byId.get(entry.slideId);
            const heading = t('slide', { number: entry.slideIndex });
            return (
              <Box component="li" key={entry.slideId} aria-label={heading} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 30 }}>
                  <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, flexShrink: 0 }}>
                    {heading}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }} title={slide?.contentDescription || undefined}>
                    {slide?.contentDescription}
                  </Typography>
                  {onGoToSlide && slide && (
                    <Button size="small" endIcon={<ArrowForwardIcon />} onClick={() => onGoToSlide(entry.slideId)} aria-label={t('goToLabel', { number: entry.slideIndex })} sx={{ flexShrink: 0 }}>
                      {t('goTo')}
                    </Button>
                  )}
                </Box>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}>
                  {bySeverity(entry.issues).map((issue, index) => {
                    const { Icon, color } = KINDS[issue.kind];
                    return (
                      <Box component="li" key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                        <Icon fontSize="small" color={color === 'default' ? 'action' : color} sx={{ mt: '1px' }} aria-hidden />
                        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                          {describeIssue(t, issue, i18n.language)}
                        </Typography>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{tCommon('actions.cancel')}</Button>
        {!nothing && (
          <Button onClick={onConfirm} variant="contained" autoFocus>
            {tProjects('export.anyway')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
