import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/api/errors';
import { PageHeader } from '@/components/PageHeader';
import { StatusMessage } from '@/components/StatusMessage';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useMaterial } from '../api/getMaterial';
import { useMaterialFacts } from '../hooks/useMaterialFacts';
import { isLinkedInto, listHref, type ProjectRef } from '../scope';
import type { Material } from '../types';
import { BackToList } from './BackToList';
import { DeleteMaterialButton } from './DeleteMaterialButton';
import { EnabledSwitch } from './EnabledSwitch';
import { MaterialTagsEditor } from './MaterialTagsEditor';

interface MaterialDetailPageProps {
  materialId: string;
  /** The project the material is shown in (/projects/{id}/materials/{materialId}). */
  project?: ProjectRef;
}

/** /materials/{id} (or a project's): one material in full (spec §2 'Material detail'). */
export function MaterialDetailPage({ materialId, project }: MaterialDetailPageProps) {
  const { t } = useTranslation('materials');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const material = useMaterial(materialId, project?.id);
  const back = <BackToList project={project} />;

  if (material.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={tCommon('loading')} />
      </Box>
    );
  }
  if (material.isError) {
    const notFound = isApiError(material.error) && material.error.status === 404;
    return (
      <Box sx={{ maxWidth: 1100 }}>
        {back}
        {notFound ? (
          <StatusMessage icon={<SearchOffIcon />} title={t('detail.notFound')} />
        ) : (
          <StatusMessage icon={<ErrorOutlineIcon />} title={t('detail.loadFailed')} body={describeError(material.error)} />
        )}
      </Box>
    );
  }
  return (
    <Box sx={{ maxWidth: 1100 }}>
      {back}
      <MaterialDetails material={material.data} project={project} />
    </Box>
  );
}

function MaterialDetails({ material, project }: { material: Material; project?: ProjectRef }) {
  const { t } = useTranslation('materials');
  const projectId = project?.id;
  const navigate = useNavigate();
  const facts = useMaterialFacts(material);
  const text = material.fileMeta.parsedText;
  return (
    <>
      <PageHeader
        title={<Box component="span" sx={{ overflowWrap: 'anywhere' }}>{material.fileMeta.filename}</Box>}
        subtitle={isLinkedInto(material, projectId) && t('meta.linked')}
        actions={
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', width: { xs: '100%', sm: 'auto' } }}>
            <EnabledSwitch material={material} projectId={projectId} />
            <DeleteMaterialButton
              material={material}
              projectId={projectId}
              variant="button"
              onDeleted={() => void navigate(listHref(project), { replace: true })}
            />
          </Stack>
        }
      />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, m: 0, mb: 3 }}>
            <Fact label={t('detail.type')} value={facts.type} />
            <Fact label={t('detail.size')} value={facts.size} />
            <Fact label={t('detail.created')} value={facts.created} />
          </Box>
          <MaterialTagsEditor key={material.tags.join('\n')} material={material} projectId={projectId} />
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('detail.parsedText')}
      </Typography>
      <Card>
        <Box
          component="pre"
          // A long text scrolls inside the card: focusable so the keyboard can scroll it too.
          tabIndex={0}
          aria-label={t('detail.parsedText')}
          sx={{
            m: 0,
            p: 2.5,
            maxHeight: '60vh',
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, "Noto Sans Mono CJK SC", "Microsoft YaHei Mono", monospace',
            fontSize: 14,
            lineHeight: 1.7,
            bgcolor: 'grey.50',
          }}
        >
          {text || <Typography component="span" color="text.secondary">{t('detail.emptyText')}</Typography>}
        </Box>
      </Card>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}
