import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Who made a suggestion: "the offline assistant" (built in, rule-based) or the connected
 * model, so nobody mistakes the offline assistant's plain suggestions for a model's.
 */
export function AiAttribution({ provider }: { provider: string }) {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" color="ai.main" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
      <AutoAwesomeIcon sx={{ fontSize: 14 }} aria-hidden />
      {provider === 'offline' ? t('ai.byOffline') : t('ai.byModel')}
    </Typography>
  );
}
