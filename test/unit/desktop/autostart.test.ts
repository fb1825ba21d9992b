import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { autostartEntry, autostartFile, syncAutostart } from '../../../src/main/desktop/autostart.js';

/** Launch at login on Linux: an XDG autostart entry, since Electron's login item does nothing there. */
const dir = mkdtempSync(join(tmpdir(), 'crossbuy-autostart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Linux launch at login', () => {
  it('lives in $XDG_CONFIG_HOME/autostart, else ~/.config/autostart', () => {
    expect(autostartFile({ XDG_CONFIG_HOME: '/x/conf' }, '/home/ann')).toBe('/x/conf/autostart/crossbuy.desktop');
    expect(autostartFile({ XDG_CONFIG_HOME: ' ' }, '/home/ann')).toBe('/home/ann/.config/autostart/crossbuy.desktop');
  });

  it('is a desktop entry that runs the app, quoting a path with spaces', () => {
    expect(autostartEntry('/opt/crossbuy/crossbuy')).toContain('\nExec=/opt/crossbuy/crossbuy\n');
    expect(autostartEntry('/home/ann/My Apps/crossbuy.AppImage')).toContain('\nExec="/home/ann/My Apps/crossbuy.AppImage"\n');
    expect(autostartEntry('/a')).toMatch(/^\[Desktop Entry\]\nType=Application\n/);
  });

  it('is written when wanted and removed when not', () => {
    const file = join(dir, 'autostart', 'crossbuy.desktop');
    syncAutostart(true, '/opt/crossbuy/crossbuy', file);
    expect(readFileSync(file, 'utf8')).toBe(autostartEntry('/opt/crossbuy/crossbuy'));
    syncAutostart(true, '/opt/crossbuy/crossbuy', file);
    syncAutostart(false, '/opt/crossbuy/crossbuy', file);
    expect(existsSync(file)).toBe(false);
    syncAutostart(false, '/opt/crossbuy/crossbuy', file);
  });
});
