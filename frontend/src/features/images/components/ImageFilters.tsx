import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ImageBrowserState } from '../hooks/useImageBrowser';

/** Search by description (or tag name) and narrow to one tag. */
export function ImageFilters({ browser }: { browser: ImageBrowserState }) {
  const { t } = useTranslation('images');
  const selectedTag = browser.tags.find((tag) => tag._id === browser.tagId) ?? null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
      <TextField
        type="search"
        label={t('filters.search')}
        value={browser.search}
        onChange={(event) => browser.setSearch(event.target.value)}
        sx={{ flex: 2 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Autocomplete
        options={browser.tags}
        value={selectedTag}
        onChange={(_event, tag) => browser.setTagId(tag?._id ?? null)}
        getOptionLabel={(tag) => tag.name}
        isOptionEqualToValue={(option, chosen) => option._id === chosen._id}
        noOptionsText={t('tags.noOptions')}
        renderInput={(params) => (
          // Shrunk like the search field's label (which its icon keeps shrunk), so both line up.
          <TextField {...params} label={t('filters.tag')} placeholder={t('filters.anyTag')} slotProps={{ inputLabel: { shrink: true } }} />
        )}
        sx={{ flex: 1, minWidth: 200 }}
      />
    </Stack>
  );
}
