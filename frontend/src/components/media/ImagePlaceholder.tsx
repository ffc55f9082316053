import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface ImagePlaceholderProps {
  /** Names the missing picture for screen readers (usually the image's alt text). */
  label: string;
  /** A short visible line under the icon, e.g. 'Authentication token not found'. */
  caption?: ReactNode;
  icon?: ReactNode;
}

/** What stands in for a picture that is missing or failed to load: fills its parent. */
export function ImagePlaceholder({ label, caption, icon }: ImagePlaceholderProps) {
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.5,
        p: 1,
        textAlign: 'center',
        bgcolor: 'grey.100',
        color: 'text.disabled',
        '& > svg': { fontSize: 40 },
      }}
    >
      {icon ?? <ImageNotSupportedOutlinedIcon />}
      {caption && (
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
    </Box>
  );
}
