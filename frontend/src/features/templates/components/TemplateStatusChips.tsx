import PublicIcon from '@mui/icons-material/Public';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TemplateSummary } from '../types';

/** Published or Draft (spec §2), plus Built-in and, on the detail page, Read-only. */
export function TemplateStatusChips({ template, showReadOnly = false }: { template: TemplateSummary; showReadOnly?: boolean }) {
  const { t } = useTranslation('templates');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {template.public ? (
        <Chip size="small" color="success" icon={<PublicIcon />} label={t('published')} />
      ) : (
        <Chip size="small" variant="outlined" icon={<EditNoteIcon />} label={t('draft')} />
      )}
      {template.builtin && <Chip size="small" color="secondary" variant="outlined" icon={<VerifiedOutlinedIcon />} label={t('builtin')} />}
      {showReadOnly && !template.canEdit && <Chip size="small" variant="outlined" icon={<LockOutlinedIcon />} label={t('readOnly')} />}
    </Stack>
  );
}
