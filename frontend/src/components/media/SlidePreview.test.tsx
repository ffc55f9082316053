import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ELEMENT_TYPE_COLORS } from './elementColors';
import { HOVER_DEBOUNCE_MS, SlidePreview, type SlideElementOutline } from './SlidePreview';
import { stubImageFetch } from './testImages';

const elements: SlideElementOutline[] = [
  { name: 'Background', type: 'picture', boundary: { x: 0, y: 0, width: 10, height: 5 } },
  { name: 'Title', type: 'text', boundary: { x: 1, y: 0.5, width: 5, height: 1 } },
  { name: 'Logo', type: 'shape', boundary: { x: 8, y: 4, width: 1, height: 0.5 }, hidden: true },
];

function outline(name: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-element-name="${name}"]`);
  if (!found) throw new Error(`no outline for ${name}`);
  return found;
}

function renderPreview(props: Partial<Parameters<typeof SlidePreview>[0]> = {}) {
  return renderWithProviders(<SlidePreview imageUrl={null} alt="Slide 1" slideWidth={10} slideHeight={5} elements={elements} {...props} />);
}

describe('SlidePreview', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('places each outline from its boundary in inches over the slide size', () => {
    stubImageFetch();
    renderPreview();
    const title = getComputedStyle(outline('Title'));
    expect([title.left, title.top, title.width, title.height]).toEqual(['10%', '10%', '50%', '20%']);
  });

  it('colours outlines by element type and dashes hidden ones', () => {
    stubImageFetch();
    renderPreview();
    expect(getComputedStyle(outline('Title')).borderColor).toBe(hexToRgb(ELEMENT_TYPE_COLORS.text));
    expect(getComputedStyle(outline('Background')).borderColor).toBe(hexToRgb(ELEMENT_TYPE_COLORS.picture));
    expect(getComputedStyle(outline('Logo')).borderStyle).toBe('dashed');
  });

  it('stacks small elements above a full-slide picture so they stay reachable', () => {
    stubImageFetch();
    renderPreview();
    const order = [...document.querySelectorAll('[data-element-name]')].map((node) => node.getAttribute('data-element-name'));
    expect(order).toEqual(['Background', 'Title', 'Logo']);
  });

  it('reports the hovered outline after the 50 ms debounce, settling on the last one', () => {
    vi.useFakeTimers();
    stubImageFetch();
    const onElementHover = vi.fn();
    renderPreview({ onElementHover });
    fireEvent.mouseEnter(outline('Background'));
    fireEvent.mouseEnter(outline('Title'));
    act(() => vi.advanceTimersByTime(HOVER_DEBOUNCE_MS - 1));
    expect(onElementHover).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onElementHover).toHaveBeenCalledExactlyOnceWith('Title');
    fireEvent.mouseLeave(outline('Title').parentElement!);
    act(() => vi.advanceTimersByTime(HOVER_DEBOUNCE_MS));
    expect(onElementHover).toHaveBeenLastCalledWith(null);
  });

  it('highlights and labels the element named by the caller (a hovered table row)', () => {
    stubImageFetch();
    const { rerender } = renderPreview({ highlightedElementName: 'Title' });
    expect(outline('Title')).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getByText('Title')).toBeInTheDocument();
    rerender(<SlidePreview imageUrl={null} alt="Slide 1" slideWidth={10} slideHeight={5} elements={elements} highlightedElementName={null} />);
    expect(outline('Title')).not.toHaveAttribute('data-highlighted');
  });

  it('highlights the outline under the pointer itself when no caller drives it', () => {
    vi.useFakeTimers();
    stubImageFetch();
    renderPreview();
    fireEvent.mouseEnter(outline('Logo'));
    act(() => vi.advanceTimersByTime(HOVER_DEBOUNCE_MS));
    expect(outline('Logo')).toHaveAttribute('data-highlighted', 'true');
  });
});

function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}
