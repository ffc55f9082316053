import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { FilePickButton } from './FilePickButton';

interface UploadHeaderActionsProps {
  /** The sibling page (Files ⇄ PPTX Templates). */
  link: { to: string; label: string; icon: ReactNode };
  uploadLabel: string;
  accept: string;
  busy: boolean;
  onFile: (file: File) => void;
}

/** A library page's header actions: a link to its sibling page and the Upload button. */
export function UploadHeaderActions({ link, uploadLabel, accept, busy, onFile }: UploadHeaderActionsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Button component={RouterLink} to={link.to} startIcon={link.icon}>
        {link.label}
      </Button>
      <FilePickButton
        variant="contained"
        startIcon={<UploadFileIcon />}
        accept={accept}
        inputLabel={uploadLabel}
        disabled={busy}
        onFiles={([file]) => file && onFile(file)}
      >
        {uploadLabel}
      </FilePickButton>
    </Box>
  );
}
