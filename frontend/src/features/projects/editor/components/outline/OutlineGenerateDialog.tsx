import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AiActionStatus } from '@/components/ai/AiActionStatus';
import { AiAttribution } from '@/components/ai/AiAttribution';
import type { AiAnswerOrigin } from '@/components/ai/aiCall';
import { useAiAction } from '@/components/ai/useAiAction';
import { suggestOutline, useOutlineMaterials, type OutlineSuggestion } from '../../../api/ai';
import { emptySlide, type EditorSlide } from '../../model';

interface OutlineGenerateDialogProps {
  open: boolean;
  projectId: string;
  lang: string;
  /** Whether confirming replaces slides someone already planned. */
  replacing: boolean;
  onClose: () => void;
  onApply: (slides: EditorSlide[]) => void;
}

/** Spec §2 Outline flow, steps 1-3: instructions (or a material), generating, selection. */
export function OutlineGenerateDialog(props: OutlineGenerateDialogProps) {
  // The dialog itself is named by its title (screen readers announce it on opening).
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      {props.open && <OutlineFlow {...props} titleId={titleId} />}
    </Dialog>
  );
}

type Suggested = OutlineSuggestion['slides'][number];

function OutlineFlow({ titleId, projectId, lang, replacing, onClose, onApply }: OutlineGenerateDialogProps & { titleId: string }) {
  const { t } = useTranslation('editor');
  const { t: tCommon } = useTranslation();
  const materials = useOutlineMaterials(projectId, true);
  const [instruction, setInstruction] = useState('');
  const [materialId, setMaterialId] = useState('');
  const [chosenStep, setStep] = useState<'instructions' | 'selection'>('instructions');
  const ai = useAiAction();
  // Generating while the assistant works; a failure or Cancel leaves the step where it was.
  const step = ai.running ? 'generating' : chosenStep;
  const [suggested, setSuggested] = useState<Suggested[]>([]);
  // Who wrote the outline, and which parts the offline assistant completed.
  const [author, setAuthor] = useState<AiAnswerOrigin | null>(null);
  // What the assistant says about its answer (a shorter deck than asked, and why), in the
  // interface's language.
  const [notices, setNotices] = useState<string[]>([]);
  const [ticked, setTicked] = useState<boolean[]>([]);
  const material = materials.data?.find((item) => item._id === materialId);

  async function generate(event?: FormEvent) {
    event?.preventDefault();
    if (ai.running) return;
    const query = { lang: lang as 'en' | 'zh-CN' | 'zh-HK', instruction: instruction.trim() || undefined, materialId: materialId || undefined };
    await ai.run(async (options) => {
      const answer = await suggestOutline(projectId, query, options);
      setSuggested(answer.slides);
      setAuthor(answer);
      setNotices((answer.notices ?? []).map((notice) => notice.message));
      setTicked(answer.slides.map(() => true));
      setStep('selection');
    });
  }

  function apply() {
    const slides = suggested
      .filter((_, index) => ticked[index])
      .map((item) => ({
        ...emptySlide(item.contentDescription),
        aiSuggestionReasonForContentDescription: item.aiSuggestionReasonForContentDescription ?? '',
        pptxSlideNumber: item.pptxSlideNumber ?? null,
        aiSuggestionReasonForPptxSlideNumber: item.aiSuggestionReasonForPptxSlideNumber ?? '',
      }));
    onApply(slides);
  }

  const count = ticked.filter(Boolean).length;

  return (
    <Box component="form" onSubmit={(event) => void generate(event)} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}>
        <AutoAwesomeIcon color="ai" />
        {step === 'selection' ? t('outline.selectTitle') : t('outline.dialogTitle')}
      </DialogTitle>
      <DialogContent dividers={step === 'selection'}>
        {/* One status for both steps, so its live region is there before the waiting starts. */}
        {step !== 'selection' && <AiActionStatus action={ai} sx={{ mb: 2 }} />}
        {step === 'selection' && author && (
          <Box sx={{ mb: 1.5 }}>
            <AiAttribution provider={author.provider} fallbackFields={author.fallbackFields} droppedFacts={author.droppedFacts} />
          </Box>
        )}
        {step === 'selection' &&
          notices.map((notice) => (
            <Alert key={notice} severity="info" sx={{ mb: 2 }}>
              {notice}
            </Alert>
          ))}
        {step === 'instructions' && (
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label={t('outline.instructions')}
              placeholder={t('outline.instructionsPlaceholder')}
              value={instruction}
              onChange={(event) => setInstruction(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void generate();
              }}
              multiline
              minRows={3}
              autoFocus
              fullWidth
            />
            {material ? (
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {t('outline.materialLabel')}
                </Typography>
                <Box>
                  <Chip icon={<DescriptionOutlinedIcon />} label={material.fileMeta.filename} onDelete={() => setMaterialId('')} sx={{ mt: 0.5 }} />
                </Box>
              </Box>
            ) : (
              <TextField
                select
                label={t('outline.materialLabel')}
                value=""
                onChange={(event) => setMaterialId(event.target.value)}
                helperText={materials.data?.length === 0 ? t('outline.noMaterials') : t('outline.materialHelp')}
                disabled={!materials.data?.length}
                fullWidth
              >
                {materials.data?.map((item) => (
                  <MenuItem key={item._id} value={item._id}>
                    {item.fileMeta.filename}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {replacing && <Alert severity="info">{t('outline.replaceWarning')}</Alert>}
          </Stack>
        )}
        {step === 'generating' && (
          <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }} role="status">
            <CircularProgress color="secondary" aria-hidden />
            <Typography color="text.secondary">{t('outline.generating')}</Typography>
          </Stack>
        )}
        {step === 'selection' && (
          <List dense aria-label={t('outline.selectTitle')}>
            {suggested.map((item, index) => (
              <ListItem key={index} disablePadding>
                <ListItemButton onClick={() => setTicked((current) => current.map((value, i) => (i === index ? !value : value)))} sx={{ alignItems: 'flex-start', borderRadius: 1 }}>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Checkbox edge="start" checked={ticked[index] ?? false} tabIndex={-1} slotProps={{ input: { 'aria-label': t('outline.include', { position: index + 1 }) } }} />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <>
                        <Typography component="span" sx={{ fontWeight: 700, mr: 1 }}>
                          {index + 1}.
                        </Typography>
                        {item.contentDescription}
                        {item.pptxSlideNumber != null && (
                          <Chip size="small" variant="outlined" label={t('outline.templateSlide', { number: item.pptxSlideNumber })} sx={{ ml: 1, height: 20 }} />
                        )}
                      </>
                    }
                    secondary={item.aiSuggestionReasonForPptxSlideNumber || item.aiSuggestionReasonForContentDescription || undefined}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'selection' ? (
          <Fragment key="selection">
            <Button onClick={() => setStep('instructions')} sx={{ mr: 'auto' }}>
              {t('outline.back')}
            </Button>
            <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
            <Button variant="contained" color="ai" onClick={apply} disabled={count === 0}>
              {t('outline.useSlides', { count })}
            </Button>
          </Fragment>
        ) : (
          <Fragment key="instructions">
            <Button onClick={onClose}>{tCommon('actions.cancel')}</Button>
            <Button type="submit" variant="contained" color="ai" startIcon={<AutoAwesomeIcon />} disabled={step === 'generating'}>
              {t('outline.generate')}
            </Button>
          </Fragment>
        )}
      </DialogActions>
    </Box>
  );
}
