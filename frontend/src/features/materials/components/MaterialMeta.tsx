import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMaterialFacts } from '../hooks/useMaterialFacts';
import type { Material } from '../types';

/** The small facts line of a material: type, size in KB and created date. */
export function MaterialMeta({ material, showSize = true }: { material: Material; showSize?: boolean }) {
  const { t } = useTranslation('materials');
  const facts = useMaterialFacts(material);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" label={facts.type} />
      {showSize && (
        <Typography variant="body2" color="text.secondary">
          {facts.size}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('meta.created', { date: facts.created })}
      </Typography>
      {!material.enabled && <Chip size="small" color="default" label={t('list.disabled')} />}
    </Stack>
  );
}

