import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { setDescription } from '../actions/content';
import { setElementValue } from '../actions/elements';
import { EditorSession } from '../session';
import { aProject, aSlide } from '../testData';
import { fakeServer } from '../testServer';
import { SlideAssistant, type AssistantApi } from './assistant';
import { countSuggestions, NOTES_ITEM } from './suggestions';

function fakeAi(): { [K in keyof AssistantApi]: ReturnType<typeof vi.fn> } & AssistantApi {
  return {
    generateSlideData: vi.fn(async (_project: string, slideIndex: number) => ({
      slideIndex,
      pptxSlideNumber: 1,
      formData: { Title: `Title for slide ${slideIndex + 1}` },
      notes: 'Say hello',
      skipped: [],
      provider: 'offline',
    })),
    suggestTemplateSlideNumber: vi.fn(async (_project: string, slideIndex: number) => ({ slideIndex, slideNumber: 2, reason: 'It has a chart', provider: 'offline' })),
    suggestSlideElementValue: vi.fn(async (_project: string, slideIndex: number, elementName: string, instruction: string) => ({
      slideIndex,
      elementName,
      elementType: 'text',
      value: instruction === 'nothing' ? null : `${instruction}!`,
      reason: 'Shorter',
      provider: 'offline',
    })),
    recommendSlideDescription: vi.fn(async (_project: string, slideIndex: number) => ({
      slideIndex,
      description: `About slide ${slideIndex + 1}`,
      reasonForRecommendation: 'Fits the flow',
      provider: 'offline',
    })),
    recommendSlideDescriptions: vi.fn(async (_project: string, slideIndices: number[]) => ({
      suggestions: slideIndices.map((slideIndex) => ({ slideIndex, description: `About slide ${slideIndex + 1}`, reasonForRecommendation: 'Gap in the deck' })),
      provider: 'offline',
    })),
  } as never;
}

function setup() {
  const server = fakeServer(aProject([aSlide('a', { pptxSlideNumber: 1 }), aSlide('b', { pptxSlideNumber: 1 }), aSlide('c')]));
  const session = new EditorSession(server.current, { save: server.save, load: server.load, storage: null });
  const ai = fakeAi();
  const assistant = new SlideAssistant(session, ai);
  return { server, session, ai, assistant };
}

