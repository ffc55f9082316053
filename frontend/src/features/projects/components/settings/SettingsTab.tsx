import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/languageContext';
import type { EditorSession, SessionState } from '../../editor/session';
import { formatDateTime } from '../../format';
import { DangerZone } from './DangerZone';
import { EditSettingDialog, type SettingField } from './EditSettingDialog';

interface SettingsTabProps {
  session: EditorSession;
  state: SessionState;
  templateName: string | null;
  onDeleted: () => void;
}

/** The Settings tab (spec §2): each setting opens its edit dialog; times; the Danger Zone. */
export function SettingsTab({ session, state, templateName, onDeleted }: SettingsTabProps) {
  const { t } = useTranslation('projects');
  const { uiLanguage } = useLanguage();
  const [editing, setEditing] = useState<SettingField | null>(null);
  const { project } = state;

  const rows: { field: SettingField; value: string }[] = [
    { field: 'title', value: project.title },
    { field: 'description', value: project.description || t('settings.none') },
    { field: 'lang', value: t(`languages.${project.lang as 'en'}`) },
    { field: 'numSlides', value: String(state.doc.length) },
    { field: 'pptxFileId', value: project.pptxFileId ? (templateName?.replace(/\.pptx$/i, '') ?? '…') : t('fields.noTemplate') },
  ];

  return (
    <Stack spacing={3} sx={{ maxWidth: 820 }}>
      <Card>
        <List aria-label={t('settings.label')} disablePadding>
          {rows.map(({ field, value }, index) => (
            <ListItem
              key={field}
              divider={index < rows.length - 1}
              secondaryAction={
                <Tooltip title={t('settings.edit', { field: t(`fields.${field}`) })}>
                  <IconButton edge="end" aria-label={t('settings.edit', { field: t(`fields.${field}`) })} onClick={() => setEditing(field)}>
                    <EditOutlinedIcon />
                  </IconButton>
                </Tooltip>
              }
              sx={{ py: 1.5, pr: 8 }}
            >
              <ListItemText
                primary={t(`fields.${field}`)}
                secondary={value}
                slotProps={{
                  primary: { variant: 'caption', color: 'text.secondary', sx: { fontWeight: 600 } },
                  secondary: { variant: 'body1', color: 'text.primary', sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } },
                }}
              />
            </ListItem>
          ))}
        </List>
      </Card>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', px: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('settings.created', { date: formatDateTime(project.createdAt, uiLanguage) ?? '' })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('settings.updated', { date: formatDateTime(project.updatedAt, uiLanguage) ?? '' })}
        </Typography>
      </Box>
      <DangerZone projectId={project._id} title={project.title} session={session} onDeleted={onDeleted} />
      <EditSettingDialog field={editing} session={session} state={state} onClose={() => setEditing(null)} />
    </Stack>
  );
}
