import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import LabelIcon from '@mui/icons-material/Label';
import PublicIcon from '@mui/icons-material/Public';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@/api/types';
import { PublicToggle } from './PublicToggle';

interface TagListProps {
  tags: Tag[];
  currentUserId: string;
  isAdmin: boolean;
  onDelete: (tag: Tag) => void;
}

export function TagList({ tags, currentUserId, isAdmin, onDelete }: TagListProps) {
  const { t } = useTranslation('tags');
  return (
    <List aria-label={t('title')} disablePadding>
      {tags.map((tag, index) => {
        const own = tag.ownerId === currentUserId;
        // The server lets owners and Admins delete; offering it to others would only fail.
        const canDelete = own || isAdmin;
        const deleteLabel = canDelete ? t('delete', { name: tag.name }) : t('deleteOnlyOwner');
        return (
          <ListItem key={tag._id} divider={index < tags.length - 1} sx={{ py: 1.25 }}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <LabelIcon color={tag.public ? 'secondary' : 'primary'} />
            </ListItemIcon>
            <ListItemText
              primary={tag.name}
              secondary={own ? undefined : t('sharedByOther')}
              slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 2 }}>
              {isAdmin ? (
                <PublicToggle tag={tag} />
              ) : (
                tag.public && <Chip size="small" icon={<PublicIcon />} label={t('public')} variant="outlined" />
              )}
              <Tooltip title={deleteLabel}>
                {/* A span keeps the tooltip working on the disabled button. */}
                <span>
                  <IconButton aria-label={deleteLabel} onClick={() => onDelete(tag)} disabled={!canDelete} edge="end">
                    <DeleteOutlineIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
