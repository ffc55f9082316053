import { alpha, type Theme } from '@mui/material/styles';

/**
 * The look of anything the AI suggested and the user has not accepted yet: tinted in the AI
 * colour with a strong left edge, so it never passes for the user's own content. Shared by
 * every feature that shows suggestions, so they all read the same.
 */
export const aiSuggestionSurface = (theme: Theme) => ({
  border: 1,
  borderColor: alpha(theme.palette.ai.main, 0.45),
  borderLeft: 4,
  borderLeftColor: 'ai.main',
  borderRadius: 1,
  bgcolor: alpha(theme.palette.ai.main, 0.04),
  p: 1.5,
});
