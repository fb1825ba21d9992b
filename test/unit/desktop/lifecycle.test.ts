import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../src/main/core/data-dir.js';
import { desktopDataDir, desktopPort, keepRunningWhenClosed, loginItemChange } from '../../../src/main/desktop/lifecycle.js';
import { restoreBounds } from '../../../src/main/desktop/preferences.js';

describe('data folder with empty variables', () => {
  const home = '/home/ann';
  it.each([
    [{ CROSSBUY_DATA: '' }, 'linux', '/home/ann/.config/crossbuy'],
    [{ CROSSBUY_DATA: '  ' }, 'linux', '/home/ann/.config/crossbuy'],
    [{ XDG_CONFIG_HOME: '' }, 'linux', '/home/ann/.config/crossbuy'],
    [{ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/cfg/crossbuy'],
    [{ CROSSBUY_DATA: '/d', XDG_CONFIG_HOME: '' }, 'linux', '/d'],
    [{ APPDATA: '' }, 'win32', 'C:\\Users\\ann\\AppData\\Roaming\\crossbuy'],
    [{ APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ann\\AppData\\Roaming\\crossbuy'],
    [{ CROSSBUY_DATA: '' }, 'darwin', '/home/ann/Library/Application Support/crossbuy'],
  ] as const)('%j on %s -> %s', (env, platform, expected) => {
    expect(defaultDataDir(env, platform, platform === 'win32' ? 'C:\\Users\\ann' : home)).toBe(expected);
  });

  it('is the same folder for the desktop app as for the CLI', () => {
    for (const env of [{}, { CROSSBUY_DATA: '' }, { XDG_CONFIG_HOME: '' }, { CROSSBUY_DATA: '/x' }]) {
      expect(desktopDataDir(env, 'linux')).toBe(defaultDataDir(env, 'linux'));
    }
  });
});

describe('desktop port', () => {
  it('uses --port (CROSSBUY_PORT) as given, else the preference with fallback', () => {
    expect(desktopPort({}, 4680)).toEqual({ port: 4680, fallback: true });
    expect(desktopPort({ CROSSBUY_PORT: '' }, 4680)).toEqual({ port: 4680, fallback: true });
    expect(desktopPort({ CROSSBUY_PORT: '5001' }, 4680)).toEqual({ port: 5001, fallback: false });
    expect(desktopPort({ CROSSBUY_PORT: '0' }, 4680)).toEqual({ port: 0, fallback: false });
    expect(() => desktopPort({ CROSSBUY_PORT: 'abc' }, 4680)).toThrow(/invalid port/);
  });
});

describe('closing the window', () => {
  it('keeps the app only where there is a way back', () => {
    expect(keepRunningWhenClosed('darwin', {}, false)).toBe(true);
    expect(keepRunningWhenClosed('win32', {}, true)).toBe(true);
    expect(keepRunningWhenClosed('win32', {}, false)).toBe(false);
    expect(keepRunningWhenClosed('linux', { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' }, true)).toBe(false);
    expect(keepRunningWhenClosed('linux', { XDG_CURRENT_DESKTOP: 'KDE' }, true)).toBe(true);
    expect(keepRunningWhenClosed('linux', { XDG_CURRENT_DESKTOP: 'X-Cinnamon' }, true)).toBe(true);
    expect(keepRunningWhenClosed('linux', {}, true)).toBe(false);
  });
});

describe('launch at login', () => {
  it('is written only when it changes', () => {
    expect(loginItemChange(false, false)).toBeNull();
    expect(loginItemChange(true, true)).toBeNull();
    expect(loginItemChange(true, false)).toEqual({ openAtLogin: true });
    expect(loginItemChange(false, true)).toEqual({ openAtLogin: false });
  });
});

describe('window bounds', () => {
  it('centres a lost window on the primary display, not the first listed', () => {
    const left = { x: -1920, y: 0, width: 1920, height: 1080 };
    const primary = { x: 0, y: 0, width: 2560, height: 1440 };
    expect(restoreBounds({ x: 9000, y: 0, width: 1200, height: 800, maximized: false }, [left, primary], primary)).toEqual({
      x: 680,
      y: 320,
      width: 1200,
      height: 800,
      maximized: false,
    });
  });
});
