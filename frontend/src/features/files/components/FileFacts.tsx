import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/languageContext';
import { formatByteCount, formatUploadTime } from '../format';
import type { UploadedFile } from '../types';
import { FileTypeChip } from './FileTypeChip';

/** Type, size in bytes, upload time and slide count of a file (spec §2 File detail). */
export function FileFacts({ file }: { file: UploadedFile }) {
  const { t } = useTranslation('files');
  const { uiLanguage } = useLanguage();
  const facts = [
    { label: t('facts.type'), value: <FileTypeChip type={file.type} /> },
    { label: t('facts.size'), value: t('sizeBytes', { size: formatByteCount(file.size, uiLanguage) }) },
    { label: t('facts.uploaded'), value: formatUploadTime(file.createdAt, uiLanguage) ?? file.createdAt },
    { label: t('facts.slides'), value: file.slideCount },
  ];
  return (
    <Box component="dl" sx={{ display: 'flex', gap: { xs: 2, sm: 5 }, flexWrap: 'wrap', m: 0, mb: 3 }}>
      {facts.map((fact) => (
        <Box key={fact.label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {fact.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
