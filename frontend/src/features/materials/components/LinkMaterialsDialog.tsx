import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifier/notifierContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useLinkMaterials } from '../api/linkMaterials';
import { useMaterials } from '../api/listMaterials';
import { MaterialMeta } from './MaterialMeta';

interface LinkMaterialsDialogProps {
  projectId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Link Materials (project only): tick materials of the general library to add to the project.
 * Those already in the project are shown ticked and disabled, marked as such: the server would
 * skip them anyway (spec §5).
 */
export function LinkMaterialsDialog({ projectId, open, onClose }: LinkMaterialsDialogProps) {
  const { t } = useTranslation('materials');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const library = useMaterials();
  const inProject = useMaterials(projectId);
  const linkedIds = useMemo(() => new Set(inProject.data?.map((material) => material._id)), [inProject.data]);
  const allLinked = Boolean(library.data?.length) && library.data?.every((material) => linkedIds.has(material._id));
  const link = useLinkMaterials(projectId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  function toggle(materialId: string) {
    setChosen((current) => (current.includes(materialId) ? current.filter((id) => id !== materialId) : [...current, materialId]));
  }

  async function submit() {
    setFailure(null);
    try {
      await link.mutateAsync(chosen);
      notify(t('link.linked'));
      onClose();
    } catch (error) {
      setFailure(t('link.failed', { reason: describeError(error) }));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={link.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{
        transition: {
          onExited: () => {
            setChosen([]);
            setFailure(null);
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{t('link.title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t('link.body')}</DialogContentText>
        {(library.isPending || inProject.isPending) && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={tCommon('loading')} />
          </Box>
        )}
        {(library.isError || inProject.isError) && <Alert severity="error">{describeError(library.error ?? inProject.error)}</Alert>}
        {library.data?.length === 0 && <Alert severity="info">{t('link.none')}</Alert>}
        {allLinked && <Alert severity="info">{t('link.allLinked')}</Alert>}
        {library.data && library.data.length > 0 && inProject.data && (
          <List dense aria-label={t('link.listLabel')}>
            {library.data.map((material) => {
              const linked = linkedIds.has(material._id);
              const nameId = `${titleId}-${material._id}-name`;
              const noteId = `${titleId}-${material._id}-linked`;
              return (
                // One control per row, the checkbox, named by the file name; the whole row is
                // its label, so a click anywhere on it ticks the box. (A checkbox inside a
                // clickable row would be a control in a control.)
                <ListItem key={material._id} disablePadding>
                  <Box
                    component="label"
                    sx={{
                      display: 'flex',
                      alignItems: 'flex-start',
                      width: '100%',
                      px: 2,
                      py: 0.5,
                      cursor: linked ? 'default' : 'pointer',
                      '&:hover': linked ? undefined : { bgcolor: 'action.hover' },
                    }}
                  >
                    <ListItemIcon sx={{ pt: 0.25 }}>
                      <Checkbox
                        edge="start"
                        checked={linked || chosen.includes(material._id)}
                        disabled={linked}
                        onChange={() => toggle(material._id)}
                        slotProps={{ input: { 'aria-labelledby': nameId, 'aria-describedby': linked ? noteId : undefined } }}
                      />
                    </ListItemIcon>
                    <ListItemText
                      primary={material.fileMeta.filename}
                      secondary={
                        <>
                          {linked && <Chip id={noteId} size="small" color="primary" variant="outlined" label={t('link.alreadyLinked')} sx={{ mb: 0.5 }} />}
                          <MaterialMeta material={material} showSize={false} />
                        </>
                      }
                      slotProps={{ primary: { id: nameId, sx: { overflowWrap: 'anywhere' } }, secondary: { component: 'div' } }}
                    />
                  </Box>
                </ListItem>
              );
            })}
          </List>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={link.isPending}>
          {tCommon('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={chosen.length === 0 || link.isPending}>
          {t('link.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
