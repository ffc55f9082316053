import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { materialRoute } from '../scope';
import type { Material } from '../types';
import { DeleteMaterialButton } from './DeleteMaterialButton';
import { EnabledSwitch } from './EnabledSwitch';
import { MaterialMeta } from './MaterialMeta';

/** The materials as rows; a row opens the detail page. Projects add the per-material enable toggle. */
export function MaterialList({ materials, projectId }: { materials: Material[]; projectId?: string }) {
  const { t } = useTranslation('materials');
  return (
    <List aria-label={t('list.label')} disablePadding>
      {materials.map((material, index) => (
        <ListItem
          key={material._id}
          divider={index < materials.length - 1}
          disablePadding
          secondaryAction={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {projectId && <EnabledSwitch material={material} projectId={projectId} />}
              <DeleteMaterialButton material={material} projectId={projectId} />
            </Stack>
          }
          sx={{
            '& .MuiListItemSecondaryAction-root': { right: 12 },
            // On a phone the switch keeps its accessible name but drops the visible "Enabled",
            // so the row's text keeps room beside the actions.
            '& .MuiFormControlLabel-label': { display: { xs: 'none', sm: 'block' } },
          }}
        >
          <ListItemButton component={RouterLink} to={materialRoute(material._id, projectId)} sx={{ py: 1.5, pr: projectId ? { xs: 16, sm: 22 } : 8 }}>
            <ListItemIcon sx={{ minWidth: 44 }}>
              <DescriptionOutlinedIcon color={material.enabled ? 'primary' : 'disabled'} />
            </ListItemIcon>
            <ListItemText
              primary={material.fileMeta.filename}
              secondary={<MaterialMeta material={material} projectId={projectId} />}
              slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } }, secondary: { component: 'div', sx: { mt: 0.5 } } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
