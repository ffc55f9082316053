import { createTheme, type Theme } from '@mui/material/styles';
import type { UiLanguage } from '@/i18n/language';

export const brandColors = {
  terracotta: '#C75B39',
  aiPurple: '#7E57C2',
  blueGrey: '#607D8B',
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

/** The one MUI theme; rebuilt when the interface language changes (font stack). */
export function createAppTheme(language: UiLanguage): Theme {
  const base = createTheme({
    palette: {
      primary: { main: brandColors.terracotta, contrastText: '#FFFFFF' },
      secondary: { main: brandColors.blueGrey, contrastText: '#FFFFFF' },
      background: { default: brandColors.warmOffWhite, paper: '#FFFFFF' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: fontStacks[language],
      button: { fontWeight: 700, textTransform: 'none' },
    },
  });
  return createTheme(base, {
    palette: {
      ai: base.palette.augmentColor({ color: { main: brandColors.aiPurple }, name: 'ai' }),
    },
    components: {
      MuiButton: {
        styleOverrides: { root: { fontWeight: 700, textTransform: 'none' } },
      },
      MuiTab: {
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      MuiTextField: {
        defaultProps: { variant: 'standard' },
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
  });
}
