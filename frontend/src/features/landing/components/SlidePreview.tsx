import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Box from '@mui/material/Box';

/** A decorative 16:9 slide drawn with boxes, so the hero needs no image assets. */
export function SlidePreview() {
  const bar = (width: string, opacity = 1) => ({ height: 10, width, borderRadius: 5, bgcolor: 'secondary.light', opacity });
  return (
    <Box aria-hidden sx={{ position: 'relative', display: { xs: 'none', sm: 'block' } }}>
      <Box
        sx={{
          aspectRatio: '16 / 9',
          bgcolor: 'background.paper',
          borderRadius: 3,
          boxShadow: '0 24px 60px -20px rgba(120, 60, 30, 0.35)',
          border: 1,
          borderColor: 'divider',
          p: 3,
          display: 'grid',
          gridTemplateColumns: '1fr 0.8fr',
          gap: 3,
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Box sx={{ height: 18, width: '80%', borderRadius: 9, bgcolor: 'primary.main' }} />
          <Box sx={bar('95%', 0.7)} />
          <Box sx={bar('85%', 0.7)} />
          <Box sx={bar('90%', 0.7)} />
          <Box sx={bar('60%', 0.7)} />
        </Box>
        <Box sx={{ borderRadius: 2, bgcolor: 'primary.light', opacity: 0.35 }} />
      </Box>
      <Box
        sx={{
          position: 'absolute',
          right: -12,
          bottom: -18,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          borderRadius: 5,
          bgcolor: 'ai.main',
          color: 'ai.contrastText',
          boxShadow: 3,
        }}
      >
        <AutoAwesomeIcon fontSize="small" />
        <Box sx={{ ...bar('64px'), bgcolor: 'ai.contrastText', opacity: 0.8, height: 8 }} />
      </Box>
    </Box>
  );
}
