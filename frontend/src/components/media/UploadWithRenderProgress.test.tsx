import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderWithProviders } from '@/testing/render';
import type { JobProgress } from './useJobProgress';
import { UploadWithRenderProgress } from './UploadWithRenderProgress';
import type { UploadWithRenderState } from './useUploadWithRender';

const idleJob: JobProgress = { status: 'idle', progress: 0, errorCode: null, error: null, isActive: false, job: undefined };

function failedUpload(errorCode: string, details: Record<string, unknown> = {}): UploadWithRenderState {
  // The server's English message must never reach a Chinese user for a known code.
  return { phase: 'failed', fileName: 'deck.pptx', percent: 100, error: new ApiError(400, errorCode, 'English server text', details), render: idleJob };
}

describe('UploadWithRenderProgress error messages', () => {
  it.each([
    ['invalid_pptx', 'deck.pptx was not uploaded: This file is not a PowerPoint presentation that can be read.'],
    ['encrypted_or_legacy_file', 'deck.pptx was not uploaded: This file is password-protected or in an old binary Office format (.ppt, .doc). Remove the password, or save it as .pptx or .docx, and upload it again.'],
    ['unsafe_archive', 'deck.pptx was not uploaded: This file was not opened because it looks unsafe.'],
    ['unsupported_file_type', 'deck.pptx was not uploaded: This type of file is not accepted here.'],
  ])('translates %s', (errorCode, message) => {
    renderWithProviders(<UploadWithRenderProgress state={failedUpload(errorCode)} onDismiss={() => undefined} />);
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('formats the size limit of file_too_large', () => {
    renderWithProviders(<UploadWithRenderProgress state={failedUpload('file_too_large', { limit: 104857600 })} onDismiss={() => undefined} />);
    expect(screen.getByText('deck.pptx was not uploaded: The file is too large (limit 104,857,600 bytes).')).toBeInTheDocument();
  });

  it('names the parts of a file refused for active content, in English and Chinese', () => {
    const details = { parts: ['ppt/vbaProject.bin', 'ppt/embeddings/oleObject1.bin'], kinds: ['macro', 'ole_object'] };
    const { unmount } = renderWithProviders(<UploadWithRenderProgress state={failedUpload('active_content', details)} onDismiss={() => undefined} />);
    expect(screen.getByText('deck.pptx was not uploaded: This file contains macros, ActiveX controls or embedded objects, which are not accepted for safety: ppt/vbaProject.bin and ppt/embeddings/oleObject1.bin. Remove them (a macro-enabled file: save it as a plain .pptx or .docx), then upload the file again.')).toBeInTheDocument();
    unmount();
    window.localStorage.setItem('lang', 'zh-CN');
    renderWithProviders(<UploadWithRenderProgress state={failedUpload('active_content', details)} onDismiss={() => undefined} />);
    expect(screen.getByText('deck.pptx 未能上传：此文件包含宏、ActiveX 控件或嵌入对象，出于安全考虑不予接受：ppt/vbaProject.bin和ppt/embeddings/oleObject1.bin。请删除这些内容（启用宏的文件请另存为普通 .pptx 或 .docx）后重新上传。')).toBeInTheDocument();
  });

  it.each([
    ['invalid_pptx', 'deck.pptx 未能上传：无法读取此文件，它不是有效的 PowerPoint 演示文稿。'],
    ['encrypted_or_legacy_file', 'deck.pptx 未能上传：此文件受密码保护，或为旧版二进制 Office 格式（.ppt、.doc）。请移除密码，或另存为 .pptx 或 .docx 后重新上传。'],
    ['unsafe_archive', 'deck.pptx 未能上传：此文件看起来不安全，因此未被打开。'],
    ['unsupported_keynote', 'deck.pptx 未能上传：无法转换此 Keynote 文件。请在 Keynote 中导出为 PowerPoint（.pptx）（文件 → 导出为 → PowerPoint），然后上传导出的文件。'],
  ])('translates %s into Chinese', (errorCode, message) => {
    window.localStorage.setItem('lang', 'zh-CN');
    renderWithProviders(<UploadWithRenderProgress state={failedUpload(errorCode)} onDismiss={() => undefined} />);
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('falls back to the server message for an unknown code', () => {
    renderWithProviders(<UploadWithRenderProgress state={failedUpload('brand_new_code')} onDismiss={() => undefined} />);
    expect(screen.getByText('deck.pptx was not uploaded: English server text')).toBeInTheDocument();
  });

  it('warns when the upload worked but rendering failed', () => {
    const failedJob: JobProgress = { ...idleJob, status: 'failed', errorCode: 'render_timeout', error: new ApiError(200, 'render_timeout', '') };
    renderWithProviders(<UploadWithRenderProgress state={{ ...failedUpload('x'), phase: 'done', error: null, render: failedJob }} onDismiss={() => undefined} />);
    expect(screen.getByText('deck.pptx was uploaded, but its thumbnails could not be rendered: Rendering the thumbnails took too long and was stopped.')).toBeInTheDocument();
  });
});
