import { describe, expect, it } from 'vitest';
import { formatByteCount, formatUploadTime, versionedPath } from './format';

describe('file formatting', () => {
  it('groups byte counts per language', () => {
    expect(formatByteCount(89898, 'en')).toBe('89,898');
    expect(formatByteCount(1234567, 'zh-CN')).toBe('1,234,567');
  });

  it('shows an upload time with date and time, or null when invalid', () => {
    expect(formatUploadTime('2026-11-21T05:03:46Z', 'en')).toMatch(/2026/);
    expect(formatUploadTime('not a time', 'en')).toBeNull();
  });

  it('adds a version to a thumbnail path', () => {
    expect(versionedPath('/api/files/F/thumbnails/1', 42)).toBe('/api/files/F/thumbnails/1?v=42');
    expect(versionedPath('/x?a=1', 'b c')).toBe('/x?a=1&v=b%20c');
  });
});
