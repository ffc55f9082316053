import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '@/i18n/languageContext';
import { formatDay } from '../../format';
import { ProjectCardCarousel } from './ProjectCardCarousel';
import type { ProjectViewProps } from './ProjectListView';

/** Grid view (spec §2): 12 / 6 / 4 columns by breakpoint, a thumbnail carousel per card. */
export function ProjectGridView({ projects, onPlay, onDelete }: ProjectViewProps) {
  const { t } = useTranslation('projects');
  const { uiLanguage } = useLanguage();
  return (
    <Grid container spacing={3} component="ul" aria-label={t('list.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {projects.map((project) => (
        <Grid key={project._id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
          <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <ProjectCardCarousel project={project} />
            <CardContent sx={{ flex: 1, pb: 1 }}>
              <Link component={RouterLink} to={`/projects/${project._id}`} underline="hover" color="text.primary" variant="h6" sx={{ fontWeight: 700, display: 'block', overflowWrap: 'anywhere' }}>
                {project.title}
              </Link>
              {project.description && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                >
                  {project.description}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {t('list.created', { date: formatDay(project.createdAt, uiLanguage) ?? '' })}
                {' · '}
                {t('list.slideCount', { count: project.numSlides })}
              </Typography>
            </CardContent>
            <CardActions sx={{ pt: 0 }}>
              <Tooltip title={t('actions.edit')}>
                <IconButton component={RouterLink} to={`/projects/${project._id}`} aria-label={t('grid.edit', { title: project.title })}>
                  <EditOutlinedIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('actions.play')}>
                <IconButton onClick={() => onPlay(project)} aria-label={t('grid.play', { title: project.title })}>
                  <PlayArrowIcon />
                </IconButton>
              </Tooltip>
              <Box sx={{ flex: 1 }} />
              <Tooltip title={t('actions.delete')}>
                <IconButton onClick={() => onDelete(project)} aria-label={t('grid.delete', { title: project.title })}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
