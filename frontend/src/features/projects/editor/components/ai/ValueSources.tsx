import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValueSource } from '../../../api/ai';

const MAX_SHOWN = 8;

/** Where one item came from, in words: the material and its section, the description… */
function useOriginLabel() {
  const { t } = useTranslation('editor');
  return (source: ValueSource): string => {
    switch (source.source) {
      case 'material':
        return source.section ? t('ai.source.materialSection', { file: source.filename ?? '', section: source.section }) : t('ai.source.material', { file: source.filename ?? '' });
      case 'description':
        return t('ai.source.description');
      case 'instruction':
        return t('ai.source.instruction');
      case 'project':
        return t('ai.source.project');
      case 'deck':
        return t('ai.source.deck');
      case 'profile':
        return t('ai.source.profile');
      case 'layout':
        return t('ai.source.layout');
      case 'gallery':
        return t('ai.source.gallery');
      default:
        return t('ai.source.assistant');
    }
  };
}

export function SourceList({ sources }: { sources: readonly ValueSource[] }) {
  const { t } = useTranslation('editor');
  const originOf = useOriginLabel();
  const shown = sources.slice(0, MAX_SHOWN);
  return (
    <Stack spacing={0.75} sx={{ py: 0.5 }}>
      <Typography variant="caption" sx={{ fontWeight: 700 }}>
        {t('ai.source.title')}
      </Typography>
      {shown.map((source, index) => (
        <Box key={index}>
          <Typography variant="caption" component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {source.text}
          </Typography>
          <Typography variant="caption" component="div">
            {originOf(source)}
          </Typography>
          {source.excerpt && source.excerpt !== source.text && (
            <Typography variant="caption" component="div" sx={{ fontStyle: 'italic', opacity: 0.85, overflowWrap: 'anywhere' }}>
              {t('ai.source.excerpt', { excerpt: source.excerpt })}
            </Typography>
          )}
        </Box>
      ))}
      {sources.length > shown.length && <Typography variant="caption">{t('ai.source.more', { count: sources.length - shown.length })}</Typography>}
    </Stack>
  );
}

/**
 * A suggested value with its provenance on hover (and on keyboard focus): which material,
 * section and sentence each of its items was read from. Without provenance, just the value.
 */
export function ValueSources({ sources, children }: { sources: readonly ValueSource[] | undefined; children: ReactNode }) {
  const { t } = useTranslation('editor');
  if (!sources || sources.length === 0) return <>{children}</>;
  return (
    <Tooltip placement="bottom-start" title={<SourceList sources={sources} />} slotProps={{ tooltip: { sx: { maxWidth: 420 } } }}>
      <Box tabIndex={0} aria-label={t('ai.source.label')} sx={{ borderRadius: 0.5, cursor: 'help', '&:focus-visible': { outline: 2, outlineColor: 'ai.main' } }}>
        {children}
      </Box>
    </Tooltip>
  );
}
