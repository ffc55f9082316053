import type { AiAnswerOrigin, AiCallOptions } from '@/components/ai/aiCall';
import * as aiApi from '../../api/ai';
import type { EditorSession } from '../session';
import { AiSuggestions, NOTES_ITEM } from './suggestions';

/** Whether a value counts as empty (nothing typed): what a suggestion may fill without asking. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export type AssistantApi = Pick<
  typeof aiApi,
  'generateSlideData' | 'suggestTemplateSlideNumber' | 'suggestSlideElementValue' | 'recommendSlideDescription' | 'recommendSlideDescriptions'
>;

/** Who made an answer, as the suggestions keep it (see AiAnswerOrigin); empty lists are left out. */
function originOf(answer: AiAnswerOrigin): AiAnswerOrigin {
  const { provider, fallbackFields = [], droppedFacts = [] } = answer;
  return { provider, ...(fallbackFields.length > 0 ? { fallbackFields } : {}), ...(droppedFacts.length > 0 ? { droppedFacts } : {}) };
}

/**
 * Who wrote one slide's description in a descriptions answer: the offline assistant when it
 * stood in for that slide (`descriptions/<index>`) or for the list, else the answer's origin.
 */
function descriptionOrigin(origin: AiAnswerOrigin, slideIndex: number): AiAnswerOrigin {
  const fields = origin.fallbackFields ?? [];
  const offline = origin.provider !== 'offline' && (fields.includes(`descriptions/${slideIndex}`) || fields.includes('descriptions'));
  if (offline) return { provider: 'offline', fallbackFields: ['*'] };
  // Other slides' descriptions are not this one's parts.
  return originOf({ ...origin, fallbackFields: fields.filter((field) => !field.startsWith('descriptions/')) });
}

/** The slide was deleted (or never saved) before the assistant could be asked about it. */
export class SlideGoneError extends Error {
  constructor() {
    super('slide_gone');
  }
}

/**
 * Asks the AI about slides and files the answers as pending suggestions. The endpoints read the
 * project as the server has it and address slides by position, so pending edits are saved
 * first and the slide's position is looked up in what the server returned; the answer is then
 * filed under the slide's id, so moving slides meanwhile does not misplace it. Every request
 * takes `AiCallOptions`: a signal to cancel it, or the offline assistant in the model's place.
 */
export class SlideAssistant {
  readonly suggestions = new AiSuggestions();

  constructor(
    private readonly session: EditorSession,
    private readonly api: AssistantApi = aiApi,
  ) {}

  private get projectId() {
    return this.session.getState().project._id;
  }

  /** Saves what is pending; the slides' positions on the server, by id. */
  private async serverPositions(): Promise<Map<string, number>> {
    if (!(await this.session.flush())) throw this.session.getState().error;
    return new Map(this.session.getState().base.map((slide, index) => [slide.id, index]));
  }

  private async positionOf(slideId: string): Promise<number> {
    const index = (await this.serverPositions()).get(slideId);
    if (index === undefined) throw new SlideGoneError();
    return index;
  }

  /** recommend-slide-description: a content description with its reason. */
  suggestDescription(slideId: string, options: AiCallOptions = {}): Promise<boolean> {
    return this.suggestions.track(slideId, 'description', async () => {
      const index = await this.positionOf(slideId);
      const found = await this.api.recommendSlideDescription(this.projectId, index, options);
      return { description: { description: found.description, reason: found.reasonForRecommendation, ...descriptionOrigin(originOf(found), index) } };
    });
  }

  /** suggest-template-slide-number: the template slide that suits the content, with a reason. */
  suggestTemplateSlide(slideId: string, options: AiCallOptions = {}): Promise<boolean> {
    return this.suggestions.track(slideId, 'templateSlide', async () => {
      const found = await this.api.suggestTemplateSlideNumber(this.projectId, await this.positionOf(slideId), options);
      return { templateSlide: { slideNumber: found.slideNumber, reason: found.reason, ...originOf(found) } };
    });
  }

