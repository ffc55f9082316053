import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbortError } from '@/components/ai/aiCall';
import { editorActions } from '../actions/registry';
import { useEditorAiAction } from '../ai/hooks';
import { regenerateForOrder } from '../ai/orderRefresh';
import { EditorAiStatus } from './ai/EditorAiStatus';
import type { EditorSlide } from '../model';
import { staleForOrder, type StaleForOrder } from '../order';
import { useEditor } from './EditorContext';

/**
 * "May be out of date" (issue 12): slides were deleted, moved or added after an agenda or speaker
 * notes were written for the old order. Lists the slides concerned (each a link to it), with
 * Regenerate (new agenda and notes, one undo step) and Dismiss (keep them for this order).
 * Derived from the saved deck, so it is still there after a reload, until one of the two. What
 * was regenerated before a failure is applied; the failure shows below, with the offline
 * assistant to finish the rest.
 */
export function OrderRefreshNotice({ slides, onShow }: { slides: readonly EditorSlide[]; onShow: (slideId: string) => void }) {
  const { t } = useTranslation('editor');
  const { session, announce } = useEditor();
  const ai = useEditorAiAction();
  const stale = useMemo(() => staleForOrder(slides), [slides]);
  const busy = ai.running;
  const status = <EditorAiStatus action={ai} />;
  if (stale.length === 0) return status;

  const what = (part: StaleForOrder) =>
    part.elements.length > 0 && part.notes ? t('order.agendaAndNotes') : part.elements.length > 0 ? t('order.agenda') : t('order.notes');

  function regenerate() {
    return ai.run(async (options) => {
      const { items, error } = await regenerateForOrder(session, staleForOrder(session.getState().doc), undefined, options);
      // A cancel applies nothing, not even the slides done before it.
      if (isAbortError(error)) throw error;
      if (items.length > 0) session.run(editorActions.acceptSuggestions, { items });
      if (error) throw error;
      if (items.length > 0) announce(t('order.regenerated', { count: items.length }), { undo: true });
      else announce(t('order.nothingNew'), { severity: 'info' });
    });
  }

  return (
    <>
      <Alert severity="warning" role="region" aria-label={t('order.title')} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
        <AlertTitle>{t('order.title')}</AlertTitle>
        {t('order.message')}{' '}
        {stale.map((part, index) => (
          <Fragment key={part.slideId}>
            {index > 0 && t('order.separator')}
            <Link component="button" type="button" color="inherit" onClick={() => onShow(part.slideId)} sx={{ verticalAlign: 'baseline', fontWeight: 600 }}>
              {t('order.slide', { position: part.position, what: what(part) })}
            </Link>
          </Fragment>
        ))}
        {/* Below the text rather than in the action slot, so a phone does not squeeze them. */}
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Button color="inherit" size="small" variant="outlined" startIcon={<RefreshIcon />} loading={busy} onClick={() => void regenerate()}>
            {t('order.regenerate')}
          </Button>
          <Button color="inherit" size="small" disabled={busy} onClick={() => session.run(editorActions.keepForOrder, { slideIds: stale.map((part) => part.slideId) })}>
            {t('order.dismiss')}
          </Button>
        </Stack>
      </Alert>
      {status}
    </>
  );
}
