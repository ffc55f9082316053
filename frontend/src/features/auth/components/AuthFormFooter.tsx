import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

interface AuthFormFooterProps {
  loading: boolean;
  submitLabel: string;
  /** "No account yet?" and its link ("Sign up", to /signup). */
  question: string;
  linkLabel: string;
  to: string;
}

/** The submit button of an auth form and the link to the other one (login ⇄ signup). */
export function AuthFormFooter({ loading, submitLabel, question, linkLabel, to }: AuthFormFooterProps) {
  return (
    <>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={loading}
        startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ mt: 2 }}
      >
        {submitLabel}
      </Button>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {question}{' '}
        <Link component={RouterLink} to={to} sx={{ fontWeight: 700 }}>
          {linkLabel}
        </Link>
      </Typography>
    </>
  );
}
