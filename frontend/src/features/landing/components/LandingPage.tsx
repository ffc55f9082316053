import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { DocumentationSection } from './DocumentationSection';
import { FeatureGrid } from './FeatureGrid';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';

/** The public landing page (spec §1 and §2), without the app shell. */
export function LandingPage({ appTitle, headerActions }: { appTitle: string; headerActions?: ReactNode }) {
  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100vh' }}>
      <SkipLink />
      <LandingHeader appTitle={appTitle} actions={headerActions} />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ outline: 'none' }}>
        <Hero />
        <FeatureGrid />
        <HowItWorks />
        <DocumentationSection />
      </Box>
      <LandingFooter appTitle={appTitle} />
    </Box>
  );
}
