import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

// The backend's limit for file and slide descriptions.
const MAX_LENGTH = 5000;

interface EditableDescriptionProps {
  /** The heading, e.g. 'File description'; also names the text field. */
  heading: string;
  value: string;
  /** Shown in view mode when `value` is empty. */
  emptyText: string;
  canEdit: boolean;
  /** Saves the edited text; rejects to keep the editor open (the caller reports the error). */
  onSave: (text: string) => Promise<void>;
  /** Asks the AI for a text to review in the editor; null when there is none. */
  onGenerate: () => Promise<string | null>;
  generating: boolean;
}

/**
 * A description with view and edit modes (spec §4): Edit opens the editor, Generate with AI opens
 * it with the AI's text to review, Save writes it, Cancel discards it.
 */
export function EditableDescription({ heading, value, emptyText, canEdit, onSave, onGenerate, generating }: EditableDescriptionProps) {
  const { t } = useTranslation('templates');
  const { t: tCommon } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = draft !== null;

  async function generate() {
    const text = await onGenerate();
    if (text !== null) setDraft(text);
  }

  async function save() {
    if (draft === null) return;
    setSaving(true);
    try {
      await onSave(draft.trim());
      setDraft(null);
    } catch {
      // Stay in the editor so nothing typed is lost; the caller showed the error.
    } finally {
      setSaving(false);
    }
  }

  const generateButton = canEdit && (
    <Button size="small" color="ai" startIcon={<AutoAwesomeIcon />} loading={generating} onClick={() => void generate()} disabled={saving}>
      {t('description.generate')}
    </Button>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1, fontWeight: 700 }}>
          {heading}
        </Typography>
        {!editing && canEdit && (
          <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => setDraft(value)} aria-label={t('description.editLabel', { what: heading })}>
            {t('description.edit')}
          </Button>
        )}
        {generateButton}
      </Box>
      {editing ? (
        <>
          <TextField
            label={heading}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
            <Button size="small" onClick={() => setDraft(null)} disabled={saving}>
              {tCommon('actions.cancel')}
            </Button>
            <Button size="small" variant="contained" onClick={() => void save()} loading={saving}>
              {t('description.save')}
            </Button>
          </Box>
        </>
      ) : (
        <Typography color={value ? 'text.primary' : 'text.disabled'} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {value || emptyText}
        </Typography>
      )}
    </Box>
  );
}
