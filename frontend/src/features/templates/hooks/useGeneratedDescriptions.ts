import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { cancelJob } from '@/components/media/cancelJob';
import { jobKeys, useJobProgress, type JobProgress } from '@/components/media/useJobProgress';
import { useNotify } from '@/components/notifier/notifierContext';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useAcceptDescriptions } from '../api/acceptDescriptions';
import {
  cancelledRunOf,
  partialFailureOf,
  suggestionsOf,
  useGenerateMissingDescriptions,
  type CancelledRun,
  type PartialFailure,
} from '../api/generateMissingDescriptions';
import { templateKeys } from '../api/templateKeys';
import type { AiSuggestion, TemplateDetail } from '../types';

export interface GeneratedDescriptions {
  /** AI suggestions waiting for review, by slide number: none of them is saved. */
  pending: ReadonlyMap<number, AiSuggestion>;
  /**
   * Starts Generate All Missing; its suggestions join `pending` when the job succeeds.
   * `'offline'`: the offline assistant writes them (after the model failed); suggestions already
   * waiting are kept rather than replaced by its plainer ones.
   */
  generateAll: (assistant?: 'offline') => Promise<void>;
  starting: boolean;
  /** The Generate All Missing job (`idle` when none; `failed` stays until dismissed). */
  job: JobProgress;
  /** How many slides the current job describes. */
  jobSlideCount: number;
  dismissFailure: () => void;
  /**
   * Cancel: asks the server to stop the job (`POST /api/jobs/{id}/cancel`). It stops after the
   * batch it is describing; what it described by then joins `pending`, and `cancelled` says how
   * far it got. Generate All Missing again resumes: the server starts from those.
   */
  cancel: () => Promise<void>;
  /** Cancel was asked and the job has not stopped yet (it finishes its current batch). */
  cancelling: boolean;
  /** The last job was cancelled: how many of its slides it described; null otherwise. */
  cancelled: CancelledRun | null;
  dismissCancelled: () => void;
  /** Slides the last job could not describe, and why (the others' suggestions are pending). */
  partialFailure: PartialFailure | null;
  dismissPartialFailure: () => void;
  /** Drops a slide's suggestion (discarded, or its description was saved another way). */
  discard: (slideNumber: number) => void;
  /** Accept All Generated Descriptions: one all-or-nothing save; on failure every suggestion stays. */
  acceptAll: () => Promise<void>;
  acceptingAll: boolean;
}

/**
 * Generate All Missing and its review (spec §2 PPTX template detail): the background job, the
 * pending suggestions it yields, and accepting all of them at once. Suggestions live in this
 * page's state only; leaving the page drops them, as nothing was saved.
 */
export function useGeneratedDescriptions(template: TemplateDetail): GeneratedDescriptions {
  const { t } = useTranslation('templates');
  const notify = useNotify();
  const describeError = useErrorMessage();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const start = useGenerateMissingDescriptions(template._id);
  const accept = useAcceptDescriptions(template._id);
  const [pending, setPending] = useState<ReadonlyMap<number, AiSuggestion>>(new Map());
  const [jobId, setJobId] = useState<string | null>(null);
  const [jobSlideCount, setJobSlideCount] = useState(0);
  const [offlineRun, setOfflineRun] = useState(false);
  const [partialFailure, setPartialFailure] = useState<PartialFailure | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelled, setCancelled] = useState<CancelledRun | null>(null);

  const job = useJobProgress(jobId, {
    onSettled: (settled) => {
      setCancelling(false);
      // A failed job stays shown (with its reason) until dismissed or started again.
      if (settled.status === 'failed') return;
      setJobId(null);
      const found = suggestionsOf(settled);
      setPartialFailure(partialFailureOf(settled));
      if (settled.status === 'cancelled') {
        setCancelled(cancelledRunOf(settled, jobSlideCount));
        // Nothing was saved, but the template may have changed meanwhile (another tab).
        void queryClient.invalidateQueries({ queryKey: templateKeys.detail(template._id) });
      } else if (found.size === 0) notify(t('batch.none'), 'info');
      setPending((current) => (offlineRun ? new Map([...found, ...current]) : new Map([...current, ...found])));
    },
  });

  async function cancel() {
    if (!jobId || cancelling) return;
    setCancelling(true);
    try {
      // A queued job comes back cancelled: showing it settles the run at once.
      queryClient.setQueryData(jobKeys.detail(jobId), await cancelJob(jobId));
    } catch (error) {
      // Already ended: its own outcome arrives with the next poll.
      if (isApiError(error) && error.errorCode === 'job_finished') return;
      setCancelling(false);
      if (isApiError(error) && error.errorCode === 'job_not_found') setJobId(null);
      else notify(describeError(error), 'error');
    }
  }

  async function generateAll(assistant?: 'offline') {
    setCancelling(false); // a cancel of the last run that came too late must not hold this one
    try {
      const started = await start.mutateAsync({ lang: language, assistant });
      setJobSlideCount(template.slidesMissingDescription.length);
      setOfflineRun(assistant === 'offline');
      setPartialFailure(null);
      setCancelled(null);
      setJobId(started._id);
    } catch (error) {
      notify(describeError(error), 'error');
    }
  }

  function discard(slideNumber: number) {
    setPending((current) => {
      if (!current.has(slideNumber)) return current;
      const next = new Map(current);
      next.delete(slideNumber);
      return next;
    });
  }

  async function acceptAll() {
    const accepted = new Map([...pending].map(([slideNumber, suggestion]) => [slideNumber, suggestion.text]));
    try {
      await accept.mutateAsync(accepted);
      // Keep a suggestion that changed meanwhile (a newer job's): it was not the one saved.
      setPending((current) => new Map([...current].filter(([slideNumber, suggestion]) => accepted.get(slideNumber) !== suggestion.text)));
      notify(t('batch.accepted', { count: accepted.size }));
    } catch (error) {
      notify(describeError(error), 'error');
    }
  }

  return {
    pending,
    generateAll,
    starting: start.isPending,
    job,
    jobSlideCount,
    dismissFailure: () => setJobId(null),
    cancel,
    cancelling,
    cancelled,
    dismissCancelled: () => setCancelled(null),
    partialFailure,
    dismissPartialFailure: () => setPartialFailure(null),
    discard,
    acceptAll,
    acceptingAll: accept.isPending,
  };
}
