import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LicenseDialog } from './LicenseDialog';

/** The footer button of the authentication pages (spec §1). */
export function LicenseInfoButton() {
  const { t } = useTranslation('license');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" color="secondary" startIcon={<VerifiedUserOutlinedIcon />} onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      <LicenseDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
