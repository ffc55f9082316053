import Alert from '@mui/material/Alert';

/** The general error above a form; renders nothing without a message. */
export function FormBanner({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 1 }} role="alert">
      {message}
    </Alert>
  );
}
