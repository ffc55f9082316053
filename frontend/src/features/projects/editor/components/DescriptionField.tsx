import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editorActions } from '../actions/registry';
import { useEditor } from './EditorContext';

/**
 * The content description in its two modes (spec §4): read as text, edited in place. Every
 * keystroke goes through the shell, so autosave and undo cover it while editing too.
 */
export function DescriptionField({ slideId, value, position }: { slideId: string; value: string; position: number }) {
  const { t } = useTranslation('editor');
  const { session } = useEditor();
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <Box>
        <TextField
          label={t('description.label')}
          value={value}
          onChange={(event) => session.run(editorActions.setDescription, { slideId, value: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Escape' || (event.key === 'Enter' && (event.metaKey || event.ctrlKey))) setEditing(false);
          }}
          placeholder={t('description.placeholder')}
          multiline
          minRows={2}
          maxRows={12}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { 'aria-label': t('description.ariaLabel', { position }) } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
          <Button size="small" onClick={() => setEditing(false)}>
            {t('description.done')}
          </Button>
        </Box>
      </Box>
    );
  }

  const shown = value.trim() ? value : t('description.missing');
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box
        role="button"
        tabIndex={0}
        // What it does, then what it shows: the name holds the visible text (WCAG 2.5.3).
        aria-label={t('description.editWithText', { position, text: shown })}
        onClick={() => setEditing(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            setEditing(true);
          }
        }}
        sx={{
          flex: 1,
          cursor: 'text',
          borderRadius: 1,
          px: 1,
          py: 0.75,
          mx: -1,
          // The theme's focus ring shows where the keyboard is (WCAG 2.4.7).
          '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
        }}
      >
        {value.trim() ? (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Typography>
        ) : (
          <Typography color="warning.dark" sx={{ fontStyle: 'italic' }}>
            {shown}
          </Typography>
        )}
      </Box>
      <Tooltip title={t('description.editShort')}>
        <IconButton size="small" onClick={() => setEditing(true)} aria-hidden tabIndex={-1}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
