import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { createAppTheme } from '@/theme/theme';
import { useGalleryColumns } from './useGalleryColumns';

/** A matchMedia that answers `(min-width: Npx)` queries for a window `width` pixels wide. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const minWidth = /min-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: minWidth ? width >= Number(minWidth[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    };
  });
}

const theme = createAppTheme('en');
const wrapper = ({ children }: { children: ReactNode }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>;

describe('useGalleryColumns', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [1440, 4],
    [1200, 4],
    [1024, 3],
    [768, 2],
    [390, 1],
  ])('gives a %ipx-wide window %i columns (4 on desktops, spec §9)', (width, columns) => {
    viewport(width);
    const { result } = renderHook(() => useGalleryColumns(), { wrapper });
    expect(result.current).toBe(columns);
  });
});
