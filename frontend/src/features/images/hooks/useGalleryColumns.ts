import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Spec §9: the gallery masonry has 4 columns; narrower screens get fewer. */
export const GALLERY_COLUMNS = 4;

/** 4 columns from the `lg` breakpoint, 3 on `md`, 2 on `sm`, 1 on phones. */
export function useGalleryColumns(): number {
  const theme = useTheme();
  // noSsr: read the media query on the first render instead of re-laying out the grid after it.
  const lg = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const md = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const sm = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  if (lg) return GALLERY_COLUMNS;
  if (md) return 3;
  if (sm) return 2;
  return 1;
}
