import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@/api/types';
import { useNotify } from '@/components/notifier/notifierContext';
import { PasswordField } from '@/components/PasswordField';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useChangePassword } from '../api/changePassword';
import { validatePasswordChange, type PasswordChangeValues } from '../passwordValidation';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const describeError = useErrorMessage();
  const changePassword = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);

  function close() {
    setValues(EMPTY);
    setProblem(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validatePasswordChange(values);
    if (invalid) {
      setProblem(t(invalid, { minLength: PASSWORD_MIN_LENGTH }));
      return;
    }
    setProblem(null);
    try {
      await changePassword.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      notify(t('password.success'));
      close();
    } catch (error) {
      // 'Error changing password' (spec §8), with the translated reason when there is one.
      const reason = describeError(error);
      setProblem(reason ? t('password.failureWithReason', { reason }) : t('password.failure'));
    }
  }

  const field = (name: keyof PasswordChangeValues, label: string, autoComplete: string) => (
    <PasswordField
      label={label}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      fullWidth
      margin="normal"
      required
    />
  );

  return (
    <Dialog open={open} onClose={changePassword.isPending ? undefined : close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('password.title')}</DialogTitle>
        <DialogContent>
          {problem && (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {problem}
            </Alert>
          )}
          {field('currentPassword', t('password.current'), 'current-password')}
          {field('newPassword', t('password.new'), 'new-password')}
          {field('confirmPassword', t('password.confirm'), 'new-password')}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={changePassword.isPending}>
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={changePassword.isPending}>
            {t('password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
