import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { splitHighlights } from '../highlight';
import { materialRoute } from '../scope';
import { snippetView } from '../snippet';
import type { MaterialSearchResult } from '../types';
import { DeleteMaterialButton } from './DeleteMaterialButton';
import { EnabledSwitch } from './EnabledSwitch';
import { HighlightedText } from './HighlightedText';
import { MaterialMeta } from './MaterialMeta';

/**
 * One search hit (spec §2 'Search results'): the filename with the query highlighted, 200
 * characters of text around the first hit with ellipses where cut, the date, and the enabled
 * toggle and delete button. The card opens the material.
 */
export function SearchResultCard({ result, projectId }: { result: MaterialSearchResult; projectId?: string }) {
  const { material } = result;
  const snippet = snippetView(result.snippet, material.fileMeta.parsedText);
  return (
    <Card component="article" sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
      <CardActionArea component={RouterLink} to={materialRoute(material._id, projectId)} sx={{ flex: 1, minWidth: 0, p: 2.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere', mb: 0.75 }}>
          <HighlightedText parts={splitHighlights(material.fileMeta.filename, result.filenameHighlights)} />
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', mb: 1.25 }} data-testid="snippet">
          {snippet.leadingEllipsis && '…'}
          <HighlightedText parts={snippet.parts} />
          {snippet.trailingEllipsis && '…'}
        </Typography>
        <MaterialMeta material={material} projectId={projectId} />
      </CardActionArea>
      <Stack
        direction={{ xs: 'row', sm: 'column' }}
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'center', px: 2, py: 1.5, borderLeft: { sm: 1 }, borderTop: { xs: 1, sm: 0 }, borderColor: { xs: 'divider', sm: 'divider' } }}
      >
        <EnabledSwitch material={material} projectId={projectId} />
        <Box>
          <DeleteMaterialButton material={material} projectId={projectId} />
        </Box>
      </Stack>
    </Card>
  );
}
