import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ThumbnailCarousel } from '@/components/media/ThumbnailCarousel';
import { templateThumbnailUrl } from '../api/thumbnailUrl';
import type { TemplateSummary } from '../types';
import { TemplateCardMenu, type MenuAnchor, type TemplateActions } from './TemplateCardMenu';
import { TemplateStatusChips } from './TemplateStatusChips';

interface TemplateCardProps extends TemplateActions {
  template: TemplateSummary;
  /** Shown instead of the 'no thumbnails' caption while the thumbnails render. */
  renderingCaption?: string;
}

/**
 * One template in the list (spec §2): thumbnail carousel, file name, description, status chips.
 * Clicking opens the detail page; right-click or the more button opens the menu (own templates).
 */
export function TemplateCard({ template, renderingCaption, ...actions }: TemplateCardProps) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<MenuAnchor | null>(null);
  const detailPath = `/pptx-files/${template._id}`;
  const urls = template.thumbnailSlides.map((slide) => templateThumbnailUrl(template._id, slide, template.updatedAt));

  function openMenuAtPointer(event: MouseEvent) {
    if (!template.canEdit) return; // read-only: keep the browser's own menu
    event.preventDefault();
    setMenuAnchor({ position: { top: event.clientY, left: event.clientX } });
  }

  return (
    <>
      <Card
        onClick={() => void navigate(detailPath)}
        onContextMenu={openMenuAtPointer}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', cursor: 'pointer', transition: 'box-shadow 150ms', '&:hover': { boxShadow: 4 } }}
      >
        <ThumbnailCarousel urls={urls} label={template.filename} emptyCaption={renderingCaption} />
        <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Link
              component={RouterLink}
              to={detailPath}
              underline="hover"
              color="text.primary"
              onClick={(event) => event.stopPropagation()}
              sx={{ flex: 1, minWidth: 0, fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {template.filename}
            </Link>
            {template.canEdit && (
              <IconButton
                size="small"
                aria-label={t('menu.open', { name: template.filename })}
                aria-haspopup="menu"
                onClick={(event) => {
                  event.stopPropagation();
                  setMenuAnchor({ element: event.currentTarget });
                }}
                sx={{ mt: -0.5, mr: -1 }}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
          <Typography
            variant="body2"
            color="text.secondary"
            fontStyle={template.description ? undefined : 'italic'}
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', flex: 1 }}
          >
            {template.description || t('noDescription')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <TemplateStatusChips template={template} />
            <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
              {t('slideCount', { count: template.slideCount })}
            </Typography>
          </Box>
        </CardContent>
      </Card>
      {/* Outside the card: clicks in the menu must not bubble (through the portal) to the card. */}
      {template.canEdit && <TemplateCardMenu template={template} anchor={menuAnchor} onClose={() => setMenuAnchor(null)} {...actions} />}
    </>
  );
}
