import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiCapabilities } from '@/api/appConfig';
import { UnavailableHint } from '@/components/ai/UnavailableHint';
import { PageHeader } from '@/components/PageHeader';
import { useImageBrowser } from '../hooks/useImageBrowser';
import { imageLabel } from '../imageLabel';
import { GenerateImageDialog } from './GenerateImageDialog';
import { ImageActionsMenu, type ImageMenuTarget } from './ImageActionsMenu';
import { ImageBrowser } from './ImageBrowser';
import { ImageCard } from './ImageCard';
import { ImageViewerDialog } from './ImageViewerDialog';
import { UploadImageDialog } from './UploadImageDialog';

type OpenDialog = 'upload' | 'generate' | null;

/** The /pictures page (spec §2 Image gallery). */
export function ImageGalleryPage() {
  const { t } = useTranslation('images');
  const browser = useImageBrowser();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { canGenerateImages } = useAiCapabilities();
  const [menuTarget, setMenuTarget] = useState<ImageMenuTarget | null>(null);
  const [viewedId, setViewedId] = useState<string | null>(null);
  // Looked up in the live list, so the viewer shows saved changes and closes when the image goes.
  const viewed = browser.images.data?.find((image) => image._id === viewedId) ?? null;
  const tagNamesOf = (tagIds: string[]) => tagIds.flatMap((id) => browser.tagsById.get(id)?.name ?? []);

  const uploadButton = (
    <Button variant="contained" startIcon={<CloudUploadOutlinedIcon />} onClick={() => setDialog('upload')}>
      {t('upload.open')}
    </Button>
  );

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
            <UnavailableHint unavailable={!canGenerateImages} hint={t('unavailable.generate')}>
              <Button
                variant="outlined"
                color="ai"
                startIcon={<AutoAwesomeOutlinedIcon />}
                onClick={() => setDialog('generate')}
                disabled={!canGenerateImages}
              >
                {t('generate.open')}
              </Button>
            </UnavailableHint>
            {uploadButton}
          </Stack>
        }
      />
      <ImageBrowser
        browser={browser}
        emptyActions={uploadButton}
        renderImage={(image, tagNames) => (
          <ImageCard
            image={image}
            tagNames={tagNames}
            openLabel={t('card.open', { name: imageLabel(image) })}
            onOpen={(opened) => setViewedId(opened._id)}
            onMenu={(target, anchor) => setMenuTarget({ image: target, ...anchor })}
          />
        )}
      />
      <ImageActionsMenu target={menuTarget} onClose={() => setMenuTarget(null)} />
      <ImageViewerDialog
        image={viewed}
        tagOptions={browser.tags}
        tagNames={viewed ? tagNamesOf(viewed.tagIds) : []}
        onClose={() => setViewedId(null)}
      />
      <UploadImageDialog open={dialog === 'upload'} onClose={() => setDialog(null)} />
      <GenerateImageDialog open={dialog === 'generate'} onClose={() => setDialog(null)} />
    </Box>
  );
}
