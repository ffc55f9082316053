import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import type { EditorSlide } from '../../editor/model';
import type { EditorSession, SessionState } from '../../editor/session';
import { MAX_SLIDES, MIN_SLIDES, type PresentationLanguage, type ProjectUpdate, type ProjectWarning } from '../../types';
import { LanguageSelect, SlideCountField, TemplateSelect } from '../common/ProjectFields';

export type SettingField = 'title' | 'description' | 'lang' | 'numSlides' | 'pptxFileId';

interface EditSettingDialogProps {
  field: SettingField | null;
  session: EditorSession;
  state: SessionState;
  onClose: () => void;
}

function hasContent(slide: EditorSlide) {
  return Boolean(slide.contentDescription.trim() || slide.pptxSlideNumber !== null || Object.keys(slide.formData).length > 0 || slide.notes.trim());
}

/** One edit dialog per setting; the change goes through the editor shell with pending slide edits. */
export function EditSettingDialog({ field, session, state, onClose }: EditSettingDialogProps) {
  // The dialog itself is named by its title (screen readers announce it on opening).
  const titleId = useId();
  return (
    <Dialog open={field !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {field !== null && <SettingForm key={field} titleId={titleId} field={field} session={session} state={state} onClose={onClose} />}
    </Dialog>
  );
}

function SettingForm({ titleId, field, session, state, onClose }: { titleId: string; field: SettingField } & Omit<EditSettingDialogProps, 'field'>) {
  const { t } = useTranslation('projects');
  const { t: tCommon } = useTranslation();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const { project, doc } = state;
  const [text, setText] = useState(field === 'title' ? project.title : project.description);
  const [lang, setLang] = useState(project.lang as PresentationLanguage);
  const [count, setCount] = useState(String(doc.length));
  const [pptxFileId, setPptxFileId] = useState(project.pptxFileId);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmShrink, setConfirmShrink] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);

  function translateWarning(warning: ProjectWarning) {
    return warning.code === 'template_numbers_cleared'
      ? t('warnings.template_numbers_cleared', { slides: String(warning.details?.slides ?? '') })
      : warning.message;
  }

  async function save(patch: Omit<ProjectUpdate, 'version' | 'slides'>) {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await session.update(patch);
      const warnings = saved.warnings ?? [];
      if (warnings.length > 0) notify(warnings.map(translateWarning).join(' '), 'warning');
      else notify(t('settings.saved'));
      onClose();
    } catch (failed) {
      setFailure(describeError(failed));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (field === 'title') {
      if (!text.trim()) return setError(t('create.titleRequired'));
      return text.trim() === project.title ? onClose() : void save({ title: text.trim() });
    }
    if (field === 'description') return text.trim() === project.description ? onClose() : void save({ description: text.trim() });
    if (field === 'lang') return lang === project.lang ? onClose() : void save({ lang });
    if (field === 'pptxFileId') return pptxFileId === project.pptxFileId ? onClose() : void save({ pptxFileId });
    const number = Number(count);
    if (number === doc.length) return onClose();
    if (!Number.isInteger(number) || number < MIN_SLIDES || number > MAX_SLIDES) return setError(t('create.numSlidesInvalid', { max: MAX_SLIDES }));
    // Spec §2: shrinking truncates; confirm first when that removes slides with content.
    const lost = doc.slice(number).flatMap((slide, index) => (hasContent(slide) ? [number + index + 1] : []));
    if (lost.length > 0 && confirmShrink === null) return setConfirmShrink(lost);
    return void save({ numSlides: number });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {t('settings.editTitle', { field: t(`fields.${field}`) })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {(field === 'title' || field === 'description') && (
            <TextField
              label={t(`fields.${field}`)}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
              error={error !== null}
              helperText={error ?? ' '}
              multiline={field === 'description'}
              minRows={field === 'description' ? 3 : undefined}
              autoFocus
              fullWidth
              required={field === 'title'}
            />
          )}
          {field === 'lang' && <LanguageSelect value={lang} onChange={setLang} />}
          {field === 'numSlides' && (
            <>
              <SlideCountField
                value={count}
                onChange={(value) => {
                  setCount(value);
                  setError(null);
                  setConfirmShrink(null);
                }}
                error={error ?? undefined}
                helperText={t('settings.numSlidesHelp')}
              />
              {confirmShrink && (
                <Alert severity="warning">{t('settings.shrinkWarning', { count: confirmShrink.length, slides: confirmShrink.join(', ') })}</Alert>
              )}
            </>
          )}
          {field === 'pptxFileId' && (
            <>
              <TemplateSelect value={pptxFileId} onChange={setPptxFileId} />
              <Alert severity="info">{t('settings.templateHelp')}</Alert>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {tCommon('actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={confirmShrink ? 'warning' : 'primary'} disabled={busy}>
          {confirmShrink ? t('settings.shrinkConfirm') : t('settings.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
