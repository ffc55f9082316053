import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TemplateSummary } from '../types';

// Beyond this many, the rest wait behind "Show n more warnings" so the cards stay in view.
const SHOWN_AT_FIRST = 3;

interface TemplateWarningsProps {
  /** The caller's editable templates (nobody can fix someone else's). */
  templates: readonly TemplateSummary[];
  /** A template whose thumbnails are being rendered right now: not "missing" yet. */
  renderingTemplateId?: string | null;
  onUploadThumbnails: (template: TemplateSummary) => void;
  onShowHelp: () => void;
  onGenerateDescription: (template: TemplateSummary) => void;
  /** The template whose description is being generated. */
  generatingTemplateId?: string | null;
}

interface Warning {
  key: string;
  message: string;
  action: ReactNode;
}

/**
 * The three warning banners of spec §2: slides without thumbnails (Upload Now, with the
 * export-JPG help), slides without descriptions (View Details), a file without a description
 * (Generate Description).
 */
export function TemplateWarnings(props: TemplateWarningsProps) {
  const { t } = useTranslation('templates');
  const [expanded, setExpanded] = useState(false);
  const warnings = props.templates.flatMap((template) => warningsOf(template, props, t));
  if (warnings.length === 0) return null;
  const shown = expanded ? warnings : warnings.slice(0, SHOWN_AT_FIRST);
  const hiddenCount = warnings.length - shown.length;

  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 3 }}>
      {shown.map((warning) => (
        <Alert
          key={warning.key}
          severity="warning"
          action={<Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>{warning.action}</Box>}
          sx={{ alignItems: 'center' }}
        >
          {warning.message}
        </Alert>
      ))}
      {(hiddenCount > 0 || expanded) && warnings.length > SHOWN_AT_FIRST && (
        <Button size="small" onClick={() => setExpanded((open) => !open)} sx={{ justifySelf: 'start' }}>
          {expanded ? t('warnings.showFewer') : t('warnings.showMore', { count: hiddenCount })}
        </Button>
      )}
    </Box>
  );
}

type Translate = ReturnType<typeof useTranslation<'templates'>>['t'];

function warningsOf(template: TemplateSummary, props: TemplateWarningsProps, t: Translate): Warning[] {
  const name = template.filename;
  const warnings: Warning[] = [];
  const missingThumbnails = template.slideCount - template.thumbnailSlides.length;
  if (missingThumbnails > 0 && template._id !== props.renderingTemplateId) {
    warnings.push({
      key: `${template._id}:thumbnails`,
      message: t('warnings.missingThumbnails', { name, count: missingThumbnails }),
      action: (
        <>
          <Button color="inherit" size="small" startIcon={<HelpOutlineIcon />} onClick={props.onShowHelp}>
            {t('warnings.howToExport')}
          </Button>
          <Button color="inherit" size="small" variant="outlined" onClick={() => props.onUploadThumbnails(template)}>
            {t('warnings.uploadNow')}
          </Button>
        </>
      ),
    });
  }
  if (template.slidesMissingDescription.length > 0) {
    warnings.push({
      key: `${template._id}:slide-descriptions`,
      message: t('warnings.missingSlideDescriptions', { name, count: template.slidesMissingDescription.length }),
      action: (
        <Button color="inherit" size="small" variant="outlined" component={RouterLink} to={`/pptx-files/${template._id}`}>
          {t('warnings.viewDetails')}
        </Button>
      ),
    });
  }
  if (!template.description.trim()) {
    warnings.push({
      key: `${template._id}:description`,
      message: t('warnings.missingDescription', { name }),
      action: (
        <Button
          color="ai"
          size="small"
          variant="outlined"
          startIcon={<AutoAwesomeIcon />}
          loading={props.generatingTemplateId === template._id}
          onClick={() => props.onGenerateDescription(template)}
        >
          {t('warnings.generateDescription')}
        </Button>
      ),
    });
  }
  return warnings;
}
