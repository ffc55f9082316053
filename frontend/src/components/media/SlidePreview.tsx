import Box from '@mui/material/Box';
import { alpha, keyframes } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { AuthImage } from './AuthImage';
import { elementTypeColor } from './elementColors';
import { useDebouncedCallback } from './useDebouncedCallback';

/** Element highlight and hover debounce (spec §9). */
export const ELEMENT_HIGHLIGHT_MS = 500;
export const HOVER_DEBOUNCE_MS = 50;

/** What the preview needs of a template element (the API's `TemplateElement` fits as is). */
export interface SlideElementOutline {
  /** Unique within the slide; the key for highlight, selection and callbacks. */
  name: string;
  /** shape, text, picture, table, chart or other: picks the outline colour. */
  type: string;
  /** Position and size in inches, absolute on the slide. */
  boundary: { x: number; y: number; width: number; height: number };
  /** Hidden elements are drawn dashed. */
  hidden?: boolean;
}

export interface SlidePreviewProps {
  /** The slide's thumbnail (`/api` URL fetched with the token); `null` shows a placeholder. */
  imageUrl: string | null;
  alt: string;
  /** Slide size in inches (the template's `slideWidth` and `slideHeight`). */
  slideWidth: number;
  slideHeight: number;
  elements: readonly SlideElementOutline[];
  /** Draw the element outlines. Default true; false shows the bare thumbnail. */
  showOutlines?: boolean;
  /**
   * The element to highlight, e.g. the table row under the pointer. It is filled and labelled
   * with its name, and pulses for 500 ms when it becomes highlighted. When omitted, the preview
   * highlights the outline under the pointer itself.
   */
  highlightedElementName?: string | null;
  /** An element to keep ringed, e.g. the one being edited. */
  selectedElementName?: string | null;
  /** The outline under the pointer, debounced by 50 ms; `null` when the pointer leaves them all. */
  onElementHover?: (name: string | null) => void;
  onElementClick?: (name: string) => void;
  /** Missing-thumbnail caption, e.g. 'Rendering…'. */
  missingCaption?: string;
  /** Text shown inside the highlighted outline (defaults to the element's name). */
  labelFor?: (element: SlideElementOutline) => string;
}

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(255, 255, 255, 0.9); }
  100% { box-shadow: 0 0 0 10px rgba(255, 255, 255, 0); }
`;

const percent = (value: number, of: number) => `${of > 0 ? (value / of) * 100 : 0}%`;

/**
 * A slide thumbnail with each element outlined where it sits (boundary inches over slide
 * inches), coloured by type (spec §3), with hover highlighting linked to whatever lists the
 * elements (spec §4, §9).
 */
export function SlidePreview({
  imageUrl,
  alt,
  slideWidth,
  slideHeight,
  elements,
  showOutlines = true,
  highlightedElementName,
  selectedElementName = null,
  onElementHover,
  onElementClick,
  missingCaption,
  labelFor = (element) => element.name,
}: SlidePreviewProps) {
  const [pointerOver, setPointerOver] = useState<string | null>(null);
  // Sweeping across overlapping outlines should not flicker the linked list row by row.
  const hover = useDebouncedCallback((name: string | null) => {
    setPointerOver(name);
    onElementHover?.(name);
  }, HOVER_DEBOUNCE_MS);

  const highlighted = highlightedElementName === undefined ? pointerOver : highlightedElementName;
  // Small elements on top, so a full-slide background picture never hides the ones inside it.
  const stacked = useMemo(
    () => [...elements].sort((a, b) => b.boundary.width * b.boundary.height - a.boundary.width * a.boundary.height),
    [elements],
  );

  return (
    <Box
      sx={{ position: 'relative', width: '100%', aspectRatio: `${slideWidth} / ${slideHeight}`, borderRadius: 1, overflow: 'hidden' }}
      onMouseLeave={() => hover(null)}
    >
      <AuthImage src={imageUrl} alt={alt} fit="contain" missingCaption={missingCaption} />
      {showOutlines &&
        stacked.map((element) => {
          const color = elementTypeColor(element.type);
          const isHighlighted = element.name === highlighted;
          const isSelected = element.name === selectedElementName;
          // A name tag above an element at the top edge would be cut off: put it inside instead.
          const labelInside = element.boundary.y / slideHeight < 0.08;
          return (
            <Box
              key={element.name}
              data-element-name={element.name}
              data-highlighted={isHighlighted || undefined}
              aria-hidden
              onMouseEnter={() => hover(element.name)}
              onClick={onElementClick ? () => onElementClick(element.name) : undefined}
              sx={{
                position: 'absolute',
                left: percent(element.boundary.x, slideWidth),
                top: percent(element.boundary.y, slideHeight),
                width: percent(element.boundary.width, slideWidth),
                height: percent(element.boundary.height, slideHeight),
                border: `${isHighlighted || isSelected ? 3 : 1.5}px ${element.hidden ? 'dashed' : 'solid'} ${color}`,
                bgcolor: alpha(color, isHighlighted ? 0.28 : 0.04),
                borderRadius: 0.5,
                cursor: onElementClick ? 'pointer' : 'default',
                transition: 'background-color 120ms, border-width 120ms',
                zIndex: isHighlighted ? 2 : 1,
                animation: isHighlighted ? `${pulse} ${ELEMENT_HIGHLIGHT_MS}ms ease-out` : 'none',
              }}
            >
              {isHighlighted && (
                <Box
                  component="span"
                  sx={{
                    position: 'absolute',
                    left: -1.5,
                    top: labelInside ? 0 : -1.5,
                    transform: labelInside ? 'none' : 'translateY(-100%)',
                    maxWidth: 'calc(100% + 3px)',
                    px: 0.75,
                    borderRadius: labelInside ? '0 0 4px 0' : '4px 4px 0 0',
                    bgcolor: color,
                    color: 'common.white',
                    typography: 'caption',
                    fontWeight: 700,
                    lineHeight: 1.6,
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {labelFor(element)}
                </Box>
              )}
            </Box>
          );
        })}
    </Box>
  );
}
