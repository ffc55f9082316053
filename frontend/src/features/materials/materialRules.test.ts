import { describe, expect, it } from 'vitest';
import { checkMaterialUpload, sizeInKb } from './materialRules';

const file = (name: string) => new File(['x'], name);

describe('checkMaterialUpload', () => {
  it('accepts one .txt, .md or .docx file, whatever the case of the extension', () => {
    for (const name of ['notes.txt', 'README.md', '计划.docx', 'REPORT.DOCX']) {
      expect(checkMaterialUpload([file(name)])).toEqual({ ok: true, file: expect.objectContaining({ name }) });
    }
  });

  it('refuses other types, including old Word files and names that only end in the letters', () => {
    for (const name of ['slides.pdf', 'old.doc', 'deck.pptx', 'mydocx', 'notes.txt.exe']) {
      expect(checkMaterialUpload([file(name)])).toEqual({ ok: false, problem: 'wrongType' });
    }
  });

  it('takes exactly one file', () => {
    expect(checkMaterialUpload([])).toEqual({ ok: false, problem: 'oneFile' });
    expect(checkMaterialUpload([file('a.txt'), file('b.txt')])).toEqual({ ok: false, problem: 'oneFile' });
  });
});

describe('sizeInKb', () => {
  it('gives kilobytes with one decimal and never shows a non-empty file as 0', () => {
    expect(sizeInKb(37_068)).toBe(36.2);
    expect(sizeInKb(1024)).toBe(1);
    expect(sizeInKb(20)).toBe(0.1);
    expect(sizeInKb(0)).toBe(0);
  });
});
