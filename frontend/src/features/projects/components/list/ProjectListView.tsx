import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '@/i18n/languageContext';
import { formatDay } from '../../format';
import type { ProjectSummary } from '../../types';

interface ProjectViewProps {
  projects: ProjectSummary[];
  onPlay: (project: ProjectSummary) => void;
  onDelete: (project: ProjectSummary) => void;
}

/** The default view (spec §2): rows that open the project, each with a Play / Delete menu. */
export function ProjectListView({ projects, onPlay, onDelete }: ProjectViewProps) {
  const { t } = useTranslation('projects');
  const { uiLanguage } = useLanguage();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; project: ProjectSummary } | null>(null);

  return (
    <Card>
      <List aria-label={t('list.label')} disablePadding>
        {projects.map((project, index) => (
          <ListItem
            key={project._id}
            divider={index < projects.length - 1}
            disablePadding
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('list.moreActions', { title: project.title })}
                aria-haspopup="menu"
                onClick={(event) => setMenu({ anchor: event.currentTarget, project })}
              >
                <MoreVertIcon />
              </IconButton>
            }
          >
            <ListItemButton component={RouterLink} to={`/projects/${project._id}`} sx={{ py: 1.5, pr: 8 }}>
              <ListItemIcon sx={{ minWidth: 44 }}>
                <SlideshowOutlinedIcon color="primary" />
              </ListItemIcon>
              <ListItemText
                primary={project.title}
                secondary={[
                  project.description,
                  t('list.slideCount', { count: project.numSlides }),
                  t('list.created', { date: formatDay(project.createdAt, uiLanguage) ?? '' }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{
                  primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                  secondary: { noWrap: true },
                }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            if (menu) onPlay(menu.project);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <PlayArrowIcon fontSize="small" />
          </ListItemIcon>
          {t('actions.play')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) onDelete(menu.project);
            setMenu(null);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" color="error" />
          </ListItemIcon>
          {t('actions.delete')}
        </MenuItem>
      </Menu>
    </Card>
  );
}

export type { ProjectViewProps };
