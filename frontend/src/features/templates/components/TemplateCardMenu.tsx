import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import PublicIcon from '@mui/icons-material/Public';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { TemplateSummary } from '../types';

/** Where the menu opens: at the pointer (right-click) or under the more button. */
export type MenuAnchor = { element: HTMLElement } | { position: { top: number; left: number } };

export interface TemplateActions {
  onPublish: (template: TemplateSummary) => void;
  onUploadThumbnails: (template: TemplateSummary) => void;
  onDelete: (template: TemplateSummary) => void;
}

interface TemplateCardMenuProps extends TemplateActions {
  template: TemplateSummary;
  anchor: MenuAnchor | null;
  onClose: () => void;
}

/** The card's context menu (spec §2): Publish (disabled once published), Upload thumbnails, Delete. */
export function TemplateCardMenu({ template, anchor, onClose, onPublish, onUploadThumbnails, onDelete }: TemplateCardMenuProps) {
  const { t } = useTranslation('templates');
  const choose = (action: (template: TemplateSummary) => void) => () => {
    onClose();
    action(template);
  };
  return (
    <Menu
      open={anchor !== null}
      onClose={onClose}
      anchorReference={anchor && 'position' in anchor ? 'anchorPosition' : 'anchorEl'}
      anchorPosition={anchor && 'position' in anchor ? anchor.position : undefined}
      anchorEl={anchor && 'element' in anchor ? anchor.element : undefined}
    >
      <MenuItem onClick={choose(onPublish)} disabled={template.public}>
        <ListItemIcon>
          <PublicIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('menu.publish')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={choose(onUploadThumbnails)}>
        <ListItemIcon>
          <PhotoLibraryOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('menu.uploadThumbnails')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={choose(onDelete)} sx={{ color: 'error.main' }}>
        <ListItemIcon sx={{ color: 'inherit' }}>
          <DeleteOutlineIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('menu.delete')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
