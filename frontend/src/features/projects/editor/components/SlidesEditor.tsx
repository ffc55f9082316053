import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useLinkProjectImage } from '../../api/projectImages';
import { useUploadImage } from '../../api/uploadImage';
import { MAX_CHOICE_PREVIEWS, useChoicePreviews, useSlidePreview } from '../../api/previews';
import { useLeadingDebounce } from '../../hooks/useLeadingDebounce';
import type { ImagePickerComponent, PptxFile } from '../../types';
import { ActionSnackbar, type SnackbarNotice } from '../../components/common/ActionSnackbar';
import { onTemplateSlide } from '../actions/content';
import { editorActions } from '../actions/registry';
import { deckIssues, editableElements, hasValue, isElementLocked, newSlideId, toSlideIn } from '../model';
import { isTransient, type EditorSession, type SessionState } from '../session';
import { AddSlideDialog } from './AddSlideDialog';
import { ADD_BAR_HEIGHT, AddSlideFab } from './AddSlideFab';
import { useAppConfig } from '@/api/appConfig';
import type { SlideAssistant } from '../ai/assistant';
import { DeckAiTools } from './ai/DeckAiTools';
import { DeckBanners } from './DeckBanners';
import { OrderRefreshNotice } from './OrderRefreshNotice';
import { EditorContext, type EditorContextValue } from './EditorContext';
import { GenerateOutlineHero, OutlineButtons, type OutlineHandlers } from './OutlineTools';
import { slideAnchorId } from './anchors';
import { SlideCard } from './SlideCard';
import { SlideNavigator } from './SlideNavigator';
import { TemplateSlidePicker } from './TemplateSlidePicker';

export interface SlidesEditorProps {
  session: EditorSession;
  state: SessionState;
  template: PptxFile | null;
  templateLoading: boolean;
  templateFailed: boolean;
  onRetryTemplate: () => void;
  ImagePicker?: ImagePickerComponent;
  outline: OutlineHandlers;
  onGoToSettings: () => void;
  /** Owned by the project page, so waiting suggestions survive a visit to another tab. */
  assistant: SlideAssistant;
}

