import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef } from 'react';

interface FilePickButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The `accept` of the file input, e.g. `.pptx` or `image/jpeg`. */
  accept: string;
  multiple?: boolean;
  /** The chosen files (never empty). Choosing the same file again fires again. */
  onFiles: (files: File[]) => void;
  /** Names the hidden input for tests and assistive technology. */
  inputLabel?: string;
}

/** A button that opens the browser's file chooser. */
export function FilePickButton({ accept, multiple = false, onFiles, inputLabel, children, ...buttonProps }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...buttonProps} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        aria-label={inputLabel}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Reset so picking the same file again (after fixing it) still fires onChange.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
