import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthImage } from '@/components/media/AuthImage';
import { useNotify } from '@/components/notifier/notifierContext';
import { StatusMessage } from '@/components/StatusMessage';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useLinkProjectImage, useProjectImages, useUnlinkProjectImage } from '../../api/projectImages';
import type { ImagePickerComponent } from '../../types';

/** The Images tab (spec §2): linked images, Remove from Project, Add Image from Gallery. */
export function ProjectImagesTab({ projectId, ImagePicker }: { projectId: string; ImagePicker?: ImagePickerComponent }) {
  const { t } = useTranslation('projects');
  const { t: tCommon } = useTranslation();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const images = useProjectImages(projectId);
  const link = useLinkProjectImage(projectId);
  const unlink = useUnlinkProjectImage(projectId);
  const [picking, setPicking] = useState(false);

  async function add(imageId: string) {
    setPicking(false);
    try {
      await link.mutateAsync(imageId);
      notify(t('images.added'));
    } catch (error) {
      notify(describeError(error), 'error');
    }
  }

  async function remove(imageId: string) {
    try {
      await unlink.mutateAsync(imageId);
      notify(t('images.removed'));
    } catch (error) {
      notify(describeError(error), 'error');
    }
  }

  return (
    <Box>
      <Stack direction="row" spacing={1.5} sx={{ mb: 2.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => setPicking(true)} disabled={!ImagePicker}>
          {t('images.add')}
        </Button>
        <Button component={RouterLink} to="/pictures" endIcon={<OpenInNewIcon fontSize="small" />}>
          {t('images.openGallery')}
        </Button>
      </Stack>
      {images.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={tCommon('loading')} />
        </Box>
      )}
      {images.isError && <StatusMessage icon={<ErrorOutlineIcon />} title={t('images.loadFailed')} body={describeError(images.error)} />}
      {images.data?.length === 0 && (
        <Card>
          <StatusMessage icon={<ImageOutlinedIcon />} title={t('images.empty')} body={t('images.emptyBody')} />
        </Card>
      )}
      {images.data && images.data.length > 0 && (
        <Grid container spacing={2} component="ul" aria-label={t('images.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {images.data.map((image) => (
            <Grid key={image._id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }} component="li">
              <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <AuthImage src={image.url} alt={image.alt} sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
                <Typography variant="body2" sx={{ px: 1.5, pt: 1, flex: 1, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {image.alt}
                </Typography>
                <CardActions>
                  <Button size="small" color="error" onClick={() => void remove(image._id)} disabled={unlink.isPending} aria-label={t('images.removeNamed', { name: image.alt })}>
                    {t('images.remove')}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      {ImagePicker && <ImagePicker open={picking} onClose={() => setPicking(false)} onSelect={(image) => void add(image._id)} />}
    </Box>
  );
}
