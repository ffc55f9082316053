import { describe, expect, it } from 'vitest';
import { safeUrl } from './safeUrl';

describe('safeUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/a?b=c#d',
    'HTTPS://EXAMPLE.COM',
    'irc://irc.example.com/chan',
    'ircs://irc.example.com/chan',
    'mailto:someone@example.com',
    'xmpp:someone@example.com',
    '/docs/user-manual-en',
    'images/diagram.png',
    './a:b',
    '#section',
    '?q=a:b',
    '',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://example.com',
  ])('blanks %s', (url) => {
    expect(safeUrl(url)).toBe('');
  });
});
