import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { DeckIssues } from '../model';

function list(positions: number[], max = 8) {
  return positions.length > max ? `${positions.slice(0, max).join(', ')}…` : positions.join(', ');
}

type IssueKey = 'missingDescription' | 'unassignedTemplate' | 'emptyElements';

/**
 * Spec §2: banners for missing descriptions, unassigned templates and empty elements, gathered
 * in one panel (one line each, with a Show that jumps to the first such slide) so they inform
 * without pushing the slides down the page.
 */
export function DeckBanners({ issues, hasTemplate, onShow }: { issues: DeckIssues; hasTemplate: boolean; onShow: (position: number) => void }) {
  const { t } = useTranslation('editor');
  const rows = (
    [
      ['missingDescription', issues.missingDescription],
      ...(hasTemplate ? ([['unassignedTemplate', issues.unassignedTemplate]] as const) : []),
      ['emptyElements', issues.emptyElements],
    ] as [IssueKey, number[]][]
  ).filter(([, positions]) => positions.length > 0);
  if (rows.length === 0) return null;
  const warning = rows.some(([key]) => key !== 'emptyElements');
  return (
    <Alert severity={warning ? 'warning' : 'info'} sx={{ py: 0.25, '& .MuiAlert-message': { width: '100%' } }}>
      <Stack spacing={0}>
        {rows.map(([key, positions]) => (
          <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box component="span" sx={{ flex: 1 }}>
              {t(`banners.${key}`, { count: positions.length, slides: list(positions) })}
            </Box>
            <Button color="inherit" size="small" onClick={() => onShow(positions[0] as number)} aria-label={`${t('banners.show')}: ${t(`banners.${key}`, { count: positions.length, slides: list(positions) })}`}>
              {t('banners.show')}
            </Button>
          </Box>
        ))}
      </Stack>
    </Alert>
  );
}
