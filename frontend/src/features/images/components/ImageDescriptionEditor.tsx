import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiCapabilities } from '@/api/appConfig';
import { UnavailableHint } from '@/components/ai/UnavailableHint';
import { useNotify } from '@/components/notifier/notifierContext';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDescribeImage } from '../api/describeImage';
import { useUpdateImageAlt } from '../api/updateImageAlt';
import { isDescriptionJustFilename } from '../imageRules';
import type { Image } from '../types';

/**
 * Edits an own image's description. While it still equals the file name the field shows the
 * spec's error with a Generate Description button, which fills the field for review before
 * saving. Mount it with `key={image.alt}` so a saved or generated value resets the draft.
 */
export function ImageDescriptionEditor({ image }: { image: Image }) {
  const { t } = useTranslation('images');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const { uiLanguage } = useLanguage();
  const describe = useDescribeImage();
  const { canDescribeImages } = useAiCapabilities();
  const updateAlt = useUpdateImageAlt();
  const [draft, setDraft] = useState(image.alt);
  const justFilename = isDescriptionJustFilename(draft, image.filename);

  async function generate() {
    try {
      setDraft(await describe.mutateAsync({ imageId: image._id, lang: uiLanguage }));
    } catch (error) {
      notify(t('description.generateFailed', { reason: describeError(error) }), 'error');
    }
  }

  async function save() {
    try {
      await updateAlt.mutateAsync({ imageId: image._id, alt: draft.trim() });
      notify(t('description.updated'));
    } catch {
      notify(t('description.updateFailed'), 'error');
    }
  }

  return (
    <Stack spacing={1.5}>
      <TextField
        label={t('description.label')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        multiline
        minRows={3}
        maxRows={10}
        error={justFilename}
        helperText={justFilename ? t('description.justFilename') : undefined}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {justFilename && (
          <UnavailableHint unavailable={!canDescribeImages} hint={t('unavailable.describe')}>
            <Button
              color="ai"
              variant="outlined"
              startIcon={<AutoAwesomeOutlinedIcon />}
              onClick={() => void generate()}
              disabled={describe.isPending || !canDescribeImages}
            >
              {describe.isPending ? t('description.generating') : t('description.generate')}
            </Button>
          </UnavailableHint>
        )}
        <Button variant="contained" onClick={() => void save()} disabled={updateAlt.isPending || draft.trim() === image.alt}>
          {t('description.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
