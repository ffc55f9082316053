import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ElementEditorProps } from './types';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Multiline text: each line becomes a paragraph in the exported slide. */
export function TextElementEditor({ element, value, disabled, onChange, inputId }: ElementEditorProps) {
  const { t } = useTranslation('editor');
  const text = typeof value === 'string' ? value : '';
  const capacity = element.capacity;
  const max = capacity ? (CJK.test(text) ? capacity.maxCharsCjk : capacity.maxChars) : null;
  const over = max !== null && text.length > max;
  return (
    <TextField
      id={inputId}
      value={disabled && !text ? element.innerText : text}
      onChange={(event) => onChange(event.target.value)}
      placeholder={element.innerText || t('elements.textPlaceholder')}
      disabled={disabled}
      multiline
      minRows={1}
      maxRows={10}
      fullWidth
      slotProps={{ htmlInput: { 'aria-label': t('elements.valueOf', { name: element.name }) } }}
      helperText={max !== null && !disabled ? t(over ? 'elements.tooLong' : 'elements.length', { count: text.length, max }) : undefined}
      error={over}
      sx={{ '& .MuiFormHelperText-root': { textAlign: 'right', mr: 0 } }}
    />
  );
}
