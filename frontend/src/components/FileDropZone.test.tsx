import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './FileDropZone';

function renderZone(onFiles = vi.fn(), disabled = false) {
  render(
    <FileDropZone
      accept=".txt"
      ariaLabel="Drop zone"
      dropLabel="Drag and drop a file here"
      orLabel="or"
      chooseLabel="Choose File"
      onFiles={onFiles}
      disabled={disabled}
    />,
  );
  return onFiles;
}

describe('FileDropZone', () => {
  it('hands over dropped files', () => {
    const onFiles = renderZone();
    const file = new File(['x'], 'notes.txt');
    fireEvent.drop(screen.getByRole('group', { name: 'Drop zone' }), { dataTransfer: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
  });

  it('hands over picked files', async () => {
    const onFiles = renderZone();
    const file = new File(['x'], 'notes.txt');
    await userEvent.upload(screen.getByLabelText('Choose File'), file);
    expect(onFiles).toHaveBeenCalledWith([file]);
  });

  it('ignores drops while disabled', () => {
    const onFiles = renderZone(vi.fn(), true);
    fireEvent.drop(screen.getByRole('group', { name: 'Drop zone' }), { dataTransfer: { files: [new File(['x'], 'a.txt')] } });
    expect(onFiles).not.toHaveBeenCalled();
  });
});
