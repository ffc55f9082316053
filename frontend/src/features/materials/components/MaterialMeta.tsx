import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMaterialFacts } from '../hooks/useMaterialFacts';
import { isLinkedInto } from '../scope';
import type { Material } from '../types';

interface MaterialMetaProps {
  material: Material;
  showSize?: boolean;
  /** In a project: marks the materials linked from the library. */
  projectId?: string;
}

/** The small facts line of a material: type, size in KB and created date. */
export function MaterialMeta({ material, showSize = true, projectId }: MaterialMetaProps) {
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
      {isLinkedInto(material, projectId) && <Chip size="small" variant="outlined" color="primary" label={t('meta.fromLibrary')} />}
      {!material.enabled && <Chip size="small" color="default" label={t('list.disabled')} />}
    </Stack>
  );
}

