import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/languageContext';
import { formatDay } from '../../format';
import type { ProjectSummary } from '../../types';

interface TrashViewProps {
  projects: ProjectSummary[];
  busy: boolean;
  onRestore: (project: ProjectSummary) => void;
  onDeleteForever: (project: ProjectSummary) => void;
}

/** Projects in the trash: Restore or Delete forever (after a confirmation). */
export function TrashView({ projects, busy, onRestore, onDeleteForever }: TrashViewProps) {
  const { t } = useTranslation('projects');
  const { uiLanguage } = useLanguage();
  return (
    <Card>
      <List aria-label={t('trash.label')} disablePadding>
        {projects.map((project, index) => (
          <ListItem key={project._id} divider={index < projects.length - 1} sx={{ py: 1.5, flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={project.title}
              secondary={t('trash.deletedOn', { date: formatDay(project.deletedAt, uiLanguage) ?? '' })}
              slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
              sx={{ minWidth: 200 }}
            />
            <Stack direction="row" spacing={1}>
              <Button
                startIcon={<RestoreFromTrashIcon />}
                onClick={() => onRestore(project)}
                disabled={busy}
                aria-label={t('trash.restoreNamed', { title: project.title })}
              >
                {t('trash.restore')}
              </Button>
              <Button
                color="error"
                startIcon={<DeleteForeverOutlinedIcon />}
                onClick={() => onDeleteForever(project)}
                disabled={busy}
                aria-label={t('trash.deleteForeverNamed', { title: project.title })}
              >
                {t('trash.deleteForever')}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
