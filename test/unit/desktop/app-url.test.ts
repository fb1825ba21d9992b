import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appPageUrl, isAppUrl } from '../../../src/main/desktop/security.js';

/**
 * The URL Chromium reports for the page (frame.url, will-navigate) after loading appPageUrl: its URL
 * parser keeps Node's escapes, upper-cases a Windows drive letter and may add a hash route or a query.
 */
function chromiumUrl(rendererFile: string, platform: NodeJS.Platform, suffix = ''): string {
  const href = appPageUrl(rendererFile, platform).replace(/^file:\/\/\/([a-z]):/, (_m, drive: string) => `file:///${drive.toUpperCase()}:`);
  return new URL(href + suffix).href;
}

const posixPaths = [
  '/opt/crossbuy/resources/app.asar/out/renderer/index.html',
  '/home/ann/my #1 app/out/renderer/index.html',
  '/home/ann/what?/out/renderer/index.html',
  '/home/ann/100%/out/renderer/index.html',
  '/home/ann/a%41b/out/renderer/index.html',
  '/home/ann/Zoë 文件/out/renderer/index.html',
];
const windowsPaths = [
  'C:\\Program Files\\crossbuy\\resources\\app.asar\\out\\renderer\\index.html',
  'c:\\users\\ann\\apps\\crossbuy\\out\\renderer\\index.html',
  'D:\\Zoë\\App #1\\100%\\a?b\\out\\renderer\\index.html',
  'C:\\a%41b\\out\\renderer\\index.html',
  '\\\\fileserver\\apps\\crossbuy\\out\\renderer\\index.html',
];

describe('isAppUrl with odd install paths', () => {
  it.each(posixPaths)('accepts its own page on Linux/macOS: %s', (file) => {
    const page = { rendererFile: file };
    expect(isAppUrl(chromiumUrl(file, 'linux'), page, 'linux')).toBe(true);
    expect(isAppUrl(chromiumUrl(file, 'linux', '#/orders?status=paid'), page, 'linux')).toBe(true);
    expect(isAppUrl(chromiumUrl(file, 'linux', '?lang=zh'), page, 'linux')).toBe(true);
  });

  it.each(windowsPaths)('accepts its own page on Windows: %s', (file) => {
    const page = { rendererFile: file };
    expect(isAppUrl(chromiumUrl(file, 'win32'), page, 'win32')).toBe(true);
    expect(isAppUrl(chromiumUrl(file, 'win32', '#/cart'), page, 'win32')).toBe(true);
    // Windows paths are case-insensitive: the same file however the drive or folders are cased.
    expect(isAppUrl(chromiumUrl(file.toUpperCase(), 'win32'), page, 'win32')).toBe(true);
  });

  it('refuses neighbours, other hosts and malformed escapes', () => {
    const file = '/home/ann/100%/out/renderer/index.html';
    const page = { rendererFile: file };
    expect(isAppUrl('file:///home/ann/100%25/out/renderer/other.html', page, 'linux')).toBe(false);
    expect(isAppUrl('file:///home/ann/100%/out/renderer/index.html', page, 'linux')).toBe(false); // a bare % names no path
    expect(isAppUrl('file://evil.example/home/ann/100%25/out/renderer/index.html', page, 'linux')).toBe(false);
    expect(isAppUrl('file:///home/ann/100%25%2Fout/renderer/index.html', page, 'linux')).toBe(false);
    // Case matters on Linux.
    expect(isAppUrl('file:///HOME/ann/100%25/out/renderer/index.html', page, 'linux')).toBe(false);
    const win = { rendererFile: 'C:\\crossbuy\\out\\renderer\\index.html' };
    expect(isAppUrl('file://evil/C:/crossbuy/out/renderer/index.html', win, 'win32')).toBe(false);
    expect(isAppUrl('file:///C:/crossbuy/out/renderer/index.htm', win, 'win32')).toBe(false);
    const unc = { rendererFile: '\\\\fileserver\\apps\\index.html' };
    expect(isAppUrl('file://otherserver/apps/index.html', unc, 'win32')).toBe(false);
    expect(isAppUrl(pathToFileURL('/etc/passwd').href, page, 'linux')).toBe(false);
  });

  it('loads the page from a URL that escapes what loadFile would not', () => {
    expect(appPageUrl('/home/ann/a%41b/#1?/index.html', 'linux')).toBe('file:///home/ann/a%2541b/%231%3F/index.html');
  });
});
