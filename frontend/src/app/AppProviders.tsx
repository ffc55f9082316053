import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { NotifierProvider } from '@/components/notifier/NotifierProvider';
import { AuthProvider } from '@/features/auth/hooks/AuthProvider';
import { LanguageProvider } from '@/i18n/LanguageProvider';
import { AppThemeProvider } from '@/theme/AppThemeProvider';
import { createQueryClient } from './queryClient';

/** Everything a page needs around it, in dependency order (tests reuse it with their own client). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LanguageProvider>
        <AppThemeProvider>
          <NotifierProvider>
            <AuthProvider>{children}</AuthProvider>
          </NotifierProvider>
        </AppThemeProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
