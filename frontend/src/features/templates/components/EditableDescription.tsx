import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AiActionStatus } from '@/components/ai/AiActionStatus';
import { AiAttribution } from '@/components/ai/AiAttribution';
import type { AiCallOptions } from '@/components/ai/aiCall';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useAiDescription } from '../hooks/useAiDescription';
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
  /**
   * Asks the AI for a text to review in the editor (rejects when it failed). `options` carries
   * the cancel signal and, after a model failure, the choice of the offline assistant.
   */
  onGenerate: (options: AiCallOptions) => Promise<AiSuggestion>;
  /** A pending AI suggestion (e.g. from Generate All Missing), shown in view mode in place of `emptyText`. */
  suggestion?: ReactNode;
}

/**
 * A description with view and edit modes (spec §4): Edit opens the editor, Generate with AI opens
 * it with the AI's text to review (naming who wrote it until the user changes it), Save writes
 * it, Cancel discards it. A new AI text replaces a draft the user has changed only once they
 * confirm. While the model writes, its progress and Cancel show under the heading; so does a
 * failure, with the offline assistant to fall back on.
 */
export function EditableDescription({ heading, value, emptyText, canEdit, onSave, onGenerate, suggestion }: EditableDescriptionProps) {
  const { t } = useTranslation('templates');
  const { t: tCommon } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  // Who wrote the text in the editor, while it is the AI's unchanged (named under the field).
  const [draftAuthor, setDraftAuthor] = useState<AiSuggestion | null>(null);
  const ai = useAiDescription();
  const generating = ai.busy;
  // The AI text last put in the editor: replacing it with a new one needs no confirmation.
  const [aiText, setAiText] = useState<string | null>(null);
  // A generated text waiting for the user to confirm it may replace their changes.
  const [pending, setPending] = useState<AiSuggestion | null>(null);
  const [saving, setSaving] = useState(false);
  // The replace question opens when a generation ends; its answer gives the focus back here.
  const generateRef = useRef<HTMLButtonElement>(null);
  const editing = draft !== null;
  // The draft as it is when a generation ends (the user may type while it runs).
  const latest = useRef({ draft, aiText, value });
  useEffect(() => {
    latest.current = { draft, aiText, value };
  });

  function edit(text: string | null, author: AiSuggestion | null = null) {
    setDraft(text);
    setDraftAuthor(author);
    setAiText(author === null ? null : text);
  }

  function change(text: string) {
    setDraft(text);
    setDraftAuthor(null); // the user's words now, not the AI's
  }

  function generate() {
    return ai.generate(onGenerate, (generated) => {
      const { draft: current, aiText: lastAi, value: saved } = latest.current;
      // Only words the user wrote are worth a question: not the saved text, the AI's, or nothing.
      const changed = current !== null && current.trim() !== '' && current.trim() !== saved.trim() && current !== lastAi;
      if (changed) setPending(generated);
      else edit(generated.text, generated);
    });
  }

  function replaceWithPending() {
    if (pending !== null) edit(pending.text, pending);
    setPending(null);
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
    <Button ref={generateRef} size="small" color="ai" startIcon={<AutoAwesomeIcon />} loading={generating} onClick={() => void generate()} disabled={saving}>
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
      <AiActionStatus action={ai.action} describe={ai.describe} sx={{ mb: 1 }} />
      {editing ? (
        <>
          <TextField
            label={heading}
            value={draft}
            onChange={(event) => change(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
            {draftAuthor !== null && (
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <AiAttribution provider={draftAuthor.provider} fallbackFields={draftAuthor.fallbackFields} droppedFacts={draftAuthor.droppedFacts} />
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
            <Typography color={value ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {value || emptyText}
            </Typography>
          )}
          {suggestion && <Box sx={{ mt: value ? 1 : 0.5 }}>{suggestion}</Box>}
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('description.replaceTitle')}
        body={t('description.replaceBody')}
        confirmLabel={t('description.replace')}
        onConfirm={replaceWithPending}
        onCancel={() => setPending(null)}
        returnFocusTo={generateRef}
      />
    </Box>
  );
}
