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
 * filed under the slide's id, so moving slides meanwhile does not misplace it.
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
  suggestDescription(slideId: string): Promise<boolean> {
    return this.suggestions.track(slideId, 'description', async () => {
      const found = await this.api.recommendSlideDescription(this.projectId, await this.positionOf(slideId));
      return { description: { description: found.description, reason: found.reasonForRecommendation, provider: found.provider } };
    });
  }

  /** suggest-template-slide-number: the template slide that suits the content, with a reason. */
  suggestTemplateSlide(slideId: string): Promise<boolean> {
    return this.suggestions.track(slideId, 'templateSlide', async () => {
      const found = await this.api.suggestTemplateSlideNumber(this.projectId, await this.positionOf(slideId));
      return { templateSlide: { slideNumber: found.slideNumber, reason: found.reason, provider: found.provider } };
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
  generateValues(slideId: string, instruction = ''): Promise<boolean> {
    return this.suggestions.track(slideId, 'values', async () => {
      const found = await this.api.generateSlideData(this.projectId, await this.positionOf(slideId), instruction);
      const slide = this.slide(slideId);
      const chosen = Object.keys(found.formData).filter((name) => isBlank(slide?.formData[name]));
      if (found.notes.trim() && isBlank(slide?.notes)) chosen.push(NOTES_ITEM);
      return {
        values: { pptxSlideNumber: found.pptxSlideNumber, formData: found.formData, notes: found.notes, skipped: found.skipped, provider: found.provider, chosen, provenance: found.provenance ?? undefined, deckElements: found.deckElements ?? [] },
      };
    });
  }

  /** suggest-slide-element-value: one element, following a predefined instruction or free text. */
  suggestElementValue(slideId: string, elementName: string, instruction: string): Promise<boolean> {
    const kind = `element:${elementName}` as const;
    return this.suggestions.track(slideId, kind, async () => {
      const index = await this.positionOf(slideId);
      const pptxSlideNumber = this.session.getState().base[index]?.pptxSlideNumber ?? null;
      const found = await this.api.suggestSlideElementValue(this.projectId, index, elementName, instruction);
      // An empty answer must not leave an older suggestion looking like the new one.
      this.suggestions.remove(slideId, kind);
      if (found.value === null || found.value === undefined || pptxSlideNumber === null) return {};
      return {
        elements: { [elementName]: { value: found.value, reason: found.reason, provider: found.provider, pptxSlideNumber, elementType: found.elementType, provenance: found.provenance ?? undefined } },
      };
    });
  }

  /** batch-recommend-slide-descriptions: descriptions for several slides in one AI call. */
  async suggestDescriptions(slideIds: readonly string[]): Promise<number> {
    const positions = await this.serverPositions();
    const wanted = slideIds.filter((id) => positions.has(id));
    if (wanted.length === 0) return 0;
    const idAt = new Map(wanted.map((id) => [positions.get(id) as number, id]));
    const found = await this.api.recommendSlideDescriptions(this.projectId, [...idAt.keys()]);
    for (const suggestion of found.suggestions) {
      const slideId = idAt.get(suggestion.slideIndex);
      if (slideId) {
        this.suggestions.put(slideId, {
          description: { description: suggestion.description, reason: suggestion.reasonForRecommendation, provider: found.provider },
        });
      }
    }
    return found.suggestions.length;
  }

  /**
   * Fill all: values for several slides, one call each, in deck order. Stops at the first
   * failure (a rate limit or an unreachable model would fail the rest too) and reports it;
   * what was already suggested stays.
   */
  async generateAllValues(slideIds: readonly string[], onProgress: (done: number, total: number) => void): Promise<number> {
    let done = 0;
    onProgress(0, slideIds.length);
    for (const slideId of slideIds) {
      try {
        await this.generateValues(slideId);
      } catch (error) {
        if (!(error instanceof SlideGoneError)) throw error;
      }
      done += 1;
      onProgress(done, slideIds.length);
    }
    return done;
  }
}