describe('SlideAssistant', () => {
  it('saves pending edits first, then asks about the slide at its position on the server', async () => {
    const { server, session, ai, assistant } = setup();
    session.run(setDescription, { slideId: 'b', value: 'Typed just now' });

    await assistant.generateValues('b', 'more numbers');

    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.current.slides[1]?.contentDescription).toBe('Typed just now');
    expect(ai.generateSlideData).toHaveBeenCalledWith(server.current._id, 1, 'more numbers', {});
    expect(assistant.suggestions.of('b')?.values).toMatchObject({ pptxSlideNumber: 1, formData: { Title: 'Title for slide 2' }, notes: 'Say hello' });
    // Nothing in the deck changed: a suggestion waits for a decision.
    expect(session.getState().doc[1]?.formData).toEqual({});
  });

  it('ticks only what fills something empty, so accepting never overwrites the user’s words', async () => {
    const { session, assistant } = setup();
    session.run(setDescription, { slideId: 'a', value: 'x' });
    session.run(setElementValue, { slideId: 'a', name: 'Title', value: 'My own title' });
    await assistant.generateValues('a');
    expect(assistant.suggestions.of('a')?.values?.chosen).toEqual([NOTES_ITEM]);
    await assistant.generateValues('b');
    expect(assistant.suggestions.of('b')?.values?.chosen).toEqual(['Title', NOTES_ITEM]);
  });

  it('files answers by slide id, whatever moves meanwhile', async () => {
    const { assistant, ai } = setup();
    await assistant.suggestTemplateSlide('c');
    await assistant.suggestDescription('a');
    expect(ai.suggestTemplateSlideNumber).toHaveBeenCalledWith(expect.any(String), 2, {});
    expect(assistant.suggestions.of('c')?.templateSlide).toEqual({ slideNumber: 2, reason: 'It has a chart', provider: 'offline' });
    expect(assistant.suggestions.of('a')?.description?.description).toBe('About slide 1');
    expect(countSuggestions(assistant.suggestions.getState())).toBe(2);
  });

  it('asks once for several descriptions and maps them back to their slides', async () => {
    const { assistant, ai } = setup();
    expect(await assistant.suggestDescriptions(['c', 'a', 'gone'])).toBe(2);
    expect(ai.recommendSlideDescriptions).toHaveBeenCalledTimes(1);
    expect(ai.recommendSlideDescriptions.mock.calls[0]?.[1]).toEqual([2, 0]);
    expect(assistant.suggestions.of('c')?.description?.description).toBe('About slide 3');
    expect(assistant.suggestions.of('a')?.description?.reason).toBe('Gap in the deck');
  });

  it('keeps an element suggestion only when there is a value', async () => {
    const { assistant } = setup();
    await assistant.suggestElementValue('a', 'Title', 'rewrite');
    await assistant.suggestElementValue('a', 'Body', 'nothing');
    expect(assistant.suggestions.of('a')?.elements).toEqual({ Title: { value: 'rewrite!', reason: 'Shorter', provider: 'offline', pptxSlideNumber: 1, elementType: 'text' } });
    // An empty answer replaces an older suggestion rather than leaving it to look new.
    await assistant.suggestElementValue('a', 'Title', 'nothing');
    expect(assistant.suggestions.of('a')).toBeUndefined();
  });

  it('fills several slides one call each, reporting progress, and stops at a failure', async () => {
    const { assistant, ai } = setup();
    const progress: string[] = [];
    await assistant.generateAllValues(['a', 'b'], (done, total) => progress.push(`${done}/${total}`));
    expect(progress).toEqual(['0/2', '1/2', '2/2']);
    expect(ai.generateSlideData).toHaveBeenCalledTimes(2);

    ai.generateSlideData.mockRejectedValueOnce(new ApiError(429, 'ai_rate_limited', 'slow down'));
    assistant.suggestions.clear();
    await expect(assistant.generateAllValues(['a', 'b'], () => undefined)).rejects.toMatchObject({ errorCode: 'ai_rate_limited' });
    expect(assistant.suggestions.of('a')).toBeUndefined();
    expect(assistant.suggestions.of('b')).toBeUndefined();
  });

  it('marks a request busy while it runs and does not send it twice', async () => {
    const { assistant, ai } = setup();
    const first = assistant.suggestDescription('a');
    const second = assistant.suggestDescription('a');
    await Promise.resolve();
    expect(await second).toBe(false);
    expect(await first).toBe(true);
    expect(assistant.suggestions.isBusy('a', 'description')).toBe(false);
    expect(ai.recommendSlideDescription).toHaveBeenCalledTimes(1);
  });

  it('fails with the save error when pending edits cannot be saved', async () => {
    const { server, session, assistant, ai } = setup();
    server.failWith(new ApiError(422, 'invalid_form_data', 'bad value'));
    session.run(setDescription, { slideId: 'a', value: 'x' });
    await expect(assistant.suggestDescription('a')).rejects.toMatchObject({ errorCode: 'invalid_form_data' });
    expect(ai.recommendSlideDescription).not.toHaveBeenCalled();
  });

  it('keeps which parts the offline assistant completed and which facts were left out', async () => {
    const { assistant, ai } = setup();
    ai.generateSlideData.mockResolvedValueOnce({
      slideIndex: 0,
      pptxSlideNumber: 1,
      formData: { Title: 'Results' },
      notes: 'Say hello',
      skipped: [],
      provider: 'openai_compat',
      fallbackFields: ['notes'],
      droppedFacts: ['2019'],
    });
    await assistant.generateValues('a', '', { assistant: 'offline' });
    expect(ai.generateSlideData).toHaveBeenCalledWith(expect.any(String), 0, '', { assistant: 'offline' });
    expect(assistant.suggestions.of('a')?.values).toMatchObject({ provider: 'openai_compat', fallbackFields: ['notes'], droppedFacts: ['2019'] });
  });

  it('attributes to the offline assistant only the descriptions it wrote in the model’s place', async () => {
    const { assistant, ai } = setup();
    ai.recommendSlideDescriptions.mockResolvedValueOnce({
      suggestions: [0, 1].map((slideIndex) => ({ slideIndex, description: `About slide ${slideIndex + 1}`, reasonForRecommendation: 'Gap' })),
      provider: 'openai_compat',
      fallbackFields: ['descriptions/1'],
      droppedFacts: [],
    });
    await assistant.suggestDescriptions(['a', 'b']);
    expect(assistant.suggestions.of('a')?.description).toEqual({ description: 'About slide 1', reason: 'Gap', provider: 'openai_compat' });
    expect(assistant.suggestions.of('b')?.description).toEqual({ description: 'About slide 2', reason: 'Gap', provider: 'offline', fallbackFields: ['*'] });
  });
});
