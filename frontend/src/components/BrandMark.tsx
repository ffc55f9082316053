import SlideshowIcon from '@mui/icons-material/Slideshow';
import Box from '@mui/material/Box';

/** The product mark: a terracotta tile with a slide icon (inverted on the terracotta top bar). */
export function BrandMark({ size = 32, inverse = false }: { size?: number; inverse?: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: 1.5,
        bgcolor: inverse ? 'primary.contrastText' : 'primary.main',
        color: inverse ? 'primary.main' : 'primary.contrastText',
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
      }}
    >
      <SlideshowIcon sx={{ fontSize: size * 0.65 }} />
    </Box>
  );
}
