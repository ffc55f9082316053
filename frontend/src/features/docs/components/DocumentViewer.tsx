import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { StatusMessage } from '@/components/StatusMessage';
import { useDocument } from '../api/getDocument';
import { MarkdownView } from './MarkdownView';

/** The /docs/{docType} page: a markdown document with Back to Home (spec §2). */
export function DocumentViewer({ docType }: { docType: string }) {
  const { t } = useTranslation('docs');
  const { t: tCommon } = useTranslation();
  const document = useDocument(docType);
  const { hash } = useLocation();

  // The browser cannot jump to `#section` before the markdown arrives; do it once it has.
  useEffect(() => {
    if (document.data === undefined || !hash) return;
    window.document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [document.data, hash]);

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        {t('back')}
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 5 } }}>
        {document.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label={tCommon('loading')} />
          </Box>
        )}
        {document.isError && <StatusMessage icon={<ErrorOutlineIcon />} title={t('loadFailed')} />}
        {document.data !== undefined && <MarkdownView markdown={document.data} />}
      </Paper>
    </Box>
  );
}
