import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { VisibleTag } from '../types';

interface TagSelectProps {
  label: string;
  /** Every tag the caller may use (own and public). */
  options: VisibleTag[];
  value: string[];
  onChange: (tagIds: string[]) => void;
  disabled?: boolean;
}

/** Picks tags for an image by name from the visible tags (GET /api/tags). */
export function TagSelect({ label, options, value, onChange, disabled = false }: TagSelectProps) {
  const { t } = useTranslation('images');
  const selected = options.filter((tag) => value.includes(tag._id));
  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      disabled={disabled}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(option, chosen) => option._id === chosen._id}
      onChange={(_event, tags) => onChange(tags.map((tag) => tag._id))}
      noOptionsText={t('tags.noOptions')}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag.name} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
