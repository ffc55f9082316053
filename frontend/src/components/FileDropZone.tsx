import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState, type DragEvent, type ReactNode } from 'react';
import { FilePickButton } from './media/FilePickButton';

interface FileDropZoneProps {
  /** The file input's `accept` (extensions or MIME types); the caller still validates. */
  accept: string;
  /** Names the zone for screen readers. */
  ariaLabel: string;
  dropLabel: ReactNode;
  orLabel: ReactNode;
  chooseLabel: string;
  hint?: ReactNode;
  /** Shown inside the zone once a file is chosen (name, preview...). */
  selection?: ReactNode;
  disabled?: boolean;
  /** Every file dropped or picked; one-file and type rules are the caller's. */
  onFiles: (files: File[]) => void;
}

/**
 * A dashed drop target with a Choose File button: drag and drop or the system picker, one
 * look for every upload dialog. Text comes from the caller, already translated.
 */
export function FileDropZone({
  accept,
  ariaLabel,
  dropLabel,
  orLabel,
  chooseLabel,
  hint,
  selection,
  disabled = false,
  onFiles,
}: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles(Array.from(event.dataTransfer.files));
  }

  return (
    <Box
      role="group"
      aria-label={ariaLabel}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'background.default',
        borderRadius: 2,
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      {selection ?? (
        <>
          <UploadFileOutlinedIcon color="primary" sx={{ fontSize: 44 }} />
          <Typography sx={{ fontWeight: 600 }}>{dropLabel}</Typography>
          <Typography variant="body2" color="text.secondary">
            {orLabel}
          </Typography>
        </>
      )}
      <FilePickButton variant="outlined" accept={accept} onFiles={onFiles} disabled={disabled} inputLabel={chooseLabel}>
        {chooseLabel}
      </FilePickButton>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}
