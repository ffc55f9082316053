import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LicenseStatus } from '@/api/types';
import { formatDate } from '@/i18n/format';
import { useLanguage } from '@/i18n/languageContext';
import { useLicenseStatus } from '../api/getLicenseStatus';

/** Spec §9: fewer than 30 remaining days are shown in red. */
export const LICENSE_WARNING_DAYS = 30;

export function LicenseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('license');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const status = useLicenseStatus(open);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent>
        {status.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label={tCommon('loading')} />
          </Box>
        )}
        {status.isError && <Alert severity="warning">{t('unavailable')}</Alert>}
        {status.data && <LicenseDetails license={status.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tCommon('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function LicenseDetails({ license }: { license: LicenseStatus }) {
  const { t } = useTranslation('license');
  const { t: tCommon } = useTranslation();
  const { uiLanguage } = useLanguage();
  const date = (value: string) => formatDate(value, uiLanguage) ?? tCommon('invalidDate');
  const rows = [
    { label: t('clientName'), value: license.clientName },
    { label: t('maxUsers'), value: license.maxUsers },
    { label: t('issuedAt'), value: date(license.issuedAt) },
    { label: t('expireDate'), value: date(license.expireDate) },
    {
      label: t('daysRemaining'),
      value: license.daysRemaining,
      warn: license.daysRemaining < LICENSE_WARNING_DAYS,
    },
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}>
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {row.label}
          </Box>
          <Box
            component="dd"
            data-warning={row.warn ? 'true' : undefined}
            sx={{ m: 0, fontWeight: 600, color: row.warn ? 'error.main' : 'text.primary' }}
          >
            {row.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
