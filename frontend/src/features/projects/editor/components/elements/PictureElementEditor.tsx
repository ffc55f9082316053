import CloseIcon from '@mui/icons-material/Close';
import CollectionsOutlinedIcon from '@mui/icons-material/CollectionsOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '@/components/media/AuthImage';
import { pictureUrl } from '../../../types';
import { useEditor } from '../EditorContext';
import type { ElementEditorProps } from './types';

/** A picture: a gallery image, chosen in the picker or uploaded here (it then joins the gallery). */
export function PictureElementEditor({ slideId, element, value, disabled, onChange, inputId }: ElementEditorProps) {
  const { t } = useTranslation('editor');
  const { pickImage, uploadPicture } = useEditor();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const url = pictureUrl(value);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      await uploadPicture(slideId, element.name, file);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box sx={{ position: 'relative', width: 132, flexShrink: 0, aspectRatio: '4 / 3', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <AuthImage src={url} alt={t('elements.pictureOf', { name: element.name })} missingCaption={t('elements.noPicture')} />
        {url && !disabled && (
          <Tooltip title={t('elements.removePicture')}>
            <IconButton
              size="small"
              aria-label={t('elements.removePictureOf', { name: element.name })}
              onClick={() => onChange(undefined)}
              sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: 'common.white' } }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button id={inputId} size="small" variant="outlined" startIcon={<CollectionsOutlinedIcon />} disabled={disabled} onClick={() => pickImage(slideId, element.name)}>
          {t('elements.chooseFromGallery')}
        </Button>
        <Button
          size="small"
          startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />}
          disabled={disabled || uploading}
          onClick={() => fileInput.current?.click()}
        >
          {uploading ? t('elements.uploading') : t('elements.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          hidden
          aria-label={t('elements.uploadFor', { name: element.name })}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </Stack>
    </Stack>
  );
}
