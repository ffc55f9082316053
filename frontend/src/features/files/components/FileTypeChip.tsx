import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '../types';

/** PowerPoint or Keynote. */
export function FileTypeChip({ type }: { type: UploadedFile['type'] }) {
  const { t } = useTranslation('files');
  return <Chip size="small" variant="outlined" color={type === 'key' ? 'secondary' : 'primary'} label={t(`types.${type}`)} />;
}
