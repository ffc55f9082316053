import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AiAttribution } from '@/components/ai/AiAttribution';
import type { AiSuggestion } from '../types';

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
  onGenerate: () => Promise<AiSuggestion | null>;
  generating: boolean;
  /** A pending AI suggestion (e.g. from Generate All Missing), shown in view mode in place of `emptyText`. */
  suggestion?: ReactNode;
}

/**
 * A description with view and edit modes (spec §4): Edit opens the editor, Generate with AI opens
 * it with the AI's text to review (naming who wrote it), Save writes it, Cancel discards it.
 */
export function EditableDescription({ heading, value, emptyText, canEdit, onSave, onGenerate, generating, suggestion }: EditableDescriptionProps) {
  const { t } = useTranslation('templates');
  const { t: tCommon } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  // Who wrote the text in the editor, while it is the AI's (named under the field).
  const [draftProvider, setDraftProvider] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = draft !== null;

  function edit(text: string | null, provider: string | null = null) {
    setDraft(text);
    setDraftProvider(provider);
  }

  async function generate() {
    const generated = await onGenerate();
    if (generated !== null) edit(generated.text, generated.provider);
  }

  async function save() {
    if (draft === null) return;
    setSaving(true);
    try {
      await onSave(draft.trim());
      edit(null);
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
          <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => edit(value)} aria-label={t('description.editLabel', { what: heading })}>
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
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
            {draftProvider !== null && (
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <AiAttribution provider={draftProvider} />
              </Box>
            )}
            <Button size="small" onClick={() => edit(null)} disabled={saving}>
              {tCommon('actions.cancel')}
            </Button>
            <Button size="small" variant="contained" onClick={() => void save()} loading={saving}>
              {t('description.save')}
            </Button>
          </Box>
        </>
      ) : (
        <>
          {(value || !suggestion) && (
            <Typography color={value ? 'text.primary' : 'text.disabled'} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {value || emptyText}
            </Typography>
          )}
          {suggestion && <Box sx={{ mt: value ? 1 : 0.5 }}>{suggestion}</Box>}
        </>
      )}
    </Box>
  );
}
