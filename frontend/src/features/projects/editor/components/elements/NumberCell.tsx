import InputBase from '@mui/material/InputBase';
import { useState } from 'react';
import { parseNumber } from './parseNumber';

/**
 * A number input that lets people type freely ('-', '1.', '1e') and commits only values that
 * parse (blank = no value). While focused it shows what was typed; otherwise the stored number,
 * so undo and merges show through.
 */
export function NumberCell({ value, onChange, disabled, label }: { value: number | null; onChange: (value: number | null) => void; disabled: boolean; label: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === null ? '' : String(value));
  // A draft that no longer describes the stored value (undo while focused) gives way to it.
  const stale = draft !== null && parseNumber(draft) !== undefined && parseNumber(draft) !== value;
  const text = stale ? (value === null ? '' : String(value)) : shown;
  const invalid = parseNumber(text) === undefined;
  return (
    <InputBase
      value={text}
      disabled={disabled}
      error={invalid}
      onFocus={() => setDraft(value === null ? '' : String(value))}
      onBlur={() => setDraft(null)}
      onChange={(event) => {
        setDraft(event.target.value);
        const parsed = parseNumber(event.target.value);
        if (parsed !== undefined && parsed !== value) onChange(parsed);
      }}
      inputProps={{ 'aria-label': label, inputMode: 'decimal', 'aria-invalid': invalid || undefined }}
      sx={{ '& input': { textAlign: 'right' } }}
    />
  );
}
