import Box from '@mui/material/Box';
import type { TextPart } from '../highlight';

/**
 * Text with its search hits in <mark> elements. The parts are rendered as React text, never as
 * HTML, so a filename or document containing markup stays inert.
 */
export function HighlightedText({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.highlighted ? (
          <Box
            key={index}
            component="mark"
            sx={{ bgcolor: 'rgba(255, 213, 79, 0.55)', color: 'inherit', px: 0.25, borderRadius: 0.5, fontWeight: 600 }}
          >
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
