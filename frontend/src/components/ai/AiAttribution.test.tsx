import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { AiAttribution } from './AiAttribution';

describe('AiAttribution', () => {
  afterEach(() => window.localStorage.clear());

  it('names the model alone when the offline assistant completed nothing and nothing was left out', () => {
    const { container } = renderWithProviders(<AiAttribution provider="openai_compat" fallbackFields={[]} droppedFacts={[]} />);
    expect(container).toHaveTextContent(/^Suggested by the AI model$/);
  });

  it('says which parts the offline assistant completed, by element name, and which facts were left out', () => {
    renderWithProviders(<AiAttribution provider="openai_compat" fallbackFields={['values/Title 1', 'notes', 'values/Body']} droppedFacts={['2019', 'Contoso']} />);
    expect(screen.getByText('Suggested by the AI model')).toBeInTheDocument();
    expect(screen.getByText('Completed by the offline assistant: Title 1, speaker notes, Body')).toBeInTheDocument();
    expect(screen.getByText('Left out because they are not in your material: 2019, Contoso')).toBeInTheDocument();
  });

  it('names template slides and deck positions as slides, and unknown paths as they are', () => {
    renderWithProviders(<AiAttribution provider="openai_compat" fallbackFields={['slides/3', 'descriptions/0', 'matchReason', 'mystery/7']} />);
    expect(screen.getByText('Completed by the offline assistant: slide 3, slide 1, reason, mystery/7')).toBeInTheDocument();
  });

  it('names the template slide chosen for an outline slide by the slide’s position, in both languages', () => {
    renderWithProviders(<AiAttribution provider="openai_compat" fallbackFields={['slides/1/pptxSlideNumber']} />);
    expect(screen.getByText('Completed by the offline assistant: the template slide of slide 2')).toBeInTheDocument();
    window.localStorage.setItem('lang', 'zh-CN');
    renderWithProviders(<AiAttribution provider="openai_compat" fallbackFields={['slides/0/pptxSlideNumber']} />);
    expect(screen.getByText('以下部分由离线助手补全：第 1 张幻灯片所用的模板幻灯片')).toBeInTheDocument();
  });

  it('says the model’s answer could not be used when the offline assistant gave all of it', () => {
    renderWithProviders(<AiAttribution provider="offline" fallbackFields={['*']} />);
    expect(screen.getByText('Suggested by the offline assistant')).toBeInTheDocument();
    expect(screen.getByText("The AI model's answer could not be used; this is the offline assistant's.")).toBeInTheDocument();
    expect(screen.queryByText(/Completed by the offline assistant/)).not.toBeInTheDocument();
  });

  it('speaks Chinese', () => {
    window.localStorage.setItem('lang', 'zh-CN');
    renderWithProviders(<AiAttribution provider="openai_compat" fallbackFields={['values/标题', 'notes']} droppedFacts={['2019', '康托索']} />);
    expect(screen.getByText('以下部分由离线助手补全：标题、演讲者备注')).toBeInTheDocument();
    expect(screen.getByText('因不在你的资料中而略去：2019、康托索')).toBeInTheDocument();
  });
});
