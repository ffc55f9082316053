import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { AiActionStatus } from '@/components/ai/AiActionStatus';
import { AiAttribution } from '@/components/ai/AiAttribution';
import type { AiAnswerOrigin } from '@/components/ai/aiCall';
import { useAiAction } from '@/components/ai/useAiAction';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useCreateProject } from '../../api/createProject';
import { recommendSlideshow } from '../../api/ai';
import {
  DEFAULT_DURATION_MINUTES,
  DEFAULT_NUM_SLIDES,
  defaultPresentationLanguage,
  manualSlideCount,
  MAX_SLIDES,
  MIN_SLIDES,
  type PresentationLanguage,
  type Project,
} from '../../types';
import { LanguageSelect, SlideCountField, TemplateSelect } from '../common/ProjectFields';

interface CreateProjectDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (project: Project) => void;
}

/** The two-step create dialog (spec §2, §4 wizard, §5 validation). */
export function CreateProjectDialog({ open, onClose, onCreated }: CreateProjectDialogProps) {
  // The dialog itself is named by its title (screen readers announce it on opening).
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* Mounted only while open, so every opening starts on step 0 with the defaults. */}
      {open && <CreateProjectWizard titleId={titleId} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

function CreateProjectWizard({ titleId, onClose, onCreated }: Omit<CreateProjectDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation('projects');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const createProject = useCreateProject();

  const [step, setStep] = useState<0 | 1>(0);
  const [description, setDescription] = useState('');
  const [duration, setDuration] = useState(String(DEFAULT_DURATION_MINUTES));
  const [title, setTitle] = useState('');
  const [pptxFileId, setPptxFileId] = useState<string | null>(null);
  const { uiLanguage } = useLanguage();
  const [lang, setLang] = useState<PresentationLanguage>(() => defaultPresentationLanguage(uiLanguage));
  const [numSlides, setNumSlides] = useState(String(DEFAULT_NUM_SLIDES));
  const [matchReason, setMatchReason] = useState<string | null>(null);
  // Who recommended what the form holds (and which parts the offline assistant completed).
  const [recommendedBy, setRecommendedBy] = useState<AiAnswerOrigin | null>(null);
  const [errors, setErrors] = useState<{ description?: string; duration?: string; title?: string; numSlides?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ai = useAiAction();
  const recommending = ai.running;

  const durationMinutes = Number(duration);
  const validDuration = duration.trim() !== '' && Number.isFinite(durationMinutes) && durationMinutes >= 1;

  function checkStep0(forRecommendation: boolean) {
    const next = {
      description: forRecommendation && !description.trim() ? t('create.descriptionRequired') : undefined,
      duration: validDuration ? undefined : t('create.durationInvalid'),
    };
    setErrors(next);
    return !next.description && !next.duration;
  }

  function createManually() {
    setFailure(null);
    if (!checkStep0(false)) return;
    setNumSlides(String(manualSlideCount(durationMinutes)));
    setMatchReason(null);
    setRecommendedBy(null);
    setStep(1);
  }

  async function getRecommendations() {
    setFailure(null);
    if (!checkStep0(true)) return;
    const body = { description: description.trim(), durationMinutes, lang };
    // A failure stays on `ai` (shown with the offline assistant to fall back on); Cancel applies nothing.
    await ai.run(async (options) => {
      const recommendation = await recommendSlideshow(body, options);
      setTitle(recommendation.suggestedTitle ?? '');
      setPptxFileId(recommendation.suggestedPptxFileId ?? null);
      setNumSlides(String(Math.min(MAX_SLIDES, Math.max(MIN_SLIDES, recommendation.suggestedNumSlides || DEFAULT_NUM_SLIDES))));
      setMatchReason(recommendation.matchReason || null);
      setRecommendedBy(recommendation);
      setStep(1);
    });
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (step !== 1) return;
    setFailure(null);
    const count = Number(numSlides);
    const next = {
      title: title.trim() ? undefined : t('create.titleRequired'),
      numSlides: Number.isInteger(count) && count >= MIN_SLIDES && count <= MAX_SLIDES ? undefined : t('create.numSlidesInvalid', { max: MAX_SLIDES }),
    };
    setErrors(next);
    if (next.title || next.numSlides) return;
    try {
      const project = await createProject.mutateAsync({ title: title.trim(), description: description.trim(), lang, numSlides: count, pptxFileId });
      onCreated(project);
    } catch (error) {
      // Spec §8: the server's message, or the generic one.
      setFailure(isApiError(error) ? describeError(error, t('create.failed')) : t('create.failed'));
    }
  }

  return (
    <Box component="form" noValidate onSubmit={create} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {t('create.title')}
      </DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          <Step>
            <StepLabel>{t('create.step0')}</StepLabel>
          </Step>
          <Step>
            <StepLabel>{t('create.step1')}</StepLabel>
          </Step>
        </Stepper>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {step === 0 && <AiActionStatus action={ai} sx={{ mb: 2 }} />}
        {step === 0 ? (
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            <TextField
              label={t('fields.description')}
              placeholder={t('create.descriptionPlaceholder')}
              value={description}
              onChange={(event) => {
                setDescription(event.target.value);
                setErrors((current) => ({ ...current, description: undefined }));
              }}
              error={Boolean(errors.description)}
              helperText={errors.description ?? t('create.descriptionHelp')}
              multiline
              minRows={3}
              maxRows={10}
              autoFocus
              fullWidth
            />
            <TextField
              label={t('create.duration')}
              type="number"
              value={duration}
              onChange={(event) => {
                setDuration(event.target.value);
                setErrors((current) => ({ ...current, duration: undefined }));
              }}
              error={Boolean(errors.duration)}
              helperText={errors.duration ?? t('create.durationHelp', { count: manualSlideCount(validDuration ? durationMinutes : DEFAULT_DURATION_MINUTES) })}
              slotProps={{
                htmlInput: { min: 1, step: 1 },
                input: { endAdornment: <InputAdornment position="end">{t('create.minutes')}</InputAdornment> },
              }}
              sx={{ maxWidth: 260 }}
            />
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            {(matchReason || recommendedBy) && (
              <Alert severity="info" icon={<AutoAwesomeIcon color="ai" />}>
                {matchReason}
                {recommendedBy && (
                  <Box sx={{ mt: matchReason ? 0.5 : 0 }}>
                    <AiAttribution provider={recommendedBy.provider} fallbackFields={recommendedBy.fallbackFields} droppedFacts={recommendedBy.droppedFacts} />
                  </Box>
                )}
              </Alert>
            )}
            <TextField
              label={t('fields.title')}
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
                setErrors((current) => ({ ...current, title: undefined }));
              }}
              error={Boolean(errors.title)}
              helperText={errors.title ?? ' '}
              required
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { maxLength: 300 } }}
            />
            <TemplateSelect value={pptxFileId} onChange={setPptxFileId} />
            <LanguageSelect value={lang} onChange={setLang} />
            <SlideCountField
              value={numSlides}
              onChange={(value) => {
                setNumSlides(value);
                setErrors((current) => ({ ...current, numSlides: undefined }));
              }}
              error={errors.numSlides}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        {/* Keyed per step: reusing step 0's button element as step 1's submit button would let
            the click on Create Manually submit the form it just revealed. */}
        {step === 0 ? (
          <Fragment key="step0">
            <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
            <Box sx={{ flex: 1 }} />
            <Button variant="outlined" onClick={createManually} disabled={recommending}>
              {t('create.manual')}
            </Button>
            <Button
              variant="contained"
              color="ai"
              startIcon={recommending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <AutoAwesomeIcon />}
              onClick={() => void getRecommendations()}
              disabled={recommending}
            >
              {recommending ? t('create.recommending') : t('create.recommend')}
            </Button>
          </Fragment>
        ) : (
          <Fragment key="step1">
            <Button onClick={() => setStep(0)} disabled={createProject.isPending}>
              {t('create.back')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button type="submit" variant="contained" disabled={createProject.isPending}>
              {t('create.create')}
            </Button>
          </Fragment>
        )}
      </DialogActions>
    </Box>
  );
}
