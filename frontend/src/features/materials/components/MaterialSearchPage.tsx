import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { StatusMessage } from '@/components/StatusMessage';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useMaterialSearch } from '../api/searchMaterials';
import type { ProjectRef } from '../scope';
import { BackToList } from './BackToList';
import { MaterialSearchBox } from './MaterialSearchBox';
import { SearchResultCard } from './SearchResultCard';

/**
 * /materials/search?q=, or with `project` /projects/{id}/materials/search?q= which searches only
 * that project's materials (spec §2 'Search results').
 */
export function MaterialSearchPage({ project }: { project?: ProjectRef }) {
  const { t } = useTranslation('materials');
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const projectId = project?.id;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <BackToList project={project} />
      <PageHeader
        title={t('results.title')}
        subtitle={project && (project.title ? t('project.searchScope', { title: project.title }) : t('project.searchScopeUntitled'))}
      />
      <Box sx={{ mb: 3, display: 'flex' }}>
        {/* Keyed by the query so a search from the address bar or history refills the box. */}
        <MaterialSearchBox key={query} projectId={projectId} initialQuery={query} />
      </Box>
      {query ? (
        <SearchResults query={query} projectId={projectId} />
      ) : (
        <StatusMessage icon={<ManageSearchIcon />} title={projectId ? t('results.emptyQueryProject') : t('results.emptyQuery')} />
      )}
    </Box>
  );
}

function SearchResults({ query, projectId }: { query: string; projectId?: string }) {
  const { t } = useTranslation('materials');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const search = useMaterialSearch(query, projectId);

  let body: ReactNode;
  if (search.isPending) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={tCommon('loading')} />
      </Box>
    );
  } else if (search.isError) {
    body = <StatusMessage icon={<ErrorOutlineIcon />} title={t('results.loadFailed')} body={describeError(search.error)} />;
  } else if (search.total === 0) {
    body = <StatusMessage icon={<SearchOffIcon />} title={t('results.noResults')} body={t('results.noResultsHint')} />;
  } else {
    body = (
      <>
        <Typography role="status" sx={{ mb: 2, fontWeight: 600 }}>
          {t('results.count', { count: search.total, query: search.query })}
        </Typography>
        <Stack spacing={2} aria-label={t('results.title')} component="section">
          {search.results.map((result) => (
            <SearchResultCard key={result.material._id} result={result} projectId={projectId} />
          ))}
        </Stack>
        {search.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
            <Button variant="outlined" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
              {t('results.more', { shown: search.results.length, count: search.total })}
            </Button>
          </Box>
        )}
      </>
    );
  }
  return <Box aria-busy={search.isFetching}>{body}</Box>;
}
