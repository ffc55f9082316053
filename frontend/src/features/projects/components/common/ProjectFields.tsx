import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useTemplates } from '../../api/templates';
import { isValidSlideCount, MAX_SLIDES, MIN_SLIDES, PRESENTATION_LANGUAGES, type PresentationLanguage } from '../../types';

// A select cannot hold null; this stands for "no template".
const NONE = '';

/** PPTX template: None or one of the visible templates (own, published, built-in). */
export function TemplateSelect({ value, onChange, helperText }: { value: string | null; onChange: (value: string | null) => void; helperText?: string }) {
  const { t } = useTranslation('projects');
  const templates = useTemplates();
  // A template that is no longer listed (its owner unpublished it) stays selected, not silently None.
  const listed = value === null || templates.data?.some((template) => template._id === value);
  return (
    <TextField
      select
      label={t('fields.template')}
      value={templates.isPending ? NONE : (value ?? NONE)}
      onChange={(event) => onChange(event.target.value === NONE ? null : event.target.value)}
      helperText={templates.isError ? t('fields.templatesFailed') : (helperText ?? ' ')}
      error={templates.isError}
      fullWidth
      slotProps={{
        select: {
          displayEmpty: true,
          renderValue: (selected) => {
            if (selected === NONE) return <em>{t('fields.noTemplate')}</em>;
            const template = templates.data?.find((item) => item._id === selected);
            return template ? template.filename.replace(/\.pptx$/i, '') : t('fields.unlistedTemplate');
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value={NONE}>
        <em>{t('fields.noTemplate')}</em>
      </MenuItem>
      {!listed && value !== null && templates.data && (
        <MenuItem value={value}>
          <span>{t('fields.unlistedTemplate')}</span>
        </MenuItem>
      )}
      {templates.data?.map((template) => (
        <MenuItem key={template._id} value={template._id} sx={{ display: 'flex', gap: 1.5 }}>
          <span>{template.filename.replace(/\.pptx$/i, '')}</span>
          <Typography component="span" variant="caption" color="text.secondary">
            {template.builtin ? t('fields.builtin') : t('fields.slideCount', { count: template.slideCount })}
          </Typography>
        </MenuItem>
      ))}
    </TextField>
  );
}

export function LanguageSelect({ value, onChange }: { value: PresentationLanguage; onChange: (value: PresentationLanguage) => void }) {
  const { t } = useTranslation('projects');
  return (
    <TextField
      select
      label={t('fields.lang')}
      value={value}
      onChange={(event) => onChange(event.target.value as PresentationLanguage)}
      helperText={t('fields.langHelp')}
      fullWidth
    >
      {PRESENTATION_LANGUAGES.map((language) => (
        <MenuItem key={language} value={language} lang={language}>
          {t(`languages.${language}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The slide count, checked as it is typed: 0, 3.5 or 500 say so at once, not only on Save. */
export function SlideCountField({ value, onChange, error, helperText }: { value: string; onChange: (value: string) => void; error?: string; helperText?: string }) {
  const { t } = useTranslation('projects');
  const inlineError = isValidSlideCount(value) ? undefined : t('create.numSlidesInvalid', { max: MAX_SLIDES });
  const shownError = error ?? inlineError;
  return (
    <TextField
      label={t('fields.numSlides')}
      type="number"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(shownError)}
      helperText={shownError ?? helperText ?? t('fields.numSlidesHelp', { min: MIN_SLIDES, max: MAX_SLIDES })}
      slotProps={{ htmlInput: { min: MIN_SLIDES, max: MAX_SLIDES, step: 1 } }}
      sx={{ maxWidth: 260 }}
    />
  );
}
