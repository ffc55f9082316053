import TextField from '@mui/material/TextField';

/** A value shown in the form's look but not editable (the email, the join date). */
export function ReadOnlyField({ label, value, helperText }: { label: string; value: string; helperText?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      helperText={helperText}
      fullWidth
      // Multiline wraps a long address on a phone instead of cutting it off.
      multiline
      margin="normal"
      slotProps={{ input: { readOnly: true, disableUnderline: true } }}
    />
  );
}
