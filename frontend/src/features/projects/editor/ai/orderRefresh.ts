import type { AiCallOptions } from '@/components/ai/aiCall';
import * as aiApi from '../../api/ai';
import type { AcceptedSuggestion } from '../actions/ai';
import type { StaleForOrder } from '../order';
import type { EditorSession } from '../session';

export type OrderRefreshApi = Pick<typeof aiApi, 'generateSlideData'>;

export interface OrderRefresh {
  /** New agenda values and notes, as accepted items (one undo step for the whole refresh). */
  items: AcceptedSuggestion[];
  /** The failure that stopped the refresh (a rate limit, no AI), if any; what came before stays. */
  error: unknown;
}

/**
 * Regenerates the agenda and speaker notes marked as written for another slide order: asks
 * generate-slide-data for each such slide (in deck order; the endpoint reads the saved deck, so
 * pending edits are saved first and slides are found at their saved positions) and takes only
 * the parts that were out of date, leaving the slide's other values alone.
 */
export async function regenerateForOrder(session: EditorSession, stale: readonly StaleForOrder[], api: OrderRefreshApi = aiApi, options: AiCallOptions = {}): Promise<OrderRefresh> {
  const items: AcceptedSuggestion[] = [];
  if (!(await session.flush())) return { items, error: session.getState().error };
  const projectId = session.getState().project._id;
  for (const part of stale) {
    const index = session.getState().base.findIndex((slide) => slide.id === part.slideId);
    if (index < 0) continue;
    let found: aiApi.SlideDataSuggestion;
    try {
      found = await api.generateSlideData(projectId, index, '', options);
    } catch (error) {
      return { items, error };
    }
    const formData = Object.fromEntries(part.elements.filter((name) => name in found.formData).map((name) => [name, found.formData[name]]));
    const notes = part.notes && found.notes.trim() !== '' ? found.notes : undefined;
    if (Object.keys(formData).length === 0 && notes === undefined) continue;
    items.push({
      slideId: part.slideId,
      values: { pptxSlideNumber: found.pptxSlideNumber, formData, ...(notes !== undefined ? { notes } : {}), deckElements: found.deckElements ?? part.elements },
    });
  }
  return { items, error: null };
}
