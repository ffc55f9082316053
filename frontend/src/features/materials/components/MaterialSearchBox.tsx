import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { materialSearchRoute } from '../scope';

/** The search field: Enter (or the icon) opens the results page, /materials/search?q=… (or the project's). */
export function MaterialSearchBox({ projectId, initialQuery = '' }: { projectId?: string; initialQuery?: string }) {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = query.trim();
    if (trimmed) void navigate(materialSearchRoute(trimmed, projectId));
  }

  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ flex: 1, minWidth: 240 }}>
      <TextField
        fullWidth
        type="search"
        label={projectId ? t('search.labelProject') : t('search.label')}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        slotProps={{
          htmlInput: { maxLength: 500 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" aria-label={t('search.submit')} edge="end">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