/** The Slides tab (spec §2): the deck editor. The shell (session) owns saving and undo. */
export function SlidesEditor({ session, state, template, templateLoading, templateFailed, onRetryTemplate, ImagePicker, outline, onGoToSettings, assistant }: SlidesEditorProps) {
  const { t } = useTranslation('editor');
  const describeError = useErrorMessage();
  const projectId = state.project._id;
  const slides = state.doc;
  // The mutation functions are stable; the result objects are not (they would re-render every card).
  const { mutateAsync: upload } = useUploadImage();
  const { mutate: link } = useLinkProjectImage(projectId);
  const [notice, setNotice] = useState<SnackbarNotice | null>(null);
  const [pickerTarget, setPickerTarget] = useState<{ slideId: string; name: string } | null>(null);
  const [templateTarget, setTemplateTarget] = useState<string | null>(null);
  const [addIndex, setAddIndex] = useState<number | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const aiProvider = useAppConfig().data?.aiProvider;
  // Wide screens have the slide rail, where the add button floats clear of the cards.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });

  const elementsOf = useCallback(
    (slideNumber: number | null) => (template && slideNumber !== null ? (template.parsedSlides[slideNumber - 1]?.elements ?? null) : null),
    [template],
  );

  const announce = useCallback<EditorContextValue['announce']>(
    (message, options = {}) =>
      setNotice({
        id: Date.now(),
        message,
        severity: options.severity ?? 'success',
        action: options.undo ? { label: t('undo'), onClick: () => session.undo() } : undefined,
      }),
    [session, t],
  );

  const putPicture = useCallback(
    (slideId: string, name: string, imageId: string) => {
      session.run(editorActions.setElementValue, { slideId, name, value: imageId });
      // Pictures used in the deck also appear on the Images tab; linking twice is harmless.
      link(imageId, { onError: () => undefined });
    },
    [session, link],
  );

  const uploadPicture = useCallback(
    async (slideId: string, name: string, file: File) => {
      try {
        const image = await upload(file);
        putPicture(slideId, name, image._id);
      } catch (error) {
        announce(describeError(error), { severity: 'error' });
      }
    },
    [upload, putPicture, announce, describeError],
  );

  const requestAdd = useCallback((index: number) => setAddIndex(index), []);
  const pickImage = useCallback((slideId: string, name: string) => setPickerTarget({ slideId, name }), []);

  const context = useMemo<EditorContextValue>(
    () => ({ session, assistant, projectId, template, elementsOf, pickImage, uploadPicture, requestAdd, announce }),
    [session, assistant, projectId, template, elementsOf, pickImage, uploadPicture, requestAdd, announce],
  );

  const scrollTo = useCallback((slideId: string) => {
    setActiveId(slideId);
    document.getElementById(slideAnchorId(slideId))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  // Spec §9: slide navigation is debounced by 200 ms.
  const navigate = useLeadingDebounce(scrollTo);

  // The rail follows the slide at the top of the viewport (below the sticky tab bar).
  const idsKey = slides.map((slide) => slide.id).join(',');
  // Suggestions for slides that were deleted (or replaced by an outline), or for a layout a slide
  // no longer uses, have nothing to apply to.
  useEffect(() => assistant.suggestions.prune(slides), [assistant, slides]);
  useEffect(() => {
    const ids = idsKey.split(',');
    let frame = 0;
    const update = () => {
      frame = 0;
      let current = ids[0] ?? null;
      for (const id of ids) {
        const node = document.getElementById(slideAnchorId(id));
        if (node && node.getBoundingClientRect().top <= 220) current = id;
      }
      setActiveId(current);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [idsKey]);

  const issues = useMemo(() => deckIssues(slides, elementsOf), [slides, elementsOf]);
  const totals = useMemo(() => {
    let filled = 0;
    let total = 0;
    for (const slide of slides) {
      const elements = elementsOf(slide.pptxSlideNumber);
      for (const element of elements ? editableElements(elements) : []) {
        if (isElementLocked(element, slide)) continue;
        total += 1;
        if (hasValue(element.type, slide.formData[element.name])) filled += 1;
      }
    }
    return { filled, total };
  }, [slides, elementsOf]);
  const empty = slides.every((slide) => !slide.contentDescription.trim() && slide.pptxSlideNumber === null && Object.keys(slide.formData).length === 0);
  const hasProjectTemplate = state.project.pptxFileId !== null;
  const targetSlide = templateTarget ? slides.find((slide) => slide.id === templateTarget) : undefined;
  const targetPreview = useSlidePreview(projectId, targetSlide?.id ?? '');
  // The slide on each template slide the picker offers, as a pick would make it: drawn so the
  // picker shows the result of each choice. A slide with no values yet would only show empty
  // layouts: the template's own thumbnails say more then.
  const choiceCandidates = useMemo(() => {
    if (!targetSlide || !template || Object.keys(targetSlide.formData).length === 0) return null;
    return template.parsedSlides
      .slice(0, MAX_CHOICE_PREVIEWS)
      .map((option) => toSlideIn(onTemplateSlide(targetSlide, option.slideNumber, elementsOf(option.slideNumber) ?? [])));
  }, [targetSlide, template, elementsOf]);
  const choicePreviews = useChoicePreviews(projectId, choiceCandidates);
  const saveError = state.error !== null && state.dirty && !isTransient(state.error) ? state.error : null;

  return (
    <EditorContext.Provider value={context}>
      <Stack spacing={2}>
        {!hasProjectTemplate && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={onGoToSettings}>
                {t('noTemplate.goToSettings')}
              </Button>
            }
          >
            {t('noTemplate.message')}
          </Alert>
        )}
        {saveError !== null && (
          <Alert severity="error">
            {t('save.rejected', { reason: describeError(saveError) })}
          </Alert>
        )}
        {empty ? (
          <GenerateOutlineHero onGenerate={outline.onGenerate} />
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              {t('toolbar.slides', { count: slides.length })}
              {totals.total > 0 && ` · ${t('toolbar.filled', { filled: totals.filled, total: totals.total })}`}
            </Typography>
            <Box sx={{ flex: 1 }} />
            <OutlineButtons {...outline} />
            <DeckAiTools slides={slides} provider={aiProvider} />
          </Stack>
        )}
        <DeckBanners
          issues={issues}
          hasTemplate={hasProjectTemplate}
          onShow={(position) => {
            const slide = slides[position - 1];
            if (slide) navigate(slide.id);
          }}
        />
        <OrderRefreshNotice slides={slides} onShow={navigate} />
        {templateFailed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetryTemplate}>
                {t('picker.retry')}
              </Button>
            }
          >
            {t('picker.failed')}
          </Alert>
        )}

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '184px minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
          {wide && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, position: 'sticky', top: 136, maxHeight: 'calc(100vh - 156px)', pb: 2 }}>
              <Box component="nav" aria-label={t('navigator.label')} sx={{ overflowY: 'auto', minHeight: 0, pr: 0.5, pb: 1 }}>
                <SlideNavigator slides={slides} activeId={activeId} onNavigate={navigate} />
              </Box>
              <AddSlideFab placement="rail" onAdd={() => setAddIndex(slides.length)} />
            </Box>
          )}
          <Stack spacing={2.5} sx={{ minWidth: 0, pb: wide ? 4 : `${ADD_BAR_HEIGHT + 16}px` }}>
            {slides.map((slide, index) => (
              <SlideCard key={slide.id} slide={slide} index={index} total={slides.length} onChooseTemplateSlide={setTemplateTarget} />
            ))}
          </Stack>
        </Box>
      </Stack>

      {!wide && <AddSlideFab placement="bar" onAdd={() => setAddIndex(slides.length)} />}

      <AddSlideDialog
        index={addIndex}
        total={slides.length}
        onClose={() => setAddIndex(null)}
        onAdd={(index, contentDescription) => {
          const id = newSlideId();
          if (session.run(editorActions.addSlide, { index, contentDescription, id })) {
            setAddIndex(null);
            // After the new card rendered.
            window.setTimeout(() => scrollTo(id), 50);
          }
        }}
      />
      <TemplateSlidePicker
        open={templateTarget !== null}
        template={template}
        loading={templateLoading}
        failed={templateFailed}
        onRetry={onRetryTemplate}
        current={targetSlide?.pptxSlideNumber ?? null}
        currentPreview={targetPreview}
        choicePreviews={choicePreviews}
        position={targetSlide ? slides.indexOf(targetSlide) + 1 : 0}
        onClose={() => setTemplateTarget(null)}
        onPick={(slideNumber) => {
          if (templateTarget) session.run(editorActions.setTemplateSlide, { slideId: templateTarget, slideNumber, elements: elementsOf(slideNumber) ?? [] });
          setTemplateTarget(null);
        }}
      />
      {ImagePicker && (
        <ImagePicker
          open={pickerTarget !== null}
          onClose={() => setPickerTarget(null)}
          onSelect={(image) => {
            if (pickerTarget) putPicture(pickerTarget.slideId, pickerTarget.name, image._id);
            setPickerTarget(null);
          }}
        />
      )}
      <ActionSnackbar notice={notice} onClose={() => setNotice(null)} />
    </EditorContext.Provider>
  );
}
