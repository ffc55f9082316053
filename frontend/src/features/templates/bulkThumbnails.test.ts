import { describe, expect, it } from 'vitest';
import { checkBulkThumbnails, naturalCompare } from './bulkThumbnails';

const jpeg = (name: string) => ({ name, type: 'image/jpeg' });

describe('naturalCompare', () => {
  it('orders numbers by value, not by character', () => {
    expect(['10.jpg', '2.jpg', '1.jpg', '11.jpg', '3.jpg'].sort(naturalCompare)).toEqual(['1.jpg', '2.jpg', '3.jpg', '10.jpg', '11.jpg']);
  });

  it('ignores letter case and handles prefixes', () => {
    expect(['Slide10.JPG', 'slide2.jpg', 'Slide1.jpg'].sort(naturalCompare)).toEqual(['Slide1.jpg', 'slide2.jpg', 'Slide10.JPG']);
  });
});

describe('checkBulkThumbnails', () => {
  it('accepts one JPEG per slide and maps them to slides in natural order', () => {
    const result = checkBulkThumbnails([jpeg('10.jpg'), jpeg('9.jpeg'), ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => jpeg(`${n}.jpg`))], 10);
    expect(result.ok && result.files.map((file) => file.name)).toEqual(['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg', '7.jpg', '8.jpg', '9.jpeg', '10.jpg']);
  });

  it('accepts a .jpg whose browser type is unknown', () => {
    expect(checkBulkThumbnails([{ name: '1.JPG', type: '' }], 1).ok).toBe(true);
  });

  it('names every file that is not a JPEG, before counting', () => {
    const result = checkBulkThumbnails([jpeg('1.jpg'), { name: '2.png', type: 'image/png' }, { name: 'notes.txt', type: 'text/plain' }], 5);
    expect(result).toEqual({ ok: false, problem: 'invalidType', invalidNames: ['2.png', 'notes.txt'] });
  });

  it('refuses more files than slides as too many', () => {
    expect(checkBulkThumbnails([jpeg('1.jpg'), jpeg('2.jpg'), jpeg('3.jpg')], 2)).toEqual({ ok: false, problem: 'tooMany', expected: 2 });
  });

  it('refuses fewer files than slides as a count mismatch', () => {
    expect(checkBulkThumbnails([jpeg('1.jpg')], 3)).toEqual({ ok: false, problem: 'countMismatch', count: 1, expected: 3 });
  });

  it('refuses an empty selection', () => {
    expect(checkBulkThumbnails([], 2)).toEqual({ ok: false, problem: 'countMismatch', count: 0, expected: 2 });
  });
});
