import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ValueSources } from './ValueSources';

describe('ValueSources', () => {
  it('shows on hover where each suggested item was read', async () => {
    renderWithProviders(
      <ValueSources
        sources={[
          { text: 'Mobile app', source: 'material', excerpt: 'Mobile app: 46%', filename: 'q3-review.md', section: 'Online growth' },
          { text: 'Online growth', source: 'description', excerpt: 'Online growth — Mobile app: 46%' },
        ]}
      >
        <span>Series: Online growth</span>
      </ValueSources>,
    );
    await userEvent.hover(screen.getByText('Series: Online growth'));
    expect(await screen.findByText('From q3-review.md, section “Online growth”')).toBeInTheDocument();
    expect(screen.getByText('“Mobile app: 46%”')).toBeInTheDocument();
    expect(screen.getByText("From the slide's description")).toBeInTheDocument();
  });

  it('is just the value when the provider gives no provenance', () => {
    renderWithProviders(
      <ValueSources sources={undefined}>
        <span>Plain</span>
      </ValueSources>,
    );
    expect(screen.getByText('Plain').parentElement?.getAttribute('tabindex')).toBeNull();
  });
});
