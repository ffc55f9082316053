import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function Copyright(props: TypographyProps) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" {...props}>
      {t('copyright', { year: new Date().getFullYear() })}
    </Typography>
  );
}
