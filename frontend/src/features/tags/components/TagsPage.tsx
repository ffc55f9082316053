import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE, type Tag, type User } from '@/api/types';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/components/notifier/notifierContext';
import { PageHeader } from '@/components/PageHeader';
import { StatusMessage } from '@/components/StatusMessage';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useDeleteTag } from '../api/deleteTag';
import { useTags } from '../api/listTags';
import { NewTagForm } from './NewTagForm';
import { TagList } from './TagList';

/** The /tags page (spec §2 Tags): add, list, delete with confirmation, public toggle for Admins. */
export function TagsPage({ user }: { user: User }) {
  const { t } = useTranslation('tags');
  const { t: tCommon } = useTranslation();
  const tags = useTags();
  const deleteTag = useDeleteTag();
  const notify = useNotify();
  const describeError = useErrorMessage();
  // The tag stays set while the dialog fades out, so its text does not change mid-animation.
  const [deletion, setDeletion] = useState<{ tag: Tag; open: boolean } | null>(null);
  const closeDeletion = () => setDeletion((current) => current && { ...current, open: false });

  async function confirmDelete() {
    if (!deletion) return;
    try {
      await deleteTag.mutateAsync(deletion.tag._id);
      notify(t('deleted'));
    } catch (error) {
      notify(describeError(error), 'error');
    }
    closeDeletion();
  }

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <NewTagForm />
      <Card sx={{ mt: 3 }}>
        {tags.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={tCommon('loading')} />
          </Box>
        )}
        {tags.isError && <StatusMessage icon={<ErrorOutlineIcon />} title={t('loadFailed')} body={describeError(tags.error)} />}
        {tags.data?.length === 0 && <StatusMessage icon={<LabelOutlinedIcon />} title={t('empty')} />}
        {tags.data && tags.data.length > 0 && (
          <TagList
            tags={tags.data}
            currentUserId={user._id}
            isAdmin={user.role === ADMIN_ROLE}
            onDelete={(tag) => setDeletion({ tag, open: true })}
          />
        )}
      </Card>
      <ConfirmDialog
        open={deletion?.open ?? false}
        title={t('deleteTitle')}
        body={t('deleteBody', { name: deletion?.tag.name ?? '' })}
        confirmLabel={tCommon('actions.delete')}
        destructive
        busy={deleteTag.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={closeDeletion}
      />
    </Box>
  );
}
