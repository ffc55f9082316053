import AddLinkIcon from '@mui/icons-material/AddLink';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '@/components/StatusMessage';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useMaterials } from '../api/listMaterials';
import { CreateTextMaterialDialog } from './CreateTextMaterialDialog';
import { LinkMaterialsDialog } from './LinkMaterialsDialog';
import { MaterialList } from './MaterialList';
import { MaterialSearchBox } from './MaterialSearchBox';
import { UploadMaterialDialog } from './UploadMaterialDialog';

type OpenDialog = 'upload' | 'text' | 'link' | null;

export interface MaterialsPanelProps {
  /** The project whose materials these are; absent for the general library. */
  projectId?: string;
}

/**
 * The materials list with its search box, Upload, Create Text and delete (spec §2 'Materials
 * (general and project)'). In a project it adds Link Materials and the per-material enable
 * toggle. Without a page header, so a project's Materials tab can show it as it is.
 */
export function MaterialsPanel({ projectId }: MaterialsPanelProps) {
  const { t } = useTranslation('materials');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const materials = useMaterials(projectId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 3 }}>
        <MaterialSearchBox projectId={projectId} />
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<CloudUploadOutlinedIcon />} onClick={() => setDialog('upload')}>
            {t('actions.upload')}
          </Button>
          <Button variant="outlined" startIcon={<NoteAddOutlinedIcon />} onClick={() => setDialog('text')}>
            {t('actions.createText')}
          </Button>
          {projectId && (
            <Button variant="outlined" startIcon={<AddLinkIcon />} onClick={() => setDialog('link')}>
              {t('actions.link')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Card>
        {materials.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={tCommon('loading')} />
          </Box>
        )}
        {materials.isError && <StatusMessage icon={<ErrorOutlineIcon />} title={t('list.loadFailed')} body={describeError(materials.error)} />}
        {materials.data?.length === 0 && (
          <StatusMessage icon={<LibraryBooksOutlinedIcon />} title={projectId ? t('list.emptyProject') : t('list.empty')} />
        )}
        {materials.data && materials.data.length > 0 && <MaterialList materials={materials.data} projectId={projectId} />}
      </Card>
      <UploadMaterialDialog open={dialog === 'upload'} onClose={close} projectId={projectId} />
      <CreateTextMaterialDialog open={dialog === 'text'} onClose={close} projectId={projectId} />
      {projectId && <LinkMaterialsDialog open={dialog === 'link'} onClose={close} projectId={projectId} />}
    </Box>
  );
}
