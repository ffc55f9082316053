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
  /**
   * The banner of a template without a description, with its Generate Description: a component
   * of its own per template, so each template's request runs (and is cancelled) on its own.
   */
  renderDescriptionWarning: (template: TemplateSummary, message: string) => ReactNode;
}

type Warning = { key: string } & ({ message: string; action: ReactNode } | { element: ReactNode });

/** One warning banner, its actions on the right (wrapping under the text on a phone). */
export function WarningAlert({ message, action }: { message: string; action: ReactNode }) {
  return (
    <Alert severity="warning" action={<Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>{action}</Box>} sx={{ alignItems: 'center' }}>
      {message}
    </Alert>
  );
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
  const shownCount = expanded ? warnings.length : Math.min(warnings.length, SHOWN_AT_FIRST);
  const hiddenCount = warnings.length - shownCount;

  // The folded ones stay mounted (hidden): folding them must not cancel a request they started.
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 3 }}>
      {warnings.map((warning, index) => (
        <Box key={warning.key} hidden={index >= shownCount}>
          {'element' in warning ? warning.element : <WarningAlert message={warning.message} action={warning.action} />}
        </Box>
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
      element: props.renderDescriptionWarning(template, t('warnings.missingDescription', { name })),
    });
  }
  return warnings;
}
