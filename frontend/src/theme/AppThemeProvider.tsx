import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useLanguage } from '@/i18n/languageContext';
import { createAppTheme } from './theme';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { uiLanguage } = useLanguage();
  const theme = useMemo(() => createAppTheme(uiLanguage), [uiLanguage]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
