import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderWithProviders } from '@/testing/render';
import { useErrorMessage } from './useErrorMessage';

function Message({ error }: { error: unknown }) {
  return <p>{useErrorMessage()(error)}</p>;
}

describe('useErrorMessage', () => {
  it('translates a known code and falls back to the server’s words for an unknown one', () => {
    renderWithProviders(
      <>
        <Message error={new ApiError(429, 'ai_rate_limited', 'server words')} />
        <Message error={new ApiError(400, 'brand_new_code', 'Said by the server')} />
      </>,
    );
    expect(screen.getByText('Too many AI requests. Wait a minute and try again.')).toBeInTheDocument();
    expect(screen.getByText('Said by the server')).toBeInTheDocument();
  });

  it('tells "no AI set up" apart from "the AI model failed just now"', () => {
    renderWithProviders(
      <>
        <Message error={new ApiError(503, 'ai_unavailable', 'x')} />
        <Message error={new ApiError(503, 'ai_unavailable', 'x', { reason: 'timeout' })} />
      </>,
    );
    expect(screen.getByText(/Ask your administrator to connect an AI provider/)).toBeInTheDocument();
    expect(screen.getByText('The AI service could not be reached or failed (timeout). Nothing was changed; please try again in a moment.')).toBeInTheDocument();
  });
});