  /** The slide as the user sees it now. */
  private slide(slideId: string) {
    return this.session.getState().doc.find((slide) => slide.id === slideId);
  }

  /**
   * generate-slide-data: values for every unlocked element, and speaker notes. The items that
   * fill something empty are ticked; those that would replace the user's words are not.
   */
  generateValues(slideId: string, instruction = '', options: AiCallOptions = {}): Promise<boolean> {
    return this.suggestions.track(slideId, 'values', async () => {
      const found = await this.api.generateSlideData(this.projectId, await this.positionOf(slideId), instruction, options);
      const slide = this.slide(slideId);
      const chosen = Object.keys(found.formData).filter((name) => isBlank(slide?.formData[name]));
      if (found.notes.trim() && isBlank(slide?.notes)) chosen.push(NOTES_ITEM);
      return {
        values: {
          pptxSlideNumber: found.pptxSlideNumber,
          formData: found.formData,
          notes: found.notes,
          skipped: found.skipped,
          ...originOf(found),
          chosen,
          provenance: found.provenance ?? undefined,
          deckElements: found.deckElements ?? [],
        },
      };
    });
  }

  /** suggest-slide-element-value: one element, following a predefined instruction or free text. */
  suggestElementValue(slideId: string, elementName: string, instruction: string, options: AiCallOptions = {}): Promise<boolean> {
    const kind = `element:${elementName}` as const;
    return this.suggestions.track(slideId, kind, async () => {
      const index = await this.positionOf(slideId);
      const pptxSlideNumber = this.session.getState().base[index]?.pptxSlideNumber ?? null;
      const found = await this.api.suggestSlideElementValue(this.projectId, index, elementName, instruction, options);
      // An empty answer must not leave an older suggestion looking like the new one.
      this.suggestions.remove(slideId, kind);
      if (found.value === null || found.value === undefined || pptxSlideNumber === null) return {};
      return {
        elements: { [elementName]: { value: found.value, reason: found.reason, ...originOf(found), pptxSlideNumber, elementType: found.elementType, provenance: found.provenance ?? undefined } },
      };
    });
  }

  /**
   * batch-recommend-slide-descriptions: descriptions for several slides in one AI call. A slide
   * whose description the offline assistant wrote in the model's place (`descriptions/<index>`)
   * is attributed to it.
   */
  async suggestDescriptions(slideIds: readonly string[], options: AiCallOptions = {}): Promise<number> {
    const positions = await this.serverPositions();
    const wanted = slideIds.filter((id) => positions.has(id));
    if (wanted.length === 0) return 0;
    const idAt = new Map(wanted.map((id) => [positions.get(id) as number, id]));
    const found = await this.api.recommendSlideDescriptions(this.projectId, [...idAt.keys()], options);
    const origin = originOf(found);
    for (const suggestion of found.suggestions) {
      const slideId = idAt.get(suggestion.slideIndex);
      if (!slideId) continue;
      this.suggestions.put(slideId, {
        description: { description: suggestion.description, reason: suggestion.reasonForRecommendation, ...descriptionOrigin(origin, suggestion.slideIndex) },
      });
    }
    return found.suggestions.length;
  }

  /**
   * Fill all: values for several slides, one call each, in deck order. Stops at the first
   * failure (a rate limit or an unreachable model would fail the rest too) and reports it;
   * what was already suggested stays. Cancelled (`options.signal`), it stops before the next
   * slide with an AbortError; the slides filled by then keep their suggestions, so filling
   * again asks only about the rest.
   */
  async generateAllValues(slideIds: readonly string[], onProgress: (done: number, total: number) => void, options: AiCallOptions = {}): Promise<number> {
    let done = 0;
    onProgress(0, slideIds.length);
    for (const slideId of slideIds) {
      if (options.signal?.aborted) throw new DOMException('Fill all was cancelled', 'AbortError');
      try {
        await this.generateValues(slideId, '', options);
      } catch (error) {
        if (!(error instanceof SlideGoneError)) throw error;
      }
      done += 1;
      onProgress(done, slideIds.length);
    }
    return done;
  }
}
