import { enUS, zhCN } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import type { UiLanguage } from '@/i18n/language';

/**
 * The brand's colours, each deepened just enough for WCAG 2.2 AA: text on them and they as text
 * on the page, on white and on their own 12% tint reach 4.5:1 (the original #C75B39 terracotta
 * gave 4.21:1 under white text). theme.test.ts computes the ratios, so a new colour cannot
 * regress silently.
 */
export const brandColors = {
  terracotta: '#A64528',
  aiPurple: '#6F48B8',
  blueGrey: '#4F6B78',
  warmOffWhite: '#FAF7F2',
} as const;

const CHINESE_FONTS = [
  '"PingFang SC"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"Source Han Sans SC"',
];

/**
 * Font stacks per language (spec §1). English ends with the Chinese fonts too, because user
 * content (names, tags) may be Chinese while the interface is English; the Chinese stack puts
 * Simplified Chinese faces first so shared Han code points get the mainland glyph forms.
 */
export const fontStacks: Record<UiLanguage, string> = {
  en: ['Inter', 'Roboto', '"Helvetica Neue"', 'Helvetica', 'Arial', ...CHINESE_FONTS, 'sans-serif'].join(','),
  'zh-CN': [...CHINESE_FONTS, 'sans-serif'].join(','),
};

/**
 * Masked passwords in a Latin face: Chinese fonts draw the mask dot full-width, which made the
 * zh-CN password fields' dots twice as wide as in English.
 */
export const PASSWORD_MASK_FONT = ['Inter', 'Roboto', '"Helvetica Neue"', 'Helvetica', 'Arial', 'sans-serif'].join(',');

/** MUI's own words (Autocomplete's Open/Clear, pagination, Alert's Close) in the interface language. */
const muiLocales = { en: enUS, 'zh-CN': zhCN } as const;

/** The one MUI theme; rebuilt when the interface language changes (font stack, MUI's words). */
export function createAppTheme(language: UiLanguage): Theme {
  const base = createTheme({
    palette: {
      primary: { main: brandColors.terracotta, contrastText: '#FFFFFF' },
      secondary: { main: brandColors.blueGrey, contrastText: '#FFFFFF' },
      background: { default: brandColors.warmOffWhite, paper: '#FFFFFF' },
      // MUI's defaults for these are lighter than AA allows as text (info 4.0:1, warning 3.0:1 on white).
      error: { main: '#B42318', contrastText: '#FFFFFF' },
      warning: { main: '#A15207', contrastText: '#FFFFFF' },
      info: { main: '#0B63A6', contrastText: '#FFFFFF' },
      success: { main: '#2B6E30', contrastText: '#FFFFFF' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: fontStacks[language],
      button: { fontWeight: 700, textTransform: 'none' },
    },
  });
  /**
   * WCAG 2.4.7: a keyboard user always sees where the focus is. MUI's own cue on buttons is a
   * ripple (faint, and gone with reduced motion), so every button-like control and every other
   * focusable element gets a 2 px ring in the primary colour (4.5:1 on the page and on paper);
   * on the coloured top bar the ring is white. Rows and tabs draw it inside, where a scrolling
   * parent would clip it.
   */
  const focusRing = { outline: `2px solid ${base.palette.primary.main}`, outlineOffset: 2 };
  const insetFocusRing = { '&.Mui-focusVisible': { outlineOffset: -2 } };
  return createTheme(base, {
    palette: {
      ai: base.palette.augmentColor({ color: { main: brandColors.aiPurple }, name: 'ai' }),
    },
    components: {
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      MuiTab: {
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600, ...insetFocusRing } },
      },
      MuiListItemButton: {
        styleOverrides: { root: insetFocusRing },
      },
      MuiMenuItem: {
        styleOverrides: { root: insetFocusRing },
      },
      MuiCssBaseline: {
        styleOverrides: {
          // Links and other focusable elements that are not MUI buttons; :where() keeps it a
          // default, so an element that draws its own focus (text fields) keeps its own. Not on
          // the containers a script focuses (tabindex -1: an open dialog, <main> after the skip
          // link), which are no control to point at.
          ':where(:focus-visible:not([tabindex="-1"]))': focusRing,
          '.MuiAppBar-root :focus-visible, .MuiAppBar-root .MuiButtonBase-root.Mui-focusVisible': { outlineColor: '#FFFFFF' },
          // WCAG 2.3.3: people who ask their system for less motion get no animations.
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiButton: {
        styleOverrides: { root: { fontWeight: 700, textTransform: 'none' } },
      },
      MuiTextField: {
        defaultProps: { variant: 'standard' },
      },
      MuiInputBase: {
        styleOverrides: { input: { '&[type="password"]': { fontFamily: PASSWORD_MASK_FONT } } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0 },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
      },
      MuiTooltip: {
        defaultProps: { arrow: true },
      },
    },
  }, muiLocales[language]);
}
